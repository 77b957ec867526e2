/**
 * What the first load of /login costs on the wire: every response the page asks for in a
 * fresh browser (Debian's Chromium, no cache), by kind, as transferred (after compression)
 * and as decoded. Run against a started product:
 *
 *   npm start &   then   npm run bench:login-weight            (BASE_URL, default http://localhost:3000)
 */
import { chromium } from '@playwright/test';

const base = process.env.BASE_URL ?? 'http://localhost:3000';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const page = await browser.newPage();
const client = await page.context().newCDPSession(page);
await client.send('Network.enable');
const byId = new Map<
  string,
  { url: string; type: string; encoding: string; decoded: number; wire: number; headers: number }
>();
client.on('Network.responseReceived', (e) => {
  byId.set(e.requestId, {
    url: e.response.url,
    type: e.type,
    encoding: String(e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? '-'),
    decoded: 0,
    wire: 0,
    // Bytes received when the response starts: the status line and headers.
    headers: e.response.encodedDataLength,
  });
});
client.on('Network.dataReceived', (e) => {
  const r = byId.get(e.requestId);
  if (r) r.decoded += e.dataLength;
});
client.on('Network.loadingFinished', (e) => {
  const r = byId.get(e.requestId);
  if (r) r.wire = e.encodedDataLength;
});
await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
await page.getByLabel('Partita IVA').waitFor();
await browser.close();

const rows = [...byId.values()];
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
for (const r of rows.sort((a, b) => b.wire - a.wire)) {
  console.log(
    `${r.type.padEnd(11)} ${r.encoding.padEnd(5)} ${kb(r.wire).padStart(10)} ${kb(r.decoded).padStart(10)}  ${r.url.replace(base, '')}`,
  );
}
const sum = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).reduce((s, r) => s + r.wire, 0);
const isJsCss = (r: (typeof rows)[number]) => r.type === 'Script' || r.type === 'Stylesheet';
const bodies = rows.filter(isJsCss).reduce((s, r) => s + r.wire - r.headers, 0);
console.log(
  `\n/login first load: ${rows.length} responses, ${kb(sum(() => true))} on the wire; ` +
    `JS + CSS ${kb(sum(isJsCss))} with headers, ${kb(bodies)} of compressed bodies`,
);
