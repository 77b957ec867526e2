import type { Appointment, CompactRange } from '@fs/contract';

/** Places in a dictionary of the lean answer: an id's index, added the first time it is seen. */
function dictionary<T extends [string, ...unknown[]]>(rows: T[]) {
  const at = new Map<string, number>();
  return (row: T) => {
    const known = at.get(row[0]);
    if (known !== undefined) return known;
    at.set(row[0], rows.length);
    rows.push(row);
    return rows.length - 1;
  };
}

/**
 * The lean range answer (`forma=compatta`, decision 0044) the server would send for these appointments:
 * the items as tuples, their names and places once in the dictionaries (for tests that stub the API).
 */
export function compactRangeOf(items: Appointment[], timezone = 'Europe/Rome'): CompactRange {
  const answer: CompactRange = {
    success: true,
    timezone,
    forma: 'compatta',
    items: [],
    clienti: [],
    impianti: [],
    tecnici: [],
    mansioni: [],
  };
  const cliente = dictionary(answer.clienti);
  const impianto = dictionary(answer.impianti);
  const tecnico = dictionary(answer.tecnici);
  const mansione = dictionary(answer.mansioni);
  const ms = (iso: string | null) => (iso === null ? null : Date.parse(iso));
  for (const a of items) {
    const { indirizzo, citta, latitude, longitude } = a.luogo;
    // The customer's own address is the place of its appointments without a plant.
    const c = cliente([a.cliente_id, a.cliente, null, null, latitude, longitude]);
    if (!a.impianto_id) [answer.clienti[c]![2], answer.clienti[c]![3]] = [indirizzo, citta];
    answer.items.push([
      a.id,
      a.titolo,
      c,
      a.impianto_id ? impianto([a.impianto_id, a.impianto ?? '', indirizzo, citta]) : null,
      a.mansione_id ? mansione([a.mansione_id, a.mansione ?? '']) : null,
      a.tecnici.map((t) => tecnico([t.id, t.nome, t.colore])),
      ms(a.inizio),
      ms(a.fine),
      a.tutto_il_giorno,
      a.giorno_inizio,
      a.giorno_fine,
      a.da_fare,
      a.rapportino_id,
      a.stato_rapportino,
      a.numero_assistenza,
    ]);
  }
  return answer;
}
