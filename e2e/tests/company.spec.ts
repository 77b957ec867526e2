import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { solidPng } from './png';

test('the admin corrects the company data, saves it and uploads a logo', async ({ page }) => {
  await signIn(page, { username: 'admin', path: '/company' });
  const name = page.getByLabel('Ragione sociale');
  const vat = page.getByLabel('Partita IVA');
  const phone = page.getByLabel('Telefono');
  await expect(name).toHaveValue('Demo Impianti S.r.l.');

  // The saves the server took (a request refused for an expired 8-second token is sent again after the refresh).
  const saves: string[] = [];
  page.on('response', (r) => {
    const q = r.request();
    if (q.method() === 'POST' && q.url().endsWith('/api/aziende/azienda') && r.status() !== 401) saves.push(q.url());
  });
  await name.fill('');
  await vat.fill('12345670018'); // wrong check digit
  await page.getByRole('button', { name: 'Salva', exact: true }).click();
  await expect(name).toHaveAccessibleDescription('Campo obbligatorio');
  await expect(vat).toHaveAccessibleDescription(
    'La cifra di controllo della partita IVA non è corretta: ricontrolla il numero',
  );
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert').filter({ hasText: 'controlla quelli evidenziati' })).toBeVisible();
  expect(saves).toEqual([]);

  await name.fill('Demo Impianti S.r.l.');
  await vat.fill('12345670017');
  await phone.fill('011 5551234');
  await page.getByRole('button', { name: 'Salva', exact: true }).click();
  const saved = page.getByRole('alert').filter({ hasText: 'Dati aziendali salvati' });
  await expect(saved).toBeVisible();
  await expect(saved.getByRole('button', { name: 'Chiudi la notifica' })).toBeVisible();
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  expect(saves).toHaveLength(1);
  await page.reload();
  await expect(phone).toHaveValue('011 5551234');

  // Logo: none yet; a small PNG made here is uploaded and shown.
  const logoCard = page.getByRole('heading', { name: 'Logo', exact: true }).locator('..');
  await expect(logoCard).toContainText('Nessun logo caricato');
  await expect(page.getByRole('button', { name: 'Carica il logo' })).toBeDisabled();
  await page.locator('input[type=file]').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: solidPng(48, 24, [37, 137, 189]),
  });
  await expect(page.getByRole('img', { name: 'Anteprima del nuovo logo' })).toBeVisible();
  await page.getByRole('button', { name: 'Carica il logo' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Logo aggiornato' })).toBeVisible();
  const current = page.getByRole('img', { name: 'Logo attuale' });
  await expect(current).toBeVisible();
  await expect.poll(() => current.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);

  // A second upload asks first, in a dialog whose close button is named in Italian.
  await page.locator('input[type=file]').setInputFiles({
    name: 'logo2.png',
    mimeType: 'image/png',
    buffer: solidPng(30, 30, [200, 40, 40]),
  });
  await page.getByRole('button', { name: 'Carica il logo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sostituire il logo?' });
  await expect(dialog.getByRole('button', { name: 'Chiudi la finestra' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Sostituisci' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => current.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(30);

  await page.goto('/');
  await expect(page.getByRole('img', { name: 'Logo di Demo Impianti S.r.l.' })).toBeVisible();
});

test('leaving the company page with unsaved changes asks first; kept, then discarded', async ({ page }) => {
  await signIn(page, { username: 'admin', path: '/company' });
  const phone = page.getByLabel('Telefono');
  await expect(page.getByLabel('Ragione sociale')).toHaveValue(/.+/);
  const before = await phone.inputValue();
  await phone.fill('051 000 1111');
  const nav = page.getByRole('navigation', { name: 'Menu principale' });
  await nav.getByRole('link', { name: 'Home' }).click();
  const dialog = page.getByRole('dialog', { name: 'Modifiche non salvate' });
  await expect(dialog).toContainText('Lasciare la pagina senza salvare?');
  await dialog.getByRole('button', { name: 'Continua a modificare' }).click();
  await expect(page).toHaveURL(/\/company$/);
  await expect(phone).toHaveValue('051 000 1111');
  await nav.getByRole('link', { name: 'Home' }).click();
  await page
    .getByRole('dialog', { name: 'Modifiche non salvate' })
    .getByRole('button', { name: 'Esci senza salvare' })
    .click();
  await expect(page).toHaveURL(/\/$/);
  // Nothing was saved.
  await nav.getByRole('link', { name: 'Azienda' }).click();
  await expect(page.getByLabel('Telefono')).toHaveValue(before);
});
