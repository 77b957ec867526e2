import { describe, expect, it } from 'vitest';
import { bodyOf, emptyDay, emptyForm } from './report-form';

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
});
