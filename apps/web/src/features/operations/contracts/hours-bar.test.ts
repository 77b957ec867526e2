import { describe, expect, it } from 'vitest';
import { hoursBarInfo } from './hours-bar';

describe('the on-call hours bar', () => {
  it('is green with hours to spare, and reads hours left of hours bought the Italian way', () => {
    const b = hoursBarInfo('40.00', '12.50', 'it')!;
    expect(b).toMatchObject({ level: 'ok', color: 'green', text: '12,5 / 40 h', levelKey: 'contracts.hours.ok' });
    expect(b.percent).toBeCloseTo(31.25);
  });

  it('turns to warning at 10 hours left, not before', () => {
    expect(hoursBarInfo('40', '10.01', 'it')!.level).toBe('ok');
    expect(hoursBarInfo('40', '10', 'it')).toMatchObject({ level: 'avviso', color: 'orange' });
    expect(hoursBarInfo('40', '0.5', 'it')!.level).toBe('avviso');
  });

  it('says the hours are used up at 0, with an empty red bar', () => {
    expect(hoursBarInfo('40', '0.00', 'it')).toMatchObject({
      level: 'esaurite',
      color: 'red',
      percent: 0,
      text: '0 / 40 h',
      levelKey: 'contracts.hours.esaurite',
    });
  });

  it('shows nothing for a maintenance contract (no hours bought)', () => {
    expect(hoursBarInfo(null, null, 'it')).toBeNull();
  });

  it('groups thousands and follows the language', () => {
    expect(hoursBarInfo('1200', '1050.5', 'it')!.text).toBe('1.050,5 / 1.200 h');
    expect(hoursBarInfo('1200', '1050.5', 'en')!.text).toBe('1,050.5 / 1,200 h');
  });
});
