import { describe, expect, it } from 'vitest';
import { expandCompactRange, type Appointment } from '@fs/contract';
import { compactRangeOf } from '../../../../test/compact-range';
import { summariesOf } from '../api';

const base: Appointment = {
  id: 'a1',
  titolo: 'Manutenzione caldaia',
  note: 'Portare il kit',
  cliente_id: 'c1',
  cliente: 'Bar Centrale',
  impianto_id: 'i1',
  impianto: 'Centrale termica',
  macchinari_ids: ['m9'],
  tecnici: [
    { id: 't1', nome: 'Anna Verdi', colore: 0 },
    { id: 't2', nome: 'Luca Bianchi', colore: 3 },
  ],
  mansione_id: 'j1',
  mansione: 'Idraulico',
  inizio: '2026-03-29T07:00:00.000Z',
  fine: '2026-03-29T09:00:00.000Z',
  tutto_il_giorno: false,
  giorno_inizio: '20260329',
  giorno_fine: '20260329',
  da_fare: false,
  luogo: { indirizzo: 'Via Po 3', citta: 'Torino', latitude: 45.07, longitude: 7.68 },
  rapportino_id: 'r1',
  stato_rapportino: 'APERTO',
  numero_assistenza: '2026/00007',
  attivita_data_id: 'o1',
  promemoria_minuti: 30,
  promemoria_inviato_at: null,
};

const summary = (a: Appointment) => {
  const { note, macchinari_ids, attivita_data_id, promemoria_minuti, promemoria_inviato_at, ...rest } = a;
  void [note, macchinari_ids, attivita_data_id, promemoria_minuti, promemoria_inviato_at];
  return rest;
};

describe('the lean range (decision 0044)', () => {
  it('gives the calendar each appointment with its names, place and colours, named once in the answer', () => {
    const items: Appointment[] = [
      base,
      // The same customer without a plant: the customer's own place.
      {
        ...base,
        id: 'a2',
        impianto_id: null,
        impianto: null,
        mansione_id: null,
        mansione: null,
        tecnici: [{ id: 't2', nome: 'Luca Bianchi', colore: 3 }],
        luogo: { indirizzo: 'Corso Francia 10', citta: 'Torino', latitude: 45.07, longitude: 7.68 },
        rapportino_id: null,
        stato_rapportino: null,
        numero_assistenza: null,
      },
      // All day, another customer without coordinates.
      {
        ...base,
        id: 'a3',
        cliente_id: 'c2',
        cliente: 'Hotel Roma',
        impianto_id: null,
        impianto: null,
        tutto_il_giorno: true,
        giorno_inizio: '20260330',
        giorno_fine: '20260331',
        luogo: { indirizzo: null, citta: 'Asti', latitude: null, longitude: null },
      },
    ];
    const lean = compactRangeOf(items);
    expect(lean.clienti.map((c) => c[0])).toEqual(['c1', 'c2']);
    expect(lean.tecnici.map((t) => t[0])).toEqual(['t1', 't2']);
    expect(JSON.stringify(lean)).not.toContain('Portare il kit');
    expect(expandCompactRange(lean)).toEqual(items.map(summary));
    expect(summariesOf(lean)).toEqual({ timezone: 'Europe/Rome', items: items.map(summary) });
  });
});
