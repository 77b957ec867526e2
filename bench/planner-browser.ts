/**
 * The planner's month view in headless Chromium (issue 14: "the month view with 2,000 appointments
 * is usable, rendered and scrollable, within 1 s"). Starts the product (the built web app, `npm run
 * build` first) on a throwaway data directory, provisions a company with 10 technicians and the
 * sample registries, inserts 2,000 appointments in this month and 2,000 in the next (SQL, in the
 * company's zone, 08:00-18:00), signs in through the login page and measures, median of the runs:
 *
 *  - open:  /intervention-planning?vista=mese loaded until every day shows its events and "+N";
 *  - next:  a click on "next month" until next month's 2,000 are rendered (asked for, not yet shown);
 *  - scroll: from either, the page scrolled to the bottom and two frames painted.
 *
 * Each step is measured with the planner unchanged (the server's kept range, revalidated by the browser)
 * and after a change (the company's planner revision bumped before the run: both months built anew).
 *
 *   npm run build && npm run bench:planner-browser        (BENCH_RUNS, CHROMIUM_PATH)
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from 'playwright';
import { benchServer } from './server.js';
import { provisionCompany } from '../apps/server/src/features/company/company/provision.js';
import { seedSampleData } from '../apps/server/src/demo/sample.js';
import { randomPartitaIva } from './harness.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PER_MONTH = 2000;
const TECHNICIANS = 10;
const PASSWORD = 'password123';
const ZONE = 'Europe/Rome';
const webDist = path.resolve(import.meta.dirname, '../apps/web/dist');
if (!existsSync(path.join(webDist, 'index.html')))
  throw new Error('apps/web/dist is missing: run `npm run build` first');

/** The instant of a wall-clock time in Rome. */
function romeInstant(y: number, m: number, d: number, h: number, min: number): Date {
  const asUtc = Date.UTC(y, m, d, h, min);
  const f = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', hourCycle: 'h23', day: '2-digit' });
  let guess = asUtc - 3_600_000;
  for (let i = 0; i < 2; i++) {
    const p = Object.fromEntries(f.formatToParts(new Date(guess)).map((x) => [x.type, Number(x.value)]));
    const shownHour = p.hour! + (p.day !== d ? (p.day! > d ? 24 : -24) : 0);
    guess += (h - shownHour) * 3_600_000;
  }
  return new Date(guess);
}

function monthOf(offset: number): { y: number; m: number; days: number } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  const y = first.getUTCFullYear();
  const m = first.getUTCMonth();
  return { y, m, days: new Date(Date.UTC(y, m + 1, 0)).getUTCDate() };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fs-bench-planner-'));
const built = await benchServer(dataDir, { webDist: webDist });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const piva = randomPartitaIva();
  const { company, users } = await provisionCompany(
    built.deps.db,
    {
      ragioneSociale: 'Bench Pianificazione S.r.l.',
      partitaIva: piva,
      users: [
        { username: 'admin', password: PASSWORD, role: 'admin' },
        ...Array.from({ length: TECHNICIANS }, (_, i) => ({
          username: `tecnico${i + 1}`,
          password: PASSWORD,
          role: 'user' as const,
          scheduleenabled: 'Y' as const,
          name: `Tecnico`,
          surname: String(i + 1),
        })),
      ],
    },
    (tx, { company: c, users: u }) =>
      seedSampleData(
        tx,
        c.id,
        u.filter((x) => x.role === 'user').map((x) => x.id),
      ),
  );
  const sql = built.deps.database.executeSql;
  await sql('update aziende set work_flow_primo_accesso = 30 where id = $1', [company.id]);
  const customers = await sql('select id from clienti where azienda_id = $1 order by codice', [company.id]);
  const customerIds = customers.rows.map((r: { id: string }) => r.id);
  const techIds = users.filter((u) => u.role === 'user').map((u) => u.id);

  const started = performance.now();
  for (const offset of [0, 1]) {
    const { y, m, days } = monthOf(offset);
    const ids: string[] = [];
    const starts: string[] = [];
    const ends: string[] = [];
    const clienti: string[] = [];
    const tecnici: string[] = [];
    for (let i = 0; i < PER_MONTH; i++) {
      const day = 1 + (i % days);
      const slot = Math.floor(i / days) % 20; // 08:00 to 17:30 by half hours
      const start = romeInstant(y, m, day, 8 + Math.floor(slot / 2), (slot % 2) * 30);
      ids.push(randomUUID());
      starts.push(start.toISOString());
      ends.push(new Date(start.getTime() + 60 * 60_000).toISOString());
      clienti.push(customerIds[i % customerIds.length]!);
      tecnici.push(techIds[i % techIds.length]!);
    }
    await sql(
      `insert into appuntamenti (id, azienda_id, cliente_id, titolo, inizio, fine)
       select id, $1, cliente, 'Intervento ' || n, inizio, fine
       from unnest($2::uuid[], $3::uuid[], $4::timestamptz[], $5::timestamptz[]) with ordinality as x(id, cliente, inizio, fine, n)`,
      [company.id, ids, clienti, starts, ends],
    );
    await sql(
      `insert into appuntamenti_tecnici (azienda_id, appuntamento_id, utente_id, inizio)
       select $1, id, tecnico, inizio from unnest($2::uuid[], $3::uuid[], $4::timestamptz[]) as x(id, tecnico, inizio)`,
      [company.id, ids, tecnici, starts],
    );
  }
  // Fresh statistics, as autovacuum (PostgreSQL) or a restart's analyze would give after a bulk load.
  await sql('analyze appuntamenti', []);
  await sql('analyze appuntamenti_tecnici', []);
  console.log(`${2 * PER_MONTH} appointments inserted in ${(performance.now() - started).toFixed(0)} ms`);

  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    locale: 'it-IT',
    serviceWorkers: 'block',
  });
  if (process.env.BENCH_TIMELINE) {
    // When the signed-in frame, the loader and the calendar first show, and the main thread's long tasks.
    await context.addInitScript(`(() => {
      const marks = (window.__marks = []);
      const seen = new Set();
      new MutationObserver(() => {
        for (const [name, selector] of [['frame shown', '#main-content'], ['a loader shown', '.mantine-Loader-root'], ['calendar shown', '.fc']]) {
          if (!seen.has(name) && document.querySelector(selector)) { seen.add(name); marks.push({ name, start: performance.now(), end: performance.now() }); }
        }
      }).observe(document, { childList: true, subtree: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) marks.push({ name: 'long task', start: e.startTime, end: e.startTime + e.duration });
      }).observe({ type: 'longtask', buffered: true });
    })()`);
  }
  const page = await context.newPage();
  await page.goto(`${base}/login?redirectAfterLogin=${encodeURIComponent('/intervention-planning')}`);
  // The login page's code starts on the first interaction (decision 0053): a key that types nothing.
  await page.keyboard.press('Shift');
  await page.getByLabel('Partita IVA').fill(piva);
  await page.getByLabel('Nome utente').fill('admin');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await page.waitForURL(/intervention-planning/);
  await page.locator('.fc-timegrid').waitFor();

  /**
   * Waits (in the page) until `minDays` day cells show "+N", then scrolls to the bottom; times from the
   * navigation start ('navigation') or from a click on the planner's own "next period" button ('next'). A string: tsx would add
   * helpers to a function's source that the page does not have.
   */
  const waitRendered = (p: Page, minDays: number, from: 'navigation' | 'next') =>
    p.evaluate(`(async () => {
      const t0 = ${from === 'navigation' ? '0' : 'performance.now()'};
      if (${from === 'next'}) document.querySelector('button[aria-label="Periodo successivo"]').click();
      const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
      for (;;) {
        await frame();
        if (document.querySelectorAll('.planner-more').length >= ${minDays}) break;
        if (performance.now() - t0 > 30000) throw new Error('month view not rendered in 30 s');
      }
      const rendered = performance.now() - t0;
      window.scrollTo(0, document.documentElement.scrollHeight);
      await frame();
      await frame();
      return {
        rendered,
        scrolled: performance.now() - t0,
        scrollY: window.scrollY,
        events: document.querySelectorAll('.fc-daygrid-event').length,
        more: document.querySelectorAll('.planner-more').length,
        // The range call of this step (the last one) and the time from its answer to the month drawn.
        ...(() => {
          const calls = performance.getEntriesByType('resource').filter((e) => e.name.includes('/v2/schedule/appointments/start/'));
          const last = calls[calls.length - 1];
          return { api: last ? last.duration : NaN, apiStart: last ? last.startTime - t0 : NaN, afterApi: last ? t0 + rendered - last.responseEnd : NaN };
        })(),
        timeline: ${from === 'navigation'} ? [
          ...performance.getEntriesByType('navigation').map((e) => ({ name: 'document', start: e.startTime, end: e.responseEnd, dcl: e.domContentLoadedEventEnd })),
          ...performance.getEntriesByType('resource').map((e) => ({ name: e.name.replace(location.origin, ''), start: e.startTime, end: e.responseEnd })),
          { name: 'month drawn', start: rendered, end: rendered },
          ...(window.__marks ?? []),
          ...performance.getEntriesByType('mark').map((e) => ({ name: 'mark ' + e.name, start: e.startTime, end: e.startTime })),
        ].sort((a, b) => a.start - b.start) : [],
      };
    })()`) as Promise<{
      rendered: number;
      scrolled: number;
      scrollY: number;
      events: number;
      more: number;
      api: number;
      apiStart: number;
      afterApi: number;
      timeline: { name: string; start: number; end: number }[];
    }>;

  type Step = { rendered: number; scrolled: number; apiStart: number; api: number; afterApi: number };
  const open: Step[] = [];
  const next: Step[] = [];
  const openChanged: Step[] = [];
  const nextChanged: Step[] = [];
  let shown = { events: 0, more: 0, scrollY: 0 };
  // A change to the company's planner (what any save does): the server builds the ranges anew.
  const change = () =>
    sql(
      'insert into revisioni_schedule (azienda_id) values ($1) on conflict (azienda_id) do update set revisione = revisioni_schedule.revisione + 1',
      [company.id],
    );
  for (let i = 0; i < 2 * RUNS + 1; i++) {
    const changed = i > RUNS;
    if (changed) await change();
    await page.goto(`${base}/intervention-planning?vista=mese`);
    const o = await waitRendered(page, monthOf(0).days, 'navigation');
    await page.evaluate(() => window.scrollTo(0, 0));
    const n = await waitRendered(page, monthOf(1).days, 'next');
    if (i === 0) {
      shown = o; // the first run warms the server's and the browser's caches
      continue;
    }
    (changed ? openChanged : open).push(o);
    (changed ? nextChanged : next).push(n);
    if (process.env.BENCH_TIMELINE && i === RUNS) {
      console.log('the last open, from navigation start (ms):');
      for (const e of o.timeline)
        console.log(`${e.start.toFixed(0).padStart(6)} ${e.end.toFixed(0).padStart(6)}  ${e.name}`);
    }
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(0);
  console.log(`month view, ${PER_MONTH} appointments, ${TECHNICIANS} technicians, 1366x900, ${RUNS} runs (median ms):`);
  const row = (label: string, xs: Step[]) =>
    console.log(
      `| ${label} | ${median(xs.map((x) => x.rendered))} | ${median(xs.map((x) => x.scrolled))} | ` +
        `${median(xs.map((x) => x.apiStart))} | ${median(xs.map((x) => x.api))} | ${median(xs.map((x) => x.afterApi))} |`,
    );
  console.log(
    '| step | rendered | rendered + scrolled | range call sent at | range call | drawn after the call |\n|---|---|---|---|---|---|',
  );
  row('open /intervention-planning?vista=mese (from navigation start), planner unchanged', open);
  row('next month (click, fetch, draw), planner unchanged', next);
  row('open, after a change (the server builds the range)', openChanged);
  row('next month, after a change', nextChanged);
  console.log(`(${shown.events} event chips drawn, ${shown.more} "+N" links, page scrolled to ${shown.scrollY} px)`);
  await context.close();
} finally {
  await browser.close();
  await built.close();
  rmSync(dataDir, { recursive: true, force: true });
}
