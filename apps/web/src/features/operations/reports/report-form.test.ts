import { describe, expect, it } from 'vitest';
import type { Report } from '@fs/contract';
import { bodyOf, emptyDay, emptyForm, emptyMaterial, errorsAfterChange, formOf, formProblems } from './report-form';

const ZONE = 'Europe/Rome';

describe('the report form', () => {
  it('sends decimals as typed, flags as S/N, and empty fields as null', () => {
    const f = emptyForm(ZONE);
    f.cliente_id = 'c1';
    f.giornate = [{ ...emptyDay('t1', '2026-11-02'), totale_ore: '3,5', pranzo: true, km_viaggio: ' ' }];
    f.campi = { k1: 'Murale', k2: '' };
    const b = bodyOf(f, ZONE, 'r1');
    expect(b.id).toBe('r1');
    expect(b.giornate![0]).toMatchObject({ totale_ore: '3,5', pranzo: 'S', cena: 'N', km_viaggio: null });
    expect(b.campi_personalizzati).toEqual([
      { campo_id: 'k1', valore: 'Murale' },
      { campo_id: 'k2', valore: null },
    ]);
    expect(b.motivazione).toBeNull();
  });

  it('shows a saved number field the Italian way, and other fields as they are', () => {
    const campo = (campo_id: string, tipo: string, valore: string | null) => ({ campo_id, tipo, valore });
    const f = formOf(
      {
        giornate: [],
        materiali: [],
        controlli: [],
        tecnici_ids: [],
        macchinari_ids: [],
        campi_personalizzati: [
          campo('n', 'numero', '1.5'),
          campo('t', 'testo_breve', '1.5'),
          campo('e', 'numero', null),
        ],
      } as unknown as Report,
      ZONE,
    );
    expect(f.campi).toEqual({ n: '1,5', t: '1.5', e: '' });
  });

  it('without the prices permission sends no price at all, and the saved lines with their ids', () => {
    const saved = formOf(
      {
        giornate: [{ id: 'g1', data: '2026-11-02', tecnico_id: 't1', totale_ore: '4.00', prezzoImpostato: null }],
        materiali: [
          {
            id: 'm1',
            articolo_id: 'a1',
            codice: 'V',
            descrizione: 'Valvola',
            quantita: '2.000',
            unita: 'pz',
            importo_unitario: null,
            costo_acquisto: null,
            prezzo_netto: null,
          },
        ],
        controlli: [],
        tecnici_ids: [],
        macchinari_ids: [],
        campi_personalizzati: [],
      } as unknown as Report,
      ZONE,
    );
    saved.cliente_id = 'c1';
    saved.giornate.push({ ...emptyDay('t1', '2026-11-03'), prezzoImpostato: '1,00' });
    saved.materiali.push({ ...emptyMaterial(), descrizione: 'Nastro', importo_unitario: '0,01' });
    const tech = bodyOf(saved, ZONE, 'r1');
    expect(tech.giornate!.map((g) => g.id)).toEqual(['g1', undefined]);
    expect(tech.materiali!.map((m) => m.id)).toEqual(['m1', undefined]);
    for (const g of tech.giornate!) expect(g).not.toHaveProperty('prezzoImpostato');
    for (const m of tech.materiali!) {
      for (const k of ['importo_unitario', 'costo_acquisto', 'prezzo_netto']) expect(m).not.toHaveProperty(k);
    }
    expect(tech).not.toHaveProperty('gestionePrezziIntervento');
    const office = bodyOf(saved, ZONE, 'r1', true);
    expect(office.giornate![1]!.prezzoImpostato).toBe('1,00');
    expect(office.materiali![1]).toMatchObject({ importo_unitario: '0,01', costo_acquisto: null });
  });

  it('sends the appointment as the instant of its day and time, and asks for a missing time', () => {
    const f = { ...emptyForm(ZONE), cliente_id: 'c1', data_appuntamento: '2026-11-23', ora_appuntamento: '10:15' };
    expect(bodyOf(f, ZONE).data_appuntamento).toBe('2026-11-23T09:15:00.000Z');
    expect(formProblems(f)).toEqual({});
    expect(formProblems({ ...f, ora_appuntamento: '' })).toEqual({ ora_appuntamento: 'required' });
    expect(formProblems({ ...f, cliente_id: null, data_appuntamento: '', ora_appuntamento: '' })).toEqual({
      cliente_id: 'required',
    });
    const saved = formOf(
      {
        ...(f as object),
        data_appuntamento: '2026-11-23T09:15:00.000Z',
        campi_personalizzati: [],
      } as never,
      ZONE,
    );
    expect([saved.data_appuntamento, saved.ora_appuntamento]).toEqual(['2026-11-23', '10:15']);
    // The company's zone, not a fixed one: the same day and time in New York is another instant.
    expect(bodyOf(f, 'America/New_York').data_appuntamento).toBe('2026-11-23T15:15:00.000Z');
  });

  it("opens a new report today in the company's zone, by the clock it is given", () => {
    const now = new Date('2026-03-31T23:30:00Z');
    expect(emptyForm('Europe/Rome', now).data_apertura).toBe('2026-04-01');
    expect(emptyForm('America/New_York', now).data_apertura).toBe('2026-03-31');
  });

  it('drops the error of a field once it changes, and keeps the others', () => {
    const f = { ...emptyForm(ZONE), campi: { a: '', b: '' }, giornate: [emptyDay('t1', '2026-11-02')] };
    const errors = {
      cliente_id: 'Scegli il cliente',
      'campi_personalizzati.a': 'A: obbligatorio',
      'campi_personalizzati.b': 'B: obbligatorio',
      'giornate.0.totale_ore': 'Ore non valide',
      ora_appuntamento: "Indica l'ora",
    };
    expect(errorsAfterChange(errors, f, { cliente_id: 'c1' })).not.toHaveProperty('cliente_id');
    const afterA = errorsAfterChange(errors, f, { campi: { a: '3', b: '' } });
    expect(Object.keys(afterA)).toEqual([
      'cliente_id',
      'campi_personalizzati.b',
      'giornate.0.totale_ore',
      'ora_appuntamento',
    ]);
    const day = { ...f.giornate[0]!, totale_ore: '2' };
    expect(errorsAfterChange(errors, f, { giornate: [day] })).not.toHaveProperty('giornate.0.totale_ore');
    expect(errorsAfterChange(errors, f, { data_appuntamento: '2026-11-23' })).not.toHaveProperty('ora_appuntamento');
    // Nothing changed: the very same errors.
    expect(errorsAfterChange(errors, f, { cliente_id: f.cliente_id })).toBe(errors);
  });
});
