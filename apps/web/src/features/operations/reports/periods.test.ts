import { describe, expect, it } from 'vitest';
import { todayIn } from '@fs/contract';
import { periodRange } from './periods';

describe('date-range shortcuts', () => {
  const today = '2026-03-01';
  it('counts days and months on the calendar, across month and year ends', () => {
    expect(periodRange('oggi', today)).toEqual({ dal: '2026-03-01', al: '2026-03-01' });
    expect(periodRange('ieri', today)).toEqual({ dal: '2026-02-28', al: '2026-02-28' });
    expect(periodRange('mese', today)).toEqual({ dal: '2026-03-01', al: '2026-03-31' });
    expect(periodRange('mese_scorso', today)).toEqual({ dal: '2026-02-01', al: '2026-02-28' });
    expect(periodRange('ultimi_30', today)).toEqual({ dal: '2026-01-31', al: '2026-03-01' });
    expect(periodRange('ultimi_90', today)).toEqual({ dal: '2025-12-02', al: '2026-03-01' });
    expect(periodRange('mese_scorso', '2026-01-15')).toEqual({ dal: '2025-12-01', al: '2025-12-31' });
    expect(periodRange('mese', '2028-02-10')).toEqual({ dal: '2028-02-01', al: '2028-02-29' });
  });

  it("starts from the company's day, not the browser's: 23:30 UTC on 31 March is already April in Rome", () => {
    const now = new Date('2026-03-31T23:30:00Z');
    expect(periodRange('mese', todayIn('Europe/Rome', now))).toEqual({ dal: '2026-04-01', al: '2026-04-30' });
    expect(periodRange('mese', todayIn('America/New_York', now))).toEqual({ dal: '2026-03-01', al: '2026-03-31' });
  });
});
