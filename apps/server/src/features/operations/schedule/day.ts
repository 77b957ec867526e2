import { can, type DayVisit } from '@fs/contract';
import { todayOf, type CompanyContext } from '../../../platform/context.js';
import { ownIdOf } from '../../../platform/auth/principal.js';
import { forbidden } from '../../../platform/errors.js';
import { reportAccess } from '../reports/access.js';
import { scheduleAccess } from './access.js';
import * as days from './day-repo.js';
import { addDays, zonedToUtc } from './time.js';

/**
 * GET /schedule/giornata (issue 24): the technician's home. Today's visits in time order in the company's zone,
 * then tomorrow's, then the open reports without a date, each with what the technician needs on the way: the
 * customer, the place (navigate), the phone (call), the job role and the request.
 */

type Place = days.VisitRow | days.UndatedRow;

function placeOf(r: Place) {
  // The plant's address when it has one, else the customer's; coordinates are the customer's.
  const plant = !!(r.impiantoIndirizzo || r.impiantoCitta);
  return {
    indirizzo: plant ? r.impiantoIndirizzo : r.indirizzo,
    citta: plant ? r.impiantoCitta : r.citta,
    provincia: plant ? r.impiantoProvincia : r.provincia,
    cap: plant ? r.impiantoCap : r.cap,
    latitude: r.latitude,
    longitude: r.longitude,
  };
}

const common = (r: Place, creabile: boolean) => ({
  rapportino_id: r.rapportinoId,
  numero_assistenza: r.numeroAssistenza,
  stato_rapportino: r.statoRapportino,
  rapportino_creabile: !r.rapportinoId && creabile,
  cliente_id: r.clienteId,
  cliente: r.cliente,
  luogo: placeOf(r),
  impianto: r.impianto,
  telefono: r.telefono || r.cellulare || null,
  mansione: r.mansione,
  richiesta: r.richiestaIniziale || r.note || null,
  note: r.note,
});

export async function technicianDay(ctx: CompanyContext, q: { tecnico_id?: string | undefined }) {
  const access = scheduleAccess(ctx);
  const reports = reportAccess(ctx);
  const me = ownIdOf(ctx.principal);
  const userId = q.tecnico_id ?? me;
  const colleague = userId !== me;
  if (colleague && !access.seeAll) throw forbidden("La giornata di un collega richiede l'accesso alla pianificazione");
  const tz = ctx.company.timezone;
  const oggi = todayOf(ctx);
  const domani = addDays(oggi, 1);
  const tomorrowFrom = zonedToUtc(domani, tz);
  const visits = await days.visitsOf(
    ctx.db,
    ctx.company.id,
    userId,
    zonedToUtc(oggi, tz),
    zonedToUtc(addDays(oggi, 2), tz),
  );
  const readsReports = can(ctx.principal.permissions, 'gestione_interventi', 'read') && (!colleague || reports.seeAll);
  const undated = readsReports ? await days.undatedOf(ctx.db, ctx.company.id, userId) : [];
  const items: DayVisit[] = [
    ...visits.map((v) => ({
      sezione: v.inizio! < tomorrowFrom ? ('oggi' as const) : ('domani' as const),
      appuntamento_id: v.id,
      titolo: v.titolo,
      inizio: v.inizio!.toISOString(),
      fine: v.fine!.toISOString(),
      tutto_il_giorno: v.tuttoIlGiorno,
      ...common(v, access.createReports),
    })),
    ...undated.map((r) => ({
      sezione: 'senza_data' as const,
      appuntamento_id: r.appuntamentoId,
      titolo: r.titolo,
      inizio: null,
      fine: null,
      tutto_il_giorno: false,
      ...common(r, access.createReports),
    })),
  ];
  return { success: true as const, timezone: tz, oggi, domani, items };
}
