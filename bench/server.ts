/**
 * The server a benchmark measures: the app built on `dataDir` (embedded PGlite there, or BENCH_DATABASE_URL),
 * quiet, no demo seeding, no web app unless `webDist` is given; `env` adds or overrides settings.
 */
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.js';
import { buildApp } from '../apps/server/src/app.js';

export function benchServer(dataDir: string, o: { webDist?: string; env?: Record<string, string> } = {}) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    SEED_DEMO: 'false',
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    WEB_DIST: o.webDist ?? path.join(dataDir, 'none'),
    ...o.env,
  });
  return buildApp(config, { logger: false });
}
