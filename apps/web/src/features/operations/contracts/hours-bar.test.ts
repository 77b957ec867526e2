import { describe, expect, it } from 'vitest';
import { hoursBarInfo } from './hours-bar';

describe('the on-call hours bar', () => {
  it('fills with the hours used, green with hours to spare, written the Italian way', () => {
    const b = hoursBarInfo('40.00', '12.50', 'it')!;
    expect(b).toMatchObject({
      level: 'ok',
      color: 'green',
      used: '27,5',
      total: '40',
      left: '12,5',
      levelKey: 'contracts.hours.ok',
    });
    expect(b.percent).toBeCloseTo(68.75);
  });

  it('grows as hours are used: the demo contract with 8,5 of 40 hours left is 31,5 used', () => {
    const fresh = hoursBarInfo('40', '40', 'it')!;
    const used = hoursBarInfo('40', '8.5', 'it')!;
    expect(fresh.percent).toBe(0);
    expect(used.percent).toBeCloseTo(78.75);
    expect(used.used).toBe('31,5');
  });

  it('turns to warning at 10 hours left, not before (orange text that reads on white)', () => {
    expect(hoursBarInfo('40', '10.01', 'it')!.level).toBe('ok');
    expect(hoursBarInfo('40', '10', 'it')).toMatchObject({ level: 'avviso', color: 'orange' });
    expect(hoursBarInfo('40', '0.5', 'it')!.level).toBe('avviso');
    expect(hoursBarInfo('40', '5', 'it')!.textColor).toBe('var(--mantine-color-orange-light-color)');
  });

  it('says the hours are used up at 0, with a full red bar', () => {
    expect(hoursBarInfo('40', '0.00', 'it')).toMatchObject({
      level: 'esaurite',
      color: 'red',
      textColor: 'red.7',
      percent: 100,
      used: '40',
      left: '0',
      levelKey: 'contracts.hours.esaurite',
    });
  });

  it("counts the closed reports' hours when known, beyond the package when it is overrun", () => {
    expect(hoursBarInfo('40', '0', 'it', '45.5')).toMatchObject({ used: '45,5', percent: 100, level: 'esaurite' });
    expect(hoursBarInfo('40', '8.5', 'it', '31.50')).toMatchObject({ used: '31,5', left: '8,5' });
  });

  it('shows nothing for a maintenance contract (no hours bought)', () => {
    expect(hoursBarInfo(null, null, 'it')).toBeNull();
  });

  it('groups thousands and follows the language', () => {
    expect(hoursBarInfo('1200', '150.5', 'it')).toMatchObject({ used: '1.049,5', total: '1.200' });
    expect(hoursBarInfo('1200', '150.5', 'en')).toMatchObject({ used: '1,049.5', total: '1,200' });
  });
});
