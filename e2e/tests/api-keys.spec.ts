import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

// Issue 28 (API keys): an administrator generates a key with one scope on /external-integrations, sees it once and
// copies it, the key reads the customers over the API and is refused a write, the list shows only its first and last
// characters, and revoking it stops it at once. Accessibility checked, screenshot at 1366 px.
const SHOTS = '/work/notes';

test('an administrator generates an API key, sees it once, uses it and revokes it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, { path: '/external-integrations' });
  await expect(page.getByRole('heading', { name: 'Integrazioni esterne' })).toBeVisible();

  const name = `Gestionale e2e ${Date.now()}`;
  await page.getByRole('button', { name: 'Nuova chiave' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuova chiave' });
  // Nothing chosen: the form says what is missing.
  await dialog.getByRole('button', { name: 'Genera la chiave' }).click();
  await expect(dialog.getByText('Il nome è obbligatorio')).toBeVisible();
  await expect(dialog.getByText('Scegli almeno un permesso')).toBeVisible();
  await dialog.getByLabel('Nome').fill(name);
  await dialog.getByRole('checkbox', { name: 'Clienti: Lettura', exact: true }).check();
  await dialog.getByRole('button', { name: 'Genera la chiave' }).click();

  const shown = page.getByRole('dialog', { name: 'La tua nuova chiave API' });
  await expect(shown.getByText('non sarà più mostrata')).toBeVisible();
  const key = (await shown.getByTestId('api-key-value').textContent())!.trim();
  expect(key).toMatch(/^fsk_[0-9A-Za-z]{38}$/);
  await shown.getByRole('button', { name: 'Copia', exact: true }).click();
  await expect(shown.getByRole('button', { name: 'Copiata' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await assertAccessible(page, 'the key shown once');

  // The key reads what its scope allows, and nothing else.
  const headers = { authorization: `Bearer ${key}`, source: 'API' };
  const read = await page.request.get('/api/clienti/clienti-filtered', { headers });
  expect(read.status(), await read.text()).toBe(200);
  expect(await read.json()).toMatchObject({
    success: true,
    items: expect.any(Array),
    totaleElementi: expect.any(Number),
  });
  const write = await page.request.post('/api/clienti/cliente', { headers, data: { ragione_sociale: 'Da chiave' } });
  expect(write.status()).toBe(403);

  await shown.getByRole('button', { name: 'Ho copiato la chiave' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(`${key.slice(0, 8)}…${key.slice(-4)}`);
  await expect(row).toContainText('Attiva');
  await expect(page.locator('body')).not.toContainText(key);
  await assertAccessible(page, 'the list of keys');
  await page.screenshot({ path: `${SHOTS}/shots-api-keys-1366.png`, fullPage: true });

  await row.getByRole('button', { name: `Revoca: ${name}` }).click();
  await page.getByRole('dialog', { name: 'Revocare la chiave?' }).getByRole('button', { name: 'Revoca' }).click();
  await expect(row).toContainText('Revocata');
  expect((await page.request.get('/api/clienti/clienti-filtered', { headers })).status()).toBe(401);
});

async function assertAccessible(page: import('@playwright/test').Page, what: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${what}: accessibility findings`).toEqual([]);
}
