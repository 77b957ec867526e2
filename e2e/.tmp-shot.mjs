import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
for (const [w,h] of [[390,844],[1366,900]]) {
  const ctx = await b.newContext({ viewport: { width: w, height: h }, serviceWorkers: 'block' });
  const page = await ctx.newPage();
  await page.goto('http://localhost:3151/login');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/lz-after-${w}.png` });
  await page.keyboard.press('Shift');
  await page.waitForFunction(() => !document.querySelector('[aria-disabled="true"]'));
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/lz-live-${w}.png` });
  await ctx.close();
}
await b.close();
