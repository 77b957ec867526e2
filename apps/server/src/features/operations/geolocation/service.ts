import type { GeolocationResponse, PositionRequest } from '@fs/contract';
import { userOf, type CompanyContext } from '../../../platform/context.js';
import type { Deps } from '../../../platform/deps.js';
import { AppError } from '../../../platform/errors.js';
import { optionValues } from '../../company/index.js';
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
export async function reportPosition(ctx: CompanyContext, input: PositionRequest): Promise<void> {
  if (!(await settings(ctx.deps, ctx.company.id)).enabled) throw new AppError('GEOLOCATION_DISABLED');
  const now = ctx.clock.now();
  const recordedAt = input.recordedAt ? new Date(input.recordedAt) : now;
  const skew = recordedAt.getTime() - now.getTime();
  if (skew > MAX_FUTURE_MS || -skew > MAX_AGE_MS) {
    throw new AppError('VALIDATION', 'Posizione con data non valida', [
      { path: 'recordedAt', message: 'deve essere delle ultime 24 ore' },
    ]);
  }
  await repo.insertPosition(ctx.db, {
    aziendaId: ctx.company.id,
    utenteId: userOf(ctx).userId,
    latitude: input.latitude,
    longitude: input.longitude,
    accuracyM: input.accuracyM ?? null,
    recordedAt,
  });
  await repo.pruneOld(ctx.db, ctx.company.id);
}

/** Last position of each technician within the validity window (the option's, or the one asked). */
export async function technicianPositions(
  ctx: CompanyContext,
  q: { utenteId?: string; minutes?: number },
): Promise<GeolocationResponse> {
  const aziendaId = ctx.company.id;
  const s = await settings(ctx.deps, aziendaId);
  const validityMinutes = q.minutes ?? s.validityMinutes;
  if (!s.enabled) return { success: true, enabled: false, validityMinutes, items: [] };
  const since = new Date(ctx.clock.now().getTime() - validityMinutes * 60_000);
  const rows = await repo.latestPositions(ctx.db, aziendaId, since, q.utenteId);
  return {
    success: true,
    enabled: true,
    validityMinutes,
    items: rows.map((r) => ({ ...r, recordedAt: r.recordedAt.toISOString() })),
  };
}
