import type { StatsView } from './ChartPanel';

/** What every tab is given: the range asked for (null while it is invalid), the view, the company's currency. */
export interface TabProps {
  range: { dal: string; al: string } | null;
  view: StatsView;
  currency: string;
}
