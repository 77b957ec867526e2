import { expect, test } from '@playwright/test';
import { FIXTURES } from '../fixtures';
import { signIn } from './helpers';

test('buys a technician licence with a card that needs 3-D Secure', async ({ page }) => {
  await signIn(page, { piva: FIXTURES.buyer.piva, password: FIXTURES.password, landsOn: null });
  await expect(page).toHaveURL(/\/$/);
  // trial banner with days left, and the dashboard's licence meter
  await expect(page.locator('[data-banner="trial"]')).toContainText('Prova gratuita non ancora confermata');
  await expect(page.getByText('0 usate su 3').first()).toBeVisible();

  await page.goto('/subscription-plan/technicians');
  await expect(page.getByTestId('licences')).toHaveText('0 usate su 3');
  await page.getByLabel('Licenze da aggiungere').fill('1');
  await page.getByRole('button', { name: 'Acquista licenze' }).click();

  await expect(page).toHaveURL(/\/subscription-plan\/checkout$/);
  await expect(page.getByTestId('total')).toContainText('1.160,00');
  // client validation first: a wrong number and a 4-digit code for a Visa card
  await page.getByLabel('Intestatario').fill('Bruno Acquisti');
  await page.getByLabel('Numero della carta').fill('4000 0000 0000 3221');
  await page.getByLabel('Scadenza').fill('1230');
  await page.getByLabel('Codice di sicurezza').fill('123');
  await page.getByRole('button', { name: 'Paga con carta' }).click();
  await expect(page.getByText('Numero di carta non valido')).toBeVisible();
  await page.getByLabel('Numero della carta').fill('4000 0000 0000 3220');
  await page.getByRole('button', { name: 'Paga con carta' }).click();

  // the sandbox's 3-D Secure page, then back to the checkout
  await expect(page).toHaveURL(/\/public\/3ds-sandbox\?challenge=/);
  await expect(page.getByText(/Autorizzi il pagamento di .*1\.160,00.*3220/)).toBeVisible();
  await page.getByRole('button', { name: 'Autorizza' }).click();
  await expect(page).toHaveURL(/\/subscription-plan\/checkout\?challenge=/);
  await expect(page.getByTestId('checkout-done')).toContainText('Pagamento riuscito');

  await page.getByRole('link', { name: 'Vai al tuo abbonamento' }).click();
  await expect(page.getByTestId('licences')).toHaveText('0 usate su 4');
  await expect(page.getByTestId('state')).toHaveText('Attivo');
  await expect(page.getByText('VISA •••• 3220')).toBeVisible();
  // confirmed: no trial banner any more
  await expect(page.locator('[data-banner="trial"]')).toHaveCount(0);
});

test('an expired company is kept on the subscription pages', async ({ page }) => {
  await signIn(page, { piva: FIXTURES.expired.piva, password: FIXTURES.password, landsOn: null });
  await expect(page).toHaveURL(/\/subscription-plan\/subscription$/);
  await expect(page.locator('[data-banner="trialExpired"]')).toBeVisible();
  await expect(page.getByTestId('state')).toHaveText('Scaduto');
  for (const path of ['/', '/company', '/technicians']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/subscription-plan\/subscription$/);
  }
  // the other subscription pages and the checkout stay open
  await page.goto('/subscription-plan/quote');
  await expect(page).toHaveURL(/\/subscription-plan\/quote$/);
  await expect(page.getByTestId('total')).toBeVisible();
  await page.goto('/subscription-plan/checkout');
  await expect(page).toHaveURL(/\/subscription-plan\/checkout$/);
});
