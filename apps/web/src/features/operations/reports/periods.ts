/** The date-range shortcuts of spec 2: today, yesterday, this month, last month, last 30 days, last 90 days. */
export const PERIODS = ['oggi', 'ieri', 'mese', 'mese_scorso', 'ultimi_30', 'ultimi_90'] as const;
export type Period = (typeof PERIODS)[number];

const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The first and last day (YYYY-MM-DD, inclusive) of a shortcut, counted from `today` (local calendar). */
export function periodRange(p: Period, today = new Date()): { dal: string; al: string } {
  const y = today.getFullYear();
  const m = today.getMonth();
  const d = today.getDate();
  switch (p) {
    case 'oggi':
      return { dal: iso(today), al: iso(today) };
    case 'ieri': {
      const t = new Date(y, m, d - 1);
      return { dal: iso(t), al: iso(t) };
    }
    case 'mese':
      return { dal: iso(new Date(y, m, 1)), al: iso(new Date(y, m + 1, 0)) };
    case 'mese_scorso':
      return { dal: iso(new Date(y, m - 1, 1)), al: iso(new Date(y, m, 0)) };
    case 'ultimi_30':
      return { dal: iso(new Date(y, m, d - 29)), al: iso(today) };
    case 'ultimi_90':
      return { dal: iso(new Date(y, m, d - 89)), al: iso(today) };
  }
}
