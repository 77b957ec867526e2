import { expect, test } from '@playwright/test';
import { FIXTURES } from '../fixtures';
import { signIn } from './helpers';

const LITE = FIXTURES.lite;

test('on the lite plan a fourth technician is refused; an office user without scheduling is fine', async ({ page }) => {
  await signIn(page, { piva: LITE.piva, username: 'admin', password: FIXTURES.password });
  await page.getByRole('navigation').getByRole('link', { name: 'I miei tecnici' }).click();
  await expect(page).toHaveURL(/\/technicians$/);
  const main = page.getByRole('main');
  await expect(main.getByLabel('Licenze tecnico')).toContainText('3 di 3 in uso');
  await expect(main.getByLabel('Licenze tecnico')).toContainText('il piano lite consente al massimo 3 tecnici');
  await expect(main.getByRole('row')).toHaveCount(5);

  await main.getByRole('button', { name: 'Nuovo utente' }).click();
  const form = page.getByRole('form', { name: 'Nuovo utente' });
  await form.getByLabel('Nome', { exact: true }).fill('Quarto');
  await form.getByLabel('Cognome').fill('Tecnico');
  await form.getByLabel('Nome utente').fill('lite.quattro');
  await form.getByRole('textbox', { name: 'Password' }).fill('Caldaia-Blu-47');
  await form.getByLabel('Prezzo ora tecnico').fill('30,5');
  await form.getByRole('button', { name: 'Salva' }).click();
  const refusal = page.getByRole('dialog', { name: 'Nessuna licenza libera' });
  await expect(refusal).toContainText('Il piano lite consente al massimo 3 tecnici');
  await expect(refusal.getByRole('link', { name: 'Acquista altre licenze' })).toHaveAttribute(
    'href',
    '/subscription-plan/technicians',
  );
  await page.keyboard.press('Escape');
  await expect(refusal).toBeHidden();
  // Leaving the filled-in form asks before discarding it (Esc may have asked already).
  const discard = page.getByRole('dialog', { name: 'Modifiche non salvate' });
  if (!(await discard.isVisible())) await form.getByRole('button', { name: 'Annulla' }).click();
  await discard.getByRole('button', { name: 'Chiudi senza salvare' }).click();
  await expect(form).toBeHidden();
  await expect(main.getByRole('row', { name: /lite\.quattro/ })).toHaveCount(0);

  // the same user as non-schedulable takes no licence
  await main.getByRole('button', { name: 'Nuovo utente' }).click();
  await form.getByLabel('Nome utente').fill('lite.quattro');
  await form.getByRole('textbox', { name: 'Password' }).fill('Caldaia-Blu-47');
  await form.getByLabel('Tecnico pianificabile').uncheck();
  await form.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Utente creato')).toBeVisible();
  await expect(main.getByRole('row', { name: /lite\.quattro/ })).toBeVisible();
  await expect(main.getByLabel('Licenze tecnico')).toContainText('3 di 3 in uso');
});

test('a permission group gives its technician the company page in the menu', async ({ browser }) => {
  const tech = LITE.technicians[0];
  const techContext = await browser.newContext();
  const techPage = await techContext.newPage();
  await signIn(techPage, { piva: LITE.piva, username: tech, password: FIXTURES.password });
  const techMenu = techPage.getByRole('navigation');
  await expect(techMenu.getByRole('link', { name: 'Il mio profilo' })).toBeVisible();
  await expect(techMenu.getByRole('link', { name: 'Azienda' })).toHaveCount(0);

  const adminContext = await browser.newContext();
  const page = await adminContext.newPage();
  await signIn(page, { piva: LITE.piva, username: 'admin', password: FIXTURES.password });
  await page.getByRole('navigation').getByRole('link', { name: 'Gruppi di permessi' }).click();
  await page.getByRole('button', { name: 'Nuovo gruppo' }).click();
  const form = page.getByRole('form', { name: 'Nuovo gruppo di permessi' });
  await form.getByLabel('Nome del gruppo').fill('Ufficio tecnico');
  await form.getByLabel('Membri').click();
  await page.getByRole('option', { name: 'Uno Lite' }).click();
  await expect(page.getByRole('option', { name: /Livia Leggeri/ })).toHaveCount(0); // admins are not offered
  await form.getByRole('checkbox', { name: 'Azienda – Dati aziendali – Lettura' }).check();
  await form.getByRole('checkbox', { name: 'App mobile – Dati propri – Scrittura' }).check();
  await expect(form.getByRole('checkbox', { name: 'App mobile – Dati propri – Lettura' })).toBeChecked();
  await form.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Gruppo salvato')).toBeVisible();
  await expect(page.getByRole('main').getByRole('row', { name: /Ufficio tecnico/ })).toContainText('Uno Lite');

  // the technician signs in again and sees the company page
  await techPage.getByRole('button', { name: 'Esci' }).click();
  await expect(techPage).toHaveURL(/\/login/);
  await signIn(techPage, { piva: LITE.piva, username: tech, password: FIXTURES.password });
  await techMenu.getByRole('link', { name: 'Azienda' }).click();
  await expect(techPage).toHaveURL(/\/company$/);
  await expect(techPage.getByLabel('Ragione sociale')).toHaveValue(LITE.name);
  // read, not write: the form is read-only
  await expect(techPage.getByRole('button', { name: 'Salva' })).toHaveCount(0);
  await techContext.close();
  await adminContext.close();
});

test('the profile shows the app-access QR with its countdown; the code signs the app in once', async ({
  page,
  browser,
}) => {
  await signIn(page, { piva: LITE.piva, username: LITE.technicians[1], password: FIXTURES.password });
  await page.getByRole('navigation').getByRole('link', { name: 'Il mio profilo' }).click();
  const otpResponse = page.waitForResponse((r) => r.url().includes('/api/utenti/utente/generate-otp'));
  await page.getByRole('button', { name: 'Genera il codice QR' }).click();
  const { url } = await (await otpResponse).json();
  await expect(page.getByRole('img', { name: "Codice QR per accedere all'app" })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/Scade tra 0[12]:[0-5]\d/);

  const phone = await browser.newContext();
  const p = await phone.newPage();
  await p.goto(new URL(url).pathname + new URL(url).search);
  await expect(p.getByRole('status')).toContainText("L'app è collegata come Due Lite");
  await p.reload();
  await expect(p.getByRole('alert')).toContainText('Codice QR scaduto o già usato');
  await phone.close();
});
