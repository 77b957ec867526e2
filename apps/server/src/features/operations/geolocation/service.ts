import type { GeolocationResponse, PositionRequest } from '@fs/contract';
import type { Actor } from '../../../platform/auth/actor.js';
import type { Deps } from '../../../platform/deps.js';
import { AppError } from '../../../platform/errors.js';
import { optionValues } from '../../billing/index.js';
import * as repo from './repo.js';

const MAX_FUTURE_MS = 5 * 60_000;
const MAX_AGE_MS = 24 * 3_600_000;

/** The paid geolocation option: on or off, and for how many minutes a position counts. */
async function settings(deps: Deps, aziendaId: string) {
  const [enabled, minutes] = await optionValues(deps, aziendaId, [
    ['geolocalizzazione', 'enabled'],
    ['geolocalizzazione', 'validita_minuti'],
  ]);
  return { enabled: enabled === '1', validityMinutes: Number(minutes) || 15 };
}

/** Records the caller's own position, only while the company has geolocation on. */
export async function reportPosition(deps: Deps, actor: Actor, input: PositionRequest): Promise<void> {
  if (!(await settings(deps, actor.aziendaId)).enabled) throw new AppError('GEOLOCATION_DISABLED');
  const now = deps.clock.now();
  const recordedAt = input.recordedAt ? new Date(input.recordedAt) : now;
  const skew = recordedAt.getTime() - now.getTime();
  if (skew > MAX_FUTURE_MS || -skew > MAX_AGE_MS) {
    throw new AppError('VALIDATION', 'Posizione con data non valida', [
      { path: 'recordedAt', message: 'deve essere delle ultime 24 ore' },
    ]);
  }
  await repo.insertPosition(deps.db, {
    aziendaId: actor.aziendaId,
    utenteId: actor.userId,
    latitude: input.latitude,
    longitude: input.longitude,
    accuracyM: input.accuracyM ?? null,
    recordedAt,
  });
  await repo.pruneOld(deps.db, actor.aziendaId);
}

/** Last position of each technician within the validity window (the option's, or the one asked). */
export async function technicianPositions(
  deps: Deps,
  aziendaId: string,
  q: { utenteId?: string; minutes?: number },
): Promise<GeolocationResponse> {
  const s = await settings(deps, aziendaId);
  const validityMinutes = q.minutes ?? s.validityMinutes;
  if (!s.enabled) return { success: true, enabled: false, validityMinutes, items: [] };
  const since = new Date(deps.clock.now().getTime() - validityMinutes * 60_000);
  const rows = await repo.latestPositions(deps.db, aziendaId, since, q.utenteId);
  return {
    success: true,
    enabled: true,
    validityMinutes,
    items: rows.map((r) => ({ ...r, recordedAt: r.recordedAt.toISOString() })),
  };
}
