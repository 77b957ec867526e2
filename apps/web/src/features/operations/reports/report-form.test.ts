import { describe, expect, it } from 'vitest';
import type { Rapportino } from '@fs/contract';
import { bodyOf, emptyDay, emptyForm, formOf } from './report-form';

describe('the report form', () => {
  it('sends decimals as typed, flags as S/N, and empty fields as null', () => {
    const f = emptyForm();
    f.cliente_id = 'c1';
    f.giornate = [{ ...emptyDay('t1', '2026-11-02'), totale_ore: '3,5', pranzo: true, km_viaggio: ' ' }];
    f.campi = { k1: 'Murale', k2: '' };
    const b = bodyOf(f, 'r1');
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
    const f = formOf({
      giornate: [],
      materiali: [],
      controlli: [],
      tecnici_ids: [],
      macchinari_ids: [],
      campi_personalizzati: [campo('n', 'numero', '1.5'), campo('t', 'testo_breve', '1.5'), campo('e', 'numero', null)],
    } as unknown as Rapportino);
    expect(f.campi).toEqual({ n: '1,5', t: '1.5', e: '' });
  });
});
