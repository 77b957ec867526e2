/**
 * /interventions signed in, cold, in headless Chromium (issue 25: "shows its first rows within 600 ms of
 * navigation"): each run a fresh browser context (no HTTP cache, no service worker) holding the session
 * a sign-in through the login page left in localStorage, opens /interventions and reports, from the
 * navigation's start:
 *
 *  - list call sent: when the list's request (`/api/rapportini/rapportini/admin`) left;
 *  - first row: when the list's first row was in the page;
 *  - what came before the list call: the scripts and the other API calls started before it.
 *
 * Against started products (`BASE_URLS=http://a,http://b`: runs interleaved, one column each, e.g. a
 * build before and after a change; `BASE_URL` for one), signed in as the demo company's admin
 * (`BENCH_PIVA`, `BENCH_USERNAME`, `BENCH_PASSWORD`); without either, starts the built product itself
 * (`npm run build` first) on a throwaway data directory with the demo data.
 *
 *   npm run build && npm run bench:interventions-browser        (BENCH_RUNS, CHROMIUM_PATH, BENCH_SMOKE=1)
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright';
import { benchServer } from './server.js';
import { DEMO, seedDemoIfEmpty } from '../apps/server/src/demo/seed.js';
import { seedSampleReports } from '../apps/server/src/demo/sample-reports.js';

const SMOKE = process.env.BENCH_SMOKE === '1';
const RUNS = SMOKE ? 1 : Number(process.env.BENCH_RUNS ?? 7);
const LIST_CALL = '/api/rapportini/rapportini/admin';
const PIVA = process.env.BENCH_PIVA ?? DEMO.piva;
const USERNAME = process.env.BENCH_USERNAME ?? 'admin';
const PASSWORD = process.env.BENCH_PASSWORD ?? DEMO.password;

/** The products to measure: the given ones, or this checkout's build started here. */
async function products(): Promise<{ bases: string[]; close: () => Promise<void> }> {
  const given = (process.env.BASE_URLS ?? process.env.BASE_URL ?? '').split(',').filter(Boolean);
  if (given.length) return { bases: given.map((b) => b.replace(/\/$/, '')), close: async () => {} };
  const webDist = path.resolve(import.meta.dirname, '../apps/web/dist');
  if (!existsSync(path.join(webDist, 'index.html'))) throw new Error('apps/web/dist is missing: run `npm run build`');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fs-bench-interventions-'));
  const built = await benchServer(dataDir, { webDist: webDist });
  await seedDemoIfEmpty(built.deps.db, { sample: true });
  const demo = await built.deps.database.executeSql('select id from aziende where partita_iva = $1', [DEMO.piva]);
  await seedSampleReports(built.deps, (demo.rows[0] as { id: string }).id);
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    bases: [`http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`],
    close: async () => {
      await built.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type StorageState = Awaited<ReturnType<import('playwright').BrowserContext['storageState']>>;

/** Signs in through the login page; the session the browser then holds (localStorage). */
async function signIn(browser: Browser, base: string): Promise<StorageState> {
  const context = await browser.newContext({ locale: 'it-IT', serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  // The login page's code starts on the first interaction (decision 0053): a key that types nothing.
  await page.keyboard.press('Shift');
  await page.getByLabel('Partita IVA').fill(PIVA);
  await page.getByLabel('Nome utente').fill(USERNAME);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  const state = await context.storageState();
  await context.close();
  return state;
}

interface Run {
  firstRow: number;
  listSent: number;
  scriptsBefore: number;
  apiBefore: number;
}

/** One cold open of /interventions in a fresh context holding the session. */
async function coldOpen(browser: Browser, base: string, session: StorageState): Promise<Run> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    locale: 'it-IT',
    serviceWorkers: 'block',
    storageState: session,
  });
  // When the first row of the list is in the page, from the navigation's start.
  await context.addInitScript(`(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector('tbody tr[tabindex="0"]')) { window.__firstRow = performance.now(); observer.disconnect(); }
    }).observe(document, { childList: true, subtree: true });
  })()`);
  try {
    const page = await context.newPage();
    await page.goto(`${base}/interventions`);
    await page.locator('tbody tr[tabindex="0"]').first().waitFor({ timeout: 30_000 });
    return (await page.evaluate(`(() => {
      const entries = performance.getEntriesByType('resource');
      const list = entries.find((e) => e.name.includes('${LIST_CALL}'));
      const sent = list ? list.startTime : NaN;
      const before = entries.filter((e) => e.startTime < sent);
      return {
        firstRow: window.__firstRow,
        listSent: sent,
        scriptsBefore: before.filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js')).length,
        apiBefore: before.filter((e) => e.name.includes('/api/')).length,
      };
    })()`)) as Run;
  } finally {
    await context.close();
  }
}

const { bases, close } = await products();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const sessions = [];
  for (const base of bases) sessions.push(await signIn(browser, base));
  // A first open of each warms the servers' caches; not counted.
  if (!SMOKE) for (const [i, base] of bases.entries()) await coldOpen(browser, base, sessions[i]!);
  const runs: Run[][] = bases.map(() => []);
  for (let r = 0; r < RUNS; r++) {
    for (const [i, base] of bases.entries()) runs[i]!.push(await coldOpen(browser, base, sessions[i]!));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(
    `/interventions, signed in, cold (fresh context), 1366x900, ${RUNS} run(s) each, median ms from navigation:`,
  );
  console.log(`| | ${bases.join(' | ')} |\n|---|${bases.map(() => '---|').join('')}`);
  const row = (label: string, f: (r: Run) => number, digits = 0) =>
    console.log(`| ${label} | ${runs.map((rs) => median(rs.map(f)).toFixed(digits)).join(' | ')} |`);
  row('list call sent', (r) => r.listSent);
  row('first row shown', (r) => r.firstRow);
  row('scripts started before the list call', (r) => r.scriptsBefore);
  row('other API calls started before it', (r) => r.apiBefore);
  for (const rs of runs)
    if (rs.some((r) => !Number.isFinite(r.firstRow) || !Number.isFinite(r.listSent))) {
      throw new Error('a run did not see the list call or its first row');
    }
} finally {
  await browser.close();
  await close();
}
