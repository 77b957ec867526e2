import { expect, test } from '@playwright/test';
import { chooseLanguage, signIn } from './helpers';

test('unauthenticated visits go to the login page with the path to return to', async ({ page }) => {
  await page.goto('/company');
  await expect(page).toHaveURL(/\/login\?redirectAfterLogin=%2Fcompany$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('wrong password shows the translated alert', async ({ page }) => {
  await signIn(page, { username: 'luca.bianchi', password: 'wrong-password', landsOn: null });
  await expect(page.getByRole('alert')).toContainText(/password/i);
  await expect(page).toHaveURL(/\/login$/);
});

test('the demo admin signs in, sees menu and home, switches to English and back, signs out', async ({ page }) => {
  await signIn(page, { username: 'admin' });
  const menu = page.getByRole('navigation');
  await expect(menu.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Azienda' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('Demo Impianti S.r.l.');
  await expect(main).toContainText('12345670017');
  await expect(page.getByRole('banner')).toContainText('Anna Ferrari');

  await chooseLanguage(page, /Lingua/, 'English');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Company' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'i18n_redirected')?.value).toBe('en');

  await chooseLanguage(page, /Language/, 'Italiano');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Azienda' })).toBeVisible();

  await page.getByRole('button', { name: 'Esci' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('fs.token'))).toBeNull();
  await page.goto('/company');
  await expect(page).toHaveURL(/\/login\?redirectAfterLogin=%2Fcompany/);
});

test('an expired access token is refreshed without the user noticing', async ({ page }) => {
  await signIn(page, { username: 'admin' });
  const refreshes: number[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/session/generate-access-token')) refreshes.push(r.status());
  });
  // The e2e server's access tokens live 8 s: wait until the server refuses the stored one.
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('fs.token'),
    deviceId: localStorage.getItem('fs.deviceId'),
  }));
  const headers = { authorization: `Bearer ${stored.token}`, 'device-id': stored.deviceId ?? '', source: 'WEB' };
  await expect
    .poll(async () => (await page.request.get('/api/session/session', { headers })).status(), {
      timeout: 20_000,
      intervals: [1_000],
    })
    .toBe(401);
  await page.reload(); // every query asks the server again, with the expired token
  await expect(page.getByRole('main')).toContainText('Demo Impianti S.r.l.');
  await page.getByRole('navigation').getByRole('link', { name: 'Azienda' }).click();
  await expect(page).toHaveURL(/\/company$/);
  await expect(page.getByLabel('Ragione sociale')).toHaveValue('Demo Impianti S.r.l.');
  expect(refreshes).toContain(200);
  await expect(page).not.toHaveURL(/login|error/);
});

test('a second sign-in elsewhere sends the first browser to the 0017 page', async ({ browser }) => {
  const first = await browser.newContext();
  const second = await browser.newContext();
  const p1 = await first.newPage();
  const p2 = await second.newPage();
  await signIn(p1, { username: 'mario.rossi' });
  await signIn(p2, { username: 'mario.rossi' });
  await p1.reload();
  await expect(p1).toHaveURL(/\/public\/error\?key=0017/);
  await expect(p1.getByRole('main')).toContainText(/altro dispositivo/);
  // only a new device id may remain
  await expect.poll(() => p1.evaluate(() => localStorage.length)).toBeLessThanOrEqual(1);
  await p2.reload();
  await expect(p2).toHaveURL(/\/$/);
  await first.close();
  await second.close();
});
