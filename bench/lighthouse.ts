/**
 * Mobile Lighthouse performance of a page of the product (default `/login`), in Debian's Chromium:
 * Lighthouse 12's default mobile profile (a mid-range phone, simulated slow 4G and 4x CPU slowdown),
 * three runs, the median run's score and metrics. Against a started product (`BASE_URL`), or without
 * it the built product (`npm run build` first) started here on a throwaway data directory.
 * `BENCH_SMOKE=1`: one run.
 *
 *   npm start &   then   BASE_URL=http://localhost:3000 npm run bench:lighthouse   (LIGHTHOUSE_PATH, LIGHTHOUSE_RUNS)
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { loadConfig } from '../apps/server/src/config.js';
import { buildApp } from '../apps/server/src/app.js';

/** The given product, or this checkout's build started here (no demo data: the login page needs none). */
async function product(): Promise<{ base: string; close: () => Promise<void> }> {
  if (process.env.BASE_URL) return { base: process.env.BASE_URL.replace(/\/$/, ''), close: async () => {} };
  const webDist = path.resolve(import.meta.dirname, '../apps/web/dist');
  if (!existsSync(path.join(webDist, 'index.html'))) throw new Error('apps/web/dist is missing: run `npm run build`');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fs-bench-lighthouse-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    SEED_DEMO: 'false',
    WEB_DIST: webDist,
  });
  const built = await buildApp(config, { logger: false });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    base: `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`,
    close: async () => {
      await built.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const served = await product();
const url = `${served.base}${process.env.LIGHTHOUSE_PATH ?? '/login'}`;
const runs = process.env.BENCH_SMOKE === '1' ? 1 : Number(process.env.LIGHTHOUSE_RUNS ?? 3);

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const results: { score: number; metrics: Record<string, string> }[] = [];
try {
  for (let i = 0; i < runs; i++) {
    const r = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' });
    if (!r) throw new Error('Lighthouse answered nothing');
    if (r.lhr.runtimeError || r.lhr.categories.performance?.score == null) {
      console.log(`run ${i + 1} failed: ${r.lhr.runtimeError?.message ?? r.lhr.runWarnings.join('; ')}`);
      continue;
    }
    const a = r.lhr.audits;
    // LIGHTHOUSE_DETAILS=1: where the main thread's time went (what the blocking time is made of).
    if (process.env.LIGHTHOUSE_DETAILS === '1') {
      const items = (id: string) =>
        ((a[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []).slice(0, 8);
      for (const id of ['mainthread-work-breakdown', 'bootup-time', 'long-tasks'])
        console.log(`${id}:`, JSON.stringify(items(id)));
    }
    const shown = (id: string) => a[id]?.displayValue ?? '-';
    results.push({
      score: Math.round((r.lhr.categories.performance?.score ?? 0) * 100),
      metrics: {
        FCP: shown('first-contentful-paint'),
        LCP: shown('largest-contentful-paint'),
        TBT: shown('total-blocking-time'),
        CLS: shown('cumulative-layout-shift'),
        'Speed Index': shown('speed-index'),
      },
    });
  }
} finally {
  chrome.kill();
  await served.close();
}
if (results.length === 0) throw new Error('no Lighthouse run succeeded');
results.sort((x, y) => x.score - y.score);
const median = results[Math.floor(results.length / 2)]!;
console.log(`${url}: mobile performance ${median.score} (runs: ${results.map((r) => r.score).join(', ')})`);
for (const [k, v] of Object.entries(median.metrics)) console.log(`  ${k}: ${v}`);
