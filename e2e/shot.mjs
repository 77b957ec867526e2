// Ad-hoc screenshot driver (not a test): node e2e/shot.mjs <base> <width> <out-prefix> <path>...
import { chromium } from '@playwright/test';
const [base, width, prefix, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(width) > 600 ? 800 : 844 } });
page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
page.on('response', (r) => { if (r.status() >= 400) console.log('HTTP', r.status(), r.url()); });
await page.goto(base + '/login');
await page.getByLabel('Partita IVA').fill('12345670017');
await page.getByLabel('Nome utente').fill(process.env.USER_NAME ?? 'admin');
await page.getByRole('textbox', { name: 'Password', exact: true }).fill('admin1234');
await page.getByRole('button', { name: 'Accedi', exact: true }).click();
await page.waitForTimeout(2500);
let i = 0;
for (const p of paths) {
  await page.goto(base + p);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `${prefix}-${i++}.png`, fullPage: true });
}
await browser.close();
