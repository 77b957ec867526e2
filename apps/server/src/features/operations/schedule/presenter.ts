import type { Appointment } from '@fs/contract';
import type { AppointmentRow, CompanyUser } from './repo.js';
import { addDays, compact, localDay } from './time.js';

/** A stored appointment as the wire shows it: technicians with name and colour, days in the company's zone. */
export function toAppuntamento(r: AppointmentRow, users: Map<string, CompanyUser>, tz: string): Appointment {
  const lastDay = (fine: Date) =>
    // An all-day appointment ends at the midnight after its last day.
    r.tuttoIlGiorno ? addDays(localDay(fine, tz), -1) : localDay(new Date(fine.getTime() - 1), tz);
  return {
    id: r.id,
    titolo: r.titolo,
    note: r.note,
    cliente_id: r.clienteId,
    cliente: r.cliente,
    impianto_id: r.impiantoId,
    impianto: r.impianto,
    macchinari_ids: r.macchinari,
    tecnici: r.tecnici.map((id) => {
      const u = users.get(id);
      return { id, nome: u?.nome ?? '', colore: u?.colore ?? 0 };
    }),
    mansione_id: r.mansioneId,
    mansione: r.mansione,
    inizio: r.inizio?.toISOString() ?? null,
    fine: r.fine?.toISOString() ?? null,
    tutto_il_giorno: r.tuttoIlGiorno,
    giorno_inizio: r.inizio ? compact(localDay(r.inizio, tz)) : null,
    giorno_fine: r.fine ? compact(lastDay(r.fine)) : null,
    da_fare: r.daFare,
    // The plant's address when it has one, else the customer's; coordinates are the customer's.
    luogo: {
      indirizzo: r.impiantoIndirizzo ?? r.indirizzo,
      citta: r.impiantoCitta ?? r.citta,
      latitude: r.latitude,
      longitude: r.longitude,
    },
    rapportino_id: r.rapportinoId,
    stato_rapportino: r.statoRapportino ?? null,
    numero_assistenza: r.numeroAssistenza ?? null,
    attivita_data_id: r.attivitaDataId,
    promemoria_minuti: r.promemoriaMinuti,
    promemoria_inviato_at: r.promemoriaInviatoAt?.toISOString() ?? null,
  };
}
