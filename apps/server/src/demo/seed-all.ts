import type { Deps } from '../platform/deps.js';
import { DEMO, seedDemoIfEmpty } from './seed.js';
import { seedSampleReports } from './sample-reports.js';
import { seedSampleContracts } from './sample-contracts.js';
import { seedSampleStatistics } from './sample-statistics.js';
import { seedSampleSchedule } from './sample-schedule.js';
import { seedSampleClocking } from './sample-clocking.js';
import { seedSampleApiKeys } from './sample-api-keys.js';
import { seedSampleWebhooks } from './sample-webhooks.js';

export { DEMO };

/** The demo company with its lived-in sample data, on a database that has no company yet; whether it was seeded. */
export async function seedDemoCompany(deps: Deps): Promise<boolean> {
  if (!(await seedDemoIfEmpty(deps.db, { sample: true }))) return false;
  const demo = await deps.database.executeSql('select id from aziende where partita_iva = $1', [DEMO.piva]);
  const demoId = (demo.rows[0] as { id: string }).id;
  // Contracts first: their reports close before the sample reports add a field required at closing.
  await seedSampleContracts(deps, demoId);
  // A monthly maintenance: the statistics of the last 30 days show activity dates due.
  await seedSampleStatistics(deps, demoId);
  await seedSampleReports(deps, demoId);
  // The planner last: its appointments link the sample reports and plan the contracts' activity dates.
  await seedSampleSchedule(deps, demoId);
  // Two months of clockings up to yesterday, last month approved.
  await seedSampleClocking(deps, demoId);
  // The ERP's key in use and an old one revoked (their secrets thrown away).
  await seedSampleApiKeys(deps, demoId);
  // The ERP's webhook with a lived-in delivery log, disabled (its address is under .example: nothing is sent).
  await seedSampleWebhooks(deps, demoId);
  return true;
}
