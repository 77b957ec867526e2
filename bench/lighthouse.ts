/**
 * Mobile Lighthouse performance of a page of the started product (default `/login`), in
 * Debian's Chromium: Lighthouse 12's default mobile profile (a mid-range phone, simulated slow 4G
 * and 4x CPU slowdown), three runs, the median run's score and metrics.
 *
 *   npm start &   then   npm run bench:lighthouse        (BASE_URL, LIGHTHOUSE_PATH, LIGHTHOUSE_RUNS)
 */
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const url = `${process.env.BASE_URL ?? 'http://localhost:3000'}${process.env.LIGHTHOUSE_PATH ?? '/login'}`;
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

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
}
if (results.length === 0) throw new Error('no Lighthouse run succeeded');
results.sort((x, y) => x.score - y.score);
const median = results[Math.floor(results.length / 2)]!;
console.log(`${url}: mobile performance ${median.score} (runs: ${results.map((r) => r.score).join(', ')})`);
for (const [k, v] of Object.entries(median.metrics)) console.log(`  ${k}: ${v}`);
