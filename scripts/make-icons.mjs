// Renders the app icons (apps/web/public/icons) from the favicon's drawing in headless Chromium.
// Run from the e2e workspace (it has Playwright): `node ../scripts/make-icons.mjs`.
import { chromium } from 'playwright';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const out = fileURLToPath(new URL('../apps/web/public/icons/', import.meta.url));
mkdirSync(out, { recursive: true });
const mark = (stroke) =>
  `<path d="M9 22l5-12 4 8 2-4 3 8" fill="none" stroke="${stroke}" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>`;
// "any": the rounded tile; "maskable": full-bleed colour with the mark inside the 80% safe zone.
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#2589bd"/>${mark('#fff')}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-6 -6 44 44"><rect x="-6" y="-6" width="44" height="44" fill="#2589bd"/>${mark('#fff')}</svg>`;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
for (const [name, svg, size] of [
  ['icon-192.png', any, 192],
  ['icon-512.png', any, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
  );
  await page.screenshot({ path: out + name, omitBackground: true });
  await page.close();
}
await browser.close();
console.log('icons written to', out);
