import { ConfigError, loadConfig, loadDotEnv } from './config.js';
import type { BuiltApp } from './app.js';
import { openConfiguredDatabase } from './platform/db/client.js';
import { DirectoryLockedError } from './platform/db/dir-lock.js';

/**
 * The server and the demo's sample data, loaded while the database opens: PGlite's WebAssembly start-up (about
 * 0.8 s) runs beside the loading of the server's modules (about 1.2 s on Node 20, which has no compile cache for
 * ES modules) instead of after it.
 */
const loadServer = () =>
  Promise.all([import('./app.js'), import('./platform/process-guard.js'), import('./demo/seed-all.js')]).then(
    ([app, guard, demo]) => ({ ...app, ...guard, ...demo }),
  );

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

  const opening = openConfiguredDatabase(config);
  // Awaited by buildApp; a failure to open (the directory locked by another process) surfaces there, after the load.
  opening.catch(() => {});
  const { buildApp, installProcessGuard, seedDemoCompany, DEMO } = await loadServer();
  running.built = await buildApp(config, { opening });
  const { app, deps } = running.built;
  // No request may stop the server: what nobody handled is logged and the process keeps serving.
  installProcessGuard(app.log);
  if (stopIfAsked()) return;
  if (config.ROLE !== 'worker' && config.SEED_DEMO && (await seedDemoCompany(deps)))
    app.log.info('demo company seeded');
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
