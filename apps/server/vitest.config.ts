import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The integration suite runs on PGlite always, and a second time on
 * PostgreSQL when TEST_DATABASE_URL is set (CI does).
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One test file per core (Vitest's default leaves one core idle): much of a file's time is spent
    // waiting on PostgreSQL or on a child process, and each file has its own companies (and its own
    // PGlite). On the 2-core machine the suite went from 19 to under 10 minutes.
    maxWorkers: os.availableParallelism(),
    projects: [
      { extends: true, test: { name: 'pglite', env: { TEST_DB: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ extends: true as const, test: { name: 'postgres', env: { TEST_DB: 'postgres' } } }]
        : []),
    ],
  },
});
