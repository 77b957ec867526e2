import { describe, expect, it } from 'vitest';
import { activityErrorsOf, emptyActivity, tabOfActivityField, validateActivity } from './activity-form';
import { activityLine, hoursText, periodText, priceLines, priceText, renewalText, totalDates } from './summary';

/** A stand-in translator: the key and its values, so the tests see what was asked. */
const t = (key: string, o?: Record<string, unknown>) => (o ? `${key} ${JSON.stringify(o)}` : key);
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('the summary', () => {
  it('writes the period with Italian dates', () => {
    expect(periodText('2026-01-01', '2026-12-31', t)).toBe(
      'contracts.summary.period {"from":"01/01/2026","to":"31/12/2026"}',
    );
    expect(periodText('2026-01-01', null, t)).toBe('');
  });

  it('writes money as 2.450,00 € and the material discount as a percentage', () => {
    expect(plain(priceText('ora', '2.450,5', 'it'))).toBe('2.450,50 €');
    expect(plain(priceText('km', '0.45', 'it'))).toBe('0,45 €');
    expect(priceText('materiale', '10,5', 'it')).toBe('10,5 %');
    expect(priceText('ora', '', 'it')).toBe('');
    expect(priceText('ora', 'abc', 'it')).toBe('');
  });

  it('lists only the prices that are set, in the contract order', () => {
    const lines = priceLines({ km: '1', ora: '30', pranzo: '' }, 'it', t);
    expect(lines.map((l) => l.voce)).toEqual(['ora', 'km']);
    expect(lines[0]!.label).toBe('contracts.prices.ora');
  });

  it('writes hours and the renewal', () => {
    expect(hoursText('12,5', 'it')).toBe('12,5 h');
    expect(hoursText('', 'it')).toBe('');
    expect(renewalText(false, 12, t)).toBe('contracts.summary.noRenewal');
    expect(renewalText(true, '', t)).toBe('contracts.summary.renewalSameLength');
    expect(renewalText(true, 6, t)).toBe('contracts.summary.renewalMonths {"count":6}');
  });

  it("counts each activity's dates: the preview's, else the variable list's or the single one", () => {
    const fixed = { ...emptyActivity(), nome: 'Revisione', anteprima: ['2026-01-01', '2026-07-01'] };
    const variable = {
      ...emptyActivity(),
      nome: 'Lettura',
      tipo: 'variabile' as const,
      date: ['2026-03-01', '2026-04-01', '2026-05-01'],
    };
    const single = { ...emptyActivity(), nome: 'Collaudo', tipo: 'data_singola' as const, data: '2026-09-01' };
    const unknown = { ...emptyActivity(), nome: 'Pulizia' };
    expect(totalDates([fixed, variable, single, unknown])).toBe(6);
    expect(activityLine(fixed, t)).toBe(
      'Revisione · contracts.frequency.every.mesi {"count":1} · contracts.summary.dates {"count":2}',
    );
    expect(activityLine(single, t)).toContain('contracts.frequency.singleText {"date":"01/09/2026"}');
    expect(activityLine(unknown, t)).toContain('contracts.summary.datesUnknown');
  });
});

describe('the activity editor', () => {
  it('names the missing fields and the tab that holds them', () => {
    const e = validateActivity({ ...emptyActivity(), ogni: '' });
    expect(Object.keys(e).sort()).toEqual(['frequenza.ogni', 'nome']);
    expect(tabOfActivityField('nome')).toBe('config');
    expect(tabOfActivityField('frequenza.ogni')).toBe('dates');
    expect(validateActivity({ ...emptyActivity(), tipo: 'variabile', nome: 'x' })).toHaveProperty('frequenza.date');
    expect(validateActivity({ ...emptyActivity(), nome: 'Controllo' })).toEqual({});
  });

  it("takes the server's errors of a listed activity as its own fields", () => {
    expect(activityErrorsOf({ 'attivita.0.frequenza.ogni': 'Almeno 1', 'attivita.0.nome': 'x' })).toEqual({
      'frequenza.ogni': 'Almeno 1',
      nome: 'x',
    });
  });
});
