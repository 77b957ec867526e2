import type { Actor } from '../../../platform/auth/actor.js';
import type { Deps } from '../../../platform/deps.js';
import { technicianPositions } from '../geolocation/service.js';
import { scheduleAccess } from './access.js';
import * as repo from './repo.js';
import { inRange } from './service.js';
import { compact, mapRange } from './time.js';

/**
 * POST /tracking/geolocation/mapRequest: the map's range (this week, next 30 days, this month, next
 * month, in the company's zone) with its appointments that have coordinates, and the technicians'
 * last positions within the geolocation option's validity minutes (as GET /utenti/geolocation; only
 * for who reads the company's planning).
 */
export async function mapRequest(
  deps: Deps,
  actor: Actor,
  range: 'settimana' | 'prossimi_30' | 'mese' | 'mese_prossimo',
) {
  const tz = await repo.timezoneOf(deps.db, actor.aziendaId);
  const r = mapRange(range, tz);
  const start = compact(r.start);
  const end = compact(r.end);
  const appointments = await inRange(deps, actor, start, end, {}, true);
  const posizioni = scheduleAccess(actor).positions
    ? await technicianPositions(deps, actor.aziendaId, {})
    : { enabled: false, validityMinutes: 0, items: [] };
  return {
    success: true as const,
    timezone: tz,
    start,
    end,
    items: appointments.items,
    posizioni: { enabled: posizioni.enabled, validityMinutes: posizioni.validityMinutes, items: posizioni.items },
  };
}
