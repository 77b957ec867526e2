import { expect, test } from '@playwright/test';
import { loginLive } from './helpers';

test('asking a reset for an unknown address shows the same neutral message', async ({ page }) => {
  await page.goto('/access/reset-password');
  await expect(page.getByRole('heading', { name: 'Reimposta la password' })).toBeVisible();
  const answer = page.waitForResponse((r) => r.url().includes('/api/utenti/utente/reset-password/init'));
  await page.getByLabel('Indirizzo email').fill('nessuno@esempio.invalid');
  await page.getByRole('button', { name: 'Invia il link' }).click();
  expect((await answer).status()).toBe(404);
  await expect(page.getByRole('status').filter({ hasText: 'Richiesta inviata' })).toContainText(
    "Se l'indirizzo è registrato riceverai a breve",
  );
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a bogus reset link shows the reset problem and offers a new link', async ({ page }) => {
  await page.goto('/access/reset-password?token=bogus');
  await page.getByRole('textbox', { name: 'Nuova password', exact: true }).fill('una-password-nuova');
  await page.getByRole('textbox', { name: 'Ripeti la nuova password' }).fill('una-password-nuova');
  await page.getByRole('button', { name: 'Salva la nuova password' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Problemi durante il reset della password, riprovare.');
  await alert.getByRole('link', { name: 'Richiedi un nuovo link' }).click();
  await expect(page).toHaveURL(/\/access\/reset-password$/);
  await expect(page.getByLabel('Indirizzo email')).toBeVisible();
});

test('mismatching new passwords are refused in the page, without calling the server', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/reset-password/confirm')) calls.push(r.url());
  });
  await page.goto('/access/reset-password?token=bogus');
  const repeat = page.getByRole('textbox', { name: 'Ripeti la nuova password' });
  await page.getByRole('textbox', { name: 'Nuova password', exact: true }).fill('una-password-nuova');
  await repeat.fill('una-password-diversa');
  await page.getByRole('button', { name: 'Salva la nuova password' }).click();
  await expect(repeat).toHaveAccessibleDescription('Le due password non coincidono');
  await expect(repeat).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(calls).toEqual([]);
});

test('the password fields name their visibility toggle in Italian', async ({ page }) => {
  await page.goto('/login');
  await loginLive(page);
  const toggle = page.getByRole('button', { name: 'Mostra o nascondi la password' });
  await expect(toggle).toHaveCount(1);
  await toggle.click();
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveAttribute('type', 'text');
});
