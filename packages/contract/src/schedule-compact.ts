import type { AppointmentSummary, CompactRange } from './schedule.js';

const NO_PLACE = { indirizzo: null, citta: null, latitude: null, longitude: null };
const instant = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The lean range answer (`forma=compatta`, decision 0044) as the calendar's appointments: each tuple with
 * its names and place looked up in the answer's dictionaries (the same values the full answer carries:
 * the plant's address when it has one, else the customer's; the customer's coordinates).
 */
export function expandCompactRange(answer: CompactRange): AppointmentSummary[] {
  const { clienti, impianti, tecnici, mansioni } = answer;
  return answer.items.map((x) => {
    const [id, titolo, c, i, m, t, inizio, fine, tuttoIlGiorno, giornoInizio, giornoFine, daFare, rapp, stato, num] = x;
    const cl = clienti[c];
    const im = i === null ? undefined : impianti[i];
    const ms = m === null ? undefined : mansioni[m];
    return {
      id,
      titolo,
      cliente_id: cl?.[0] ?? '',
      cliente: cl?.[1] ?? '',
      impianto_id: im?.[0] ?? null,
      impianto: im?.[1] ?? null,
      tecnici: t.flatMap((k) => {
        const u = tecnici[k];
        return u ? [{ id: u[0], nome: u[1], colore: u[2] }] : [];
      }),
      mansione_id: ms?.[0] ?? null,
      mansione: ms?.[1] ?? null,
      inizio: instant(inizio),
      fine: instant(fine),
      tutto_il_giorno: tuttoIlGiorno,
      giorno_inizio: giornoInizio,
      giorno_fine: giornoFine,
      da_fare: daFare,
      luogo: cl
        ? { indirizzo: im?.[2] ?? cl[2], citta: im?.[3] ?? cl[3], latitude: cl[4], longitude: cl[5] }
        : NO_PLACE,
      rapportino_id: rapp,
      stato_rapportino: stato,
      numero_assistenza: num,
    };
  });
}
