import { ConfigError, loadConfig, loadDotEnv } from './config.js';
import { buildApp } from './app.js';
import { installProcessGuard } from './platform/process-guard.js';
import { DEMO, seedDemoIfEmpty } from './demo/seed.js';
import { seedSampleReports } from './demo/sample-reports.js';
import { seedSampleContracts } from './demo/sample-contracts.js';
import { seedSampleSchedule } from './demo/sample-schedule.js';

async function main() {
  await loadDotEnv();
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const { app, deps, close } = await buildApp(config);
  // No request may stop the server: what nobody handled is logged and the process keeps serving.
  installProcessGuard(app.log);
  if (config.ROLE !== 'worker' && config.SEED_DEMO && (await seedDemoIfEmpty(deps.db, { sample: true }))) {
    const demo = await deps.database.executeSql('select id from aziende where partita_iva = $1', [DEMO.piva]);
    const demoId = (demo.rows[0] as { id: string }).id;
    // Contracts first: their reports close before the sample reports add a field required at closing.
    await seedSampleContracts(deps, demoId);
    await seedSampleReports(deps, demoId);
    // The planner last: its appointments link the sample reports and plan the contracts' activity dates.
    await seedSampleSchedule(deps, demoId);
    app.log.info('demo company seeded');
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  if (config.ROLE === 'worker') {
    console.log(
      `\n  Background worker (ROLE=worker, database: ${deps.database.kind}); health on ${config.publicUrl}/api/health\n`,
    );
  } else {
    console.log(
      [
        '',
        `  Gestionale interventi on ${config.publicUrl}  (database: ${deps.database.kind}${deps.database.kind === 'pglite' ? `, ${config.dataDir}` : ''})`,
        `  API docs: ${config.publicUrl}/api/docs`,
        `  Demo logins, company VAT number ${DEMO.piva}, password ${DEMO.password}:`,
        ...DEMO.logins.map((l) => `    ${l.username.padEnd(14)} (${l.role})`),
        '',
      ].join('\n'),
    );
  }
  const stop = async () => {
    await close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
