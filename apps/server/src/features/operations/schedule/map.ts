import type { CompanyContext } from '../../../platform/context.js';
import { technicianPositions } from '../geolocation/service.js';
import { scheduleAccess } from './access.js';
import { mapItemsJson } from './service.js';
import { compact, mapRange } from './time.js';

/**
 * POST /tracking/geolocation/mapRequest: the map's range (this week, next 30 days, this month, next
 * month, in the company's zone) with its appointments that have coordinates (filtered by technician,
 * job role and customer as the calendar's range), and the technicians'
 * last positions within the geolocation option's validity minutes (as GET /utenti/geolocation; only
 * for who reads the company's planning), as the JSON body itself.
 */
export async function mapRequest(
  ctx: CompanyContext,
  body: {
    range: 'settimana' | 'prossimi_30' | 'mese' | 'mese_prossimo';
    tecnico_id?: string | null | undefined;
    mansione_id?: string | null | undefined;
    cliente_id?: string | null | undefined;
  },
) {
  const tz = ctx.company.timezone;
  const r = mapRange(body.range, tz, ctx.clock.now());
  const start = compact(r.start);
  const end = compact(r.end);
  const items = await mapItemsJson(ctx, start, end, tz, {
    tecnico_id: body.tecnico_id ?? undefined,
    mansione_id: body.mansione_id ?? undefined,
    cliente_id: body.cliente_id ?? undefined,
  });
  const posizioni = scheduleAccess(ctx).positions
    ? await technicianPositions(ctx, {})
    : { enabled: false, validityMinutes: 0, items: [] };
  // The items are PostgreSQL's JSON text (a month of every technician is thousands): the body is put together
  // here and sent as it is (the route's schema documents it).
  const rest = {
    posizioni: { enabled: posizioni.enabled, validityMinutes: posizioni.validityMinutes, items: posizioni.items },
  };
  return (
    `{"success":true,"timezone":${JSON.stringify(tz)},"start":${JSON.stringify(start)},"end":${JSON.stringify(end)},` +
    `"items":${items},${JSON.stringify(rest).slice(1)}`
  );
}
