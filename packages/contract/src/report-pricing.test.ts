import { describe, expect, it } from 'vitest';
import { add, dec, div, hoursBetween, mul, round, str } from './money.js';
import { computePrices, type PricingInput } from './report-pricing.js';

describe('exact decimals', () => {
  it('adds and multiplies without binary float errors', () => {
    expect(str(add(dec('0.1'), dec('0.2')))).toBe('0.30');
    expect(str(mul(dec('1.15'), dec('3')))).toBe('3.45');
    expect(str(mul(dec('2.5'), dec('38.50')))).toBe('96.25');
    expect(str(mul(dec('1.005'), dec('1')), 2)).toBe('1.01'); // half away from zero
    expect(str(round(dec('-0.005')))).toBe('-0.01');
    expect(str(div(dec('10'), dec('3')), 4)).toBe('3.3333');
    expect(str(hoursBetween('08:00', '12:30'))).toBe('4.50');
    expect(str(hoursBetween('14:00', '13:00'))).toBe('0.00');
    expect(str(hoursBetween('08:10', '08:30'), 4)).toBe('0.3333');
  });
});

const base = (over: Partial<PricingInput> = {}): PricingInput => ({
  valuta: 'EUR',
  multiTecnico: '0',
  forfait: 'no',
  minutiMinimi: 0,
  gestione: null,
  contratto: null,
  azienda: {
    ora: '40.00',
    ora_viaggio: '30.00',
    km: '0.50',
    pranzo: '15.00',
    cena: '20.00',
    pernottamento: '80.00',
    diritto_chiamata: '0.00',
  },
  trasferta: null,
  tecnici: {
    a: { nome: 'Anna', netPriceTecnico: '45.00', netPriceOreViaggio: null, netPriceKm: null },
    b: { nome: 'Bruno', netPriceTecnico: null, netPriceOreViaggio: null, netPriceKm: '0.40' },
  },
  giornate: [],
  materiali: [],
  campi: [],
  ...over,
});

const day = (tecnico_id: string, data: string, ore: string, km = '0', viaggio = '0') => ({
  data,
  tecnico_id,
  totale_ore: ore,
  km_viaggio: km,
  ore_viaggio: viaggio,
  pranzo: 'N' as const,
  cena: 'N' as const,
  pernottamento: 'N' as const,
  prezzoImpostato: null,
});

describe('report prices', () => {
  it('takes the technician price over the company default, and rounds each line to cents', () => {
    // Anna 2.75 h x 45.00 = 123.75; Bruno 1.33 h x 40.00 (company) = 53.20; 3 x 12.345 (net 12.35 rounded per line).
    const p = computePrices(
      base({
        giornate: [day('a', '2026-11-02', '2.75'), day('b', '2026-11-02', '1.33')],
        materiali: [{ descrizione: 'Valvola', quantita: '3', importo_unitario: '14.00', prezzo_netto: '12.35' }],
      }),
    );
    expect(p.righe.map((r) => [r.voce, r.descrizione, r.quantita, r.prezzo_unitario, r.importo, r.origine])).toEqual([
      ['ore', 'Anna', '2.75', '45.00', '123.75', 'tecnico'],
      ['ore', 'Bruno', '1.33', '40.00', '53.20', 'azienda'],
      ['materiale', 'Valvola', '3.000', '12.35', '37.05', 'riga'],
    ]);
    expect(p.totale).toBe('214.00');
  });

  it("takes the contract's discount off every material line's price", () => {
    const materiali = [
      { descrizione: 'Filtro', quantita: '2', importo_unitario: '9.90', prezzo_netto: null },
      { descrizione: 'Valvola', quantita: '1', importo_unitario: '14.00', prezzo_netto: '12.35' },
    ];
    const p = computePrices(
      base({ materiali, contratto: { ora: null, ora_viaggio: null, km: null, materiale: '15' } }),
    );
    expect(p.righe.map((r) => [r.descrizione, r.prezzo_unitario, r.importo, r.origine])).toEqual([
      ['Filtro', '8.42', '16.84', 'contratto'],
      ['Valvola', '10.50', '10.50', 'contratto'],
    ]);
  });

  it('lets the report set prices win over the contract, and the contract over the technician', () => {
    const giornate = [day('a', '2026-11-02', '2', '10', '1')];
    const contratto = { ora: '35.00', ora_viaggio: '25.00', km: null, diritto_chiamata: '20.00' };
    const onContract = computePrices(base({ giornate, contratto }));
    expect(onContract.righe.map((r) => [r.voce, r.importo, r.origine])).toEqual([
      ['ore', '70.00', 'contratto'],
      ['km', '5.00', 'azienda'],
      ['ore_viaggio', '25.00', 'contratto'],
      ['diritto_chiamata', '20.00', 'contratto'],
    ]);
    const gestione = {
      forfait: false,
      importo_forfait: null,
      prezzo_ora: '50.00',
      prezzo_ora_viaggio: null,
      prezzo_km: '1.00',
      diritto_chiamata: '0',
    };
    const own = computePrices(base({ giornate, contratto, gestione }));
    expect(own.righe.map((r) => [r.voce, r.importo, r.origine])).toEqual([
      ['ore', '100.00', 'rapportino'],
      ['km', '10.00', 'rapportino'],
      ['ore_viaggio', '25.00', 'contratto'],
    ]);
    expect(own.totale).toBe('135.00');
  });

  it('counts travel per technician (mode 0), one shared trip (mode 1), or km once and travel hours each (mode 2)', () => {
    const giornate = [day('a', '2026-11-02', '4', '60', '1'), day('b', '2026-11-02', '4', '60', '1')];
    const sum = (mode: '0' | '1' | '2', voce: string) =>
      computePrices(base({ giornate, multiTecnico: mode }))
        .righe.filter((r) => r.voce === voce)
        .map((r) => r.importo);
    // Anna km at the company's 0.50 (60 x 0.50 = 30.00), Bruno at his 0.40 (24.00).
    expect(sum('0', 'km')).toEqual(['30.00', '24.00']);
    expect(sum('0', 'ore_viaggio')).toEqual(['30.00', '30.00']);
    expect(sum('1', 'km')).toEqual(['30.00']);
    expect(sum('1', 'ore_viaggio')).toEqual(['30.00']);
    expect(sum('2', 'km')).toEqual(['30.00']);
    expect(sum('2', 'ore_viaggio')).toEqual(['30.00', '30.00']);
  });

  it('charges meals, overnight, the daily allowance past its distance, a set day price and the minimum duration', () => {
    const g1 = { ...day('a', '2026-11-02', '0.25', '80'), pranzo: 'S' as const, pernottamento: 'S' as const };
    const g2 = { ...day('a', '2026-11-03', '3', '20'), cena: 'S' as const };
    const g3 = { ...day('b', '2026-11-03', '5'), prezzoImpostato: '150.00' };
    const p = computePrices(
      base({ giornate: [g1, g2, g3], minutiMinimi: 60, trasferta: { importo: '45.50', distanzaMinimaKm: 50 } }),
    );
    const by = Object.fromEntries(p.righe.map((r) => [`${r.voce}:${r.descrizione}`, [r.quantita, r.importo]]));
    expect(by['ore:Anna']).toEqual(['4.00', '180.00']); // 0.25 h charged as 1 h, + 3 h
    expect(by['ore:Bruno 2026-11-03']).toEqual(['1.00', '150.00']);
    expect(by['pranzo:']).toEqual(['1', '15.00']);
    expect(by['cena:']).toEqual(['1', '20.00']);
    expect(by['pernottamento:']).toEqual(['1', '80.00']);
    expect(by['trasferta:']).toEqual(['1', '45.50']);
    expect(by['km:Anna']).toEqual(['100.0', '50.00']);
    expect(p.totale).toBe('540.50');
  });

  it('replaces work and travel by the lump sum but keeps materials and linked custom fields', () => {
    const input = base({
      forfait: 'rapportino',
      gestione: {
        forfait: true,
        importo_forfait: '250.00',
        prezzo_ora: null,
        prezzo_ora_viaggio: null,
        prezzo_km: null,
        diritto_chiamata: null,
      },
      giornate: [day('a', '2026-11-02', '8', '100', '2')],
      materiali: [{ descrizione: 'Filtro', quantita: '2', importo_unitario: '9.90', prezzo_netto: null }],
      campi: [
        { nome: 'Analisi fumi', tipo: 'vero_falso', valore: 'true', prezzo: '35.00' },
        { nome: 'Note', tipo: 'testo_breve', valore: 'eseguito', prezzo: '5.00' },
        { nome: 'Sacchi', tipo: 'numero', valore: '3', prezzo: '2.50' },
        { nome: 'Collaudo', tipo: 'vero_falso', valore: 'false', prezzo: '99.00' },
        { nome: 'Vuoto', tipo: 'testo_breve', valore: '', prezzo: '99.00' },
      ],
    });
    const p = computePrices(input);
    expect(p.forfait).toBe(true);
    expect(p.righe.map((r) => [r.voce, r.importo])).toEqual([
      ['forfait', '250.00'],
      ['materiale', '19.80'],
      ['campo', '35.00'],
      ['campo', '5.00'],
      ['campo', '7.50'],
    ]);
    expect(p.totale).toBe('317.30');
    // "No" ignores the report's lump sum; "Yes always" applies it even unflagged.
    expect(computePrices({ ...input, forfait: 'no' }).forfait).toBe(false);
    expect(computePrices({ ...input, forfait: 'si', gestione: { ...input.gestione!, forfait: false } }).forfait).toBe(
      true,
    );
  });
});
