import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('the admin imports articles from a Windows-1252 CSV, fixes the mapping and watches the progress to the report', async ({
  page,
}) => {
  await signIn(page, { username: 'admin', path: '/data-import' });
  await expect(page.getByRole('heading', { name: 'Importazione dati da CSV' })).toBeVisible();

  const lines = ['Articolo;Descrizione;UM;Prezzo'];
  for (let i = 1; i <= 1500; i++) lines.push(`E2E-${i};Raccordo ottone ${i} ½";pz;${i},50`);
  lines.push('E2E-X;;pz;1');
  await page.getByRole('combobox', { name: 'Tabella di destinazione' }).click();
  await page.getByRole('option', { name: 'Articoli' }).click();
  await page.locator('input[type=file]').setInputFiles({
    name: 'articoli.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(lines.join('\r\n'), 'latin1'),
  });
  await page.getByRole('button', { name: 'Leggi il file' }).click();

  // "Articolo" is not a known header: the code is required and unmapped, so the import cannot start yet.
  await expect(page.getByText('articoli.csv → Articoli (codifica windows-1252)')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Raccordo ottone 1 ½"', exact: true })).toBeVisible();
  const start = page.getByRole('button', { name: 'Avvia importazione' });
  await expect(start).toBeDisabled();
  await page.getByRole('combobox', { name: 'Campo per la colonna Articolo' }).click();
  await page.getByRole('option', { name: 'Codice *' }).click();
  await expect(start).toBeEnabled();
  await start.click();

  await expect(page.getByRole('heading', { name: 'Importazione completata' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel("Avanzamento dell'importazione").getByRole('progressbar')).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(page.getByText('Fatto: 1500 creati, 0 aggiornati, 1 scartati.')).toBeVisible();
  const report = page.getByRole('table', { name: 'Righe scartate (1)' });
  await expect(report.getByRole('cell', { name: 'Descrizione: obbligatorio' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Scarica CSV degli scarti' }).click();
  expect((await download).suggestedFilename()).toBe('scarti-articoli.csv');
});
