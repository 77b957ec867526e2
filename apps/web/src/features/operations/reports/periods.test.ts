import { describe, expect, it } from 'vitest';
import { periodRange } from './periods';

describe('date-range shortcuts', () => {
  const today = new Date(2026, 2, 1); // 1 March 2026
  it('counts days and months on the calendar, across month and year ends', () => {
    expect(periodRange('oggi', today)).toEqual({ dal: '2026-03-01', al: '2026-03-01' });
    expect(periodRange('ieri', today)).toEqual({ dal: '2026-02-28', al: '2026-02-28' });
    expect(periodRange('mese', today)).toEqual({ dal: '2026-03-01', al: '2026-03-31' });
    expect(periodRange('mese_scorso', today)).toEqual({ dal: '2026-02-01', al: '2026-02-28' });
    expect(periodRange('ultimi_30', today)).toEqual({ dal: '2026-01-31', al: '2026-03-01' });
    expect(periodRange('mese_scorso', new Date(2026, 0, 15))).toEqual({ dal: '2025-12-01', al: '2025-12-31' });
  });
});
