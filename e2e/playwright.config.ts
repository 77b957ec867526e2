import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: './tests',
  // 90 s a flow, 15 s an expectation: with the statistics and data-export flows in the other shard, four flows
  // (company, customers, tour, users) ran past 45 s on the 2-core machine in a clean-clone run (2026-12-07), and
  // their retries then met the first attempt's leftovers.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  // One retry in CI: two flows (menu dropdown moving under a click, SSO return) failed once under load and passed on rerun; see the closing note.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // Per port, so runs on different ports never delete each other's results.
  outputDir: `../.tmp/e2e-results-${port}`,
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'it-IT',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The service worker (installable app) is tested on its own in pwa.spec.ts; elsewhere it would answer requests the tests watch.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node start-server.mjs',
    url: `http://localhost:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
