import { ConfigError, loadConfig, loadDotEnv } from './config.js';
import { buildApp, type BuiltApp } from './app.js';
import { DirectoryLockedError } from './platform/db/dir-lock.js';
import { installProcessGuard } from './platform/process-guard.js';
import { DEMO, seedDemoIfEmpty } from './demo/seed.js';
import { seedSampleReports } from './demo/sample-reports.js';
import { seedSampleContracts } from './demo/sample-contracts.js';
import { seedSampleStatistics } from './demo/sample-statistics.js';
import { seedSampleSchedule } from './demo/sample-schedule.js';
import { seedSampleClocking } from './demo/sample-clocking.js';
import { seedSampleApiKeys } from './demo/sample-api-keys.js';
import { seedSampleWebhooks } from './demo/sample-webhooks.js';

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
  // SIGTERM and SIGINT stop the server cleanly whenever they come: Fastify (no new requests, the
  // current ones answered), then the job workers (the running jobs finish), then the database
  // (PGlite written out and its directory's lock released); then exit 0. A signal during the start
  // stops the server once the step under way is done.
  const running: { built?: BuiltApp; started?: boolean; stopping?: Promise<never>; pending?: NodeJS.Signals } = {};
  const stop = (signal: NodeJS.Signals) => {
    if (running.stopping || !running.built) return;
    const { app: server, close: closeAll } = running.built;
    server.log.info({ signal }, 'stopping');
    const force = setTimeout(() => {
      console.error('Shutdown took longer than 20 s: exiting without finishing it.');
      process.exit(1);
    }, 20_000);
    force.unref();
    running.stopping = closeAll().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (running.started) stop(signal);
      else running.pending ??= signal;
    });
  }
  const stopIfAsked = () => {
    if (running.pending) stop(running.pending);
    return !!running.pending;
  };

  running.built = await buildApp(config);
  const { app, deps } = running.built;
  // No request may stop the server: what nobody handled is logged and the process keeps serving.
  installProcessGuard(app.log);
  if (stopIfAsked()) return;
  if (config.ROLE !== 'worker' && config.SEED_DEMO && (await seedDemoIfEmpty(deps.db, { sample: true }))) {
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
    app.log.info('demo company seeded');
  }
  if (stopIfAsked()) return;
  await app.listen({ port: config.PORT, host: config.HOST });
  running.started = true;
  if (stopIfAsked()) return;
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
}

main().catch((err: unknown) => {
  // A second process on the embedded database: the message says what to do, no stack needed.
  console.error(err instanceof DirectoryLockedError ? `\n${err.message}\n` : err);
  process.exit(1);
});
