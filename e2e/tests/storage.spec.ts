import { expect, test } from '@playwright/test';
import { FIXTURES } from '../fixtures';
import { solidPng } from './png';
import { signIn } from './helpers';

test('the storage-space screen shows used and free space, the use by section and the link to buy 5 GB', async ({
  page,
}) => {
  await signIn(page, { piva: FIXTURES.storage.piva, password: FIXTURES.password });
  await page.goto('/storage-space');
  await expect(page.getByRole('heading', { name: 'Spazio di archiviazione', level: 1 })).toBeVisible();
  await expect(page.getByTestId('storage-used')).toHaveText('0 B usati su 9 GB');
  await expect(page.getByTestId('storage-free')).toHaveText('9 GB');
  await expect(page.getByText('Il piano include 4 GB, più 1 pacchetto aggiuntivo da 5 GB.')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Spazio occupato: 0 %' })).toHaveAttribute('aria-valuenow', '0');

  // a profile photo takes space, counted under its section
  await page.goto('/profile');
  const png = solidPng(40, 40, [37, 137, 189]);
  await page.locator('input[type=file]').setInputFiles({ name: 'io.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Carica foto' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Foto aggiornata' })).toBeVisible();
  await page.goto('/storage-space');
  const row = page.locator('tr[data-section="utente"]');
  await expect(row).toContainText('Foto profilo');
  await expect(row.locator('td').nth(1)).toHaveText('1');
  await expect(row.locator('td').nth(2)).toHaveText(`${png.length} B`);
  await expect(row.locator('td').nth(3)).toHaveText('100 %');
  await expect(page.getByTestId('storage-used')).toHaveText(`${png.length} B usati su 9 GB`);

  // buying more space opens the quote with one more 5 GB pack (a trial's quote holds the whole order: 1 + 1)
  await page.getByRole('link', { name: 'Acquista 5 GB in più' }).click();
  await expect(page).toHaveURL(/\/subscription-plan\/quote\?add=storage$/);
  await expect(page.getByLabel('Pacchetti di spazio da 5 GB')).toHaveValue('2');
});

test('with the space used up, an upload is refused with a clear message and the bar is red', async ({ page }) => {
  await signIn(page, { piva: FIXTURES.storageFull.piva, password: FIXTURES.password });
  await page.goto('/profile');
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'io.png', mimeType: 'image/png', buffer: solidPng(20, 20, [200, 40, 40]) });
  await page.getByRole('button', { name: 'Carica foto' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Spazio di archiviazione esaurito' })).toBeVisible();

  await page.goto('/storage-space');
  await expect(page.getByTestId('storage-used')).toHaveText('9 GB usati su 9 GB');
  await expect(page.getByTestId('storage-free')).toHaveText('0 B');
  await expect(page.getByText('Spazio esaurito', { exact: true })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Spazio occupato: 100 %' })).toBeVisible();
});
