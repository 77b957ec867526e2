import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import JSZip from 'jszip';
import { FIXTURES } from '../fixtures';
import { signIn } from './helpers';

const SHOTS = process.env.E2E_SHOTS_DIR;
/** The company with the demo's sample registries (customers, articles, ...). */
const CO = { piva: FIXTURES.sample.piva, password: FIXTURES.password };

test('the admin exports the customers and articles as CSV in a zip, watches it finish and opens the zip', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, { ...CO, path: '/data-export' });
  const no = page.getByRole('button', { name: 'No, grazie' });
  if (await no.isVisible({ timeout: 1_500 }).catch(() => false)) await no.click();
  await expect(page.getByRole('heading', { name: 'Esportazione dati', level: 1 })).toBeVisible();
  await expect(page.getByTestId('data-export-empty')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/data-export-1366-empty.png`, fullPage: true });

  // None, then two entities: the start button waits for a choice.
  const start = page.getByRole('button', { name: 'Avvia esportazione' });
  await page.getByRole('button', { name: 'Nessuno' }).click();
  await expect(start).toBeDisabled();
  await expect(page.getByText('Scegli almeno un tipo di dati')).toBeVisible();
  await page.getByRole('checkbox', { name: /^Clienti/ }).check();
  await page.getByRole('checkbox', { name: /^Articoli/ }).check();
  await start.click();

  const row = page.getByTestId('data-export-row').first();
  await expect(row.getByTestId('data-export-state')).toHaveText('Pronta', { timeout: 30_000 });
  await expect(row.getByText('Clienti, Articoli')).toBeVisible();
  await expect(row.getByText(/ · scaricabile fino al \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/data-export-1366.png`, fullPage: true });
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Scarica' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^esportazione-dati-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await JSZip.loadAsync(await readFile((await file.path())!));
  expect(Object.keys(zip.files).sort()).toEqual(['articoli.csv', 'clienti.csv', 'clienti_recapiti.csv']);
  const customers = (await zip.file('clienti.csv')!.async('string')).replace(/^\uFEFF/, '').split('\r\n');
  expect(customers[0]).toMatch(/^codice;ragione_sociale;partita_iva;codice_fiscale;/);
  expect(customers.filter(Boolean).length).toBeGreaterThan(1);

  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/data-export-390.png`, fullPage: true });
  }
});
