import { chromium } from 'playwright';
const base = 'http://localhost:3200';
const [user, width, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({
  viewport: { width: Number(width), height: 900 },
  locale: 'it-IT',
  serviceWorkers: 'block',
});
const page = await ctx.newPage();
await page.goto(base + '/login');
await page.getByLabel('Partita IVA').fill('12345670017');
await page.getByLabel('Nome utente').fill(user);
await page.getByRole('textbox', { name: 'Password', exact: true }).fill('admin1234');
await page.getByRole('button', { name: 'Accedi', exact: true }).click();
await page.waitForURL(/\/$/);
const no = page.getByRole('button', { name: 'No, grazie' });
if (await no.isVisible({ timeout: 3000 }).catch(() => false)) await no.click();
for (const p of paths) {
  await page.goto(base + p);
  await page.waitForTimeout(2000);
  const name = `${user}-${width}-${p.replace(/[^a-z0-9]+/gi, '_')}.png`;
  await page.screenshot({ path: '/tmp/shots/' + name, fullPage: true });
  console.log(name);
}
await browser.close();
