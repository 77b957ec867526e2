import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { FIXTURES } from '../fixtures';
import { signIn } from './helpers';

/**
 * Automated accessibility checks (axe-core, WCAG 2.1 A and AA rules) of the
 * registry screens, filled with the demo's sample data. Serious and critical
 * findings fail the test; each is listed with the elements it concerns.
 */
async function expectAccessible(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n${v.nodes
          .slice(0, 8)
          .map((n) => `  ${n.target.join(' ')}: ${n.any[0]?.message ?? n.failureSummary}`)
          .join('\n')}`,
    );
  expect(serious, `${what}: accessibility findings`).toEqual([]);
}

test('the registry screens have no serious accessibility findings', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, { piva: FIXTURES.sample.piva, password: FIXTURES.password });
  const main = page.getByRole('main');

  await page.goto('/customers');
  await expect(main.getByText(/36 elementi/)).toBeVisible();
  await expectAccessible(page, 'customers');

  await main.getByRole('row').nth(1).getByRole('cell').nth(1).click();
  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
  await expect(main.getByRole('heading', { name: 'Impianti' })).toBeVisible();
  await expectAccessible(page, 'customer page');

  await page.goto('/items');
  await expect(main.getByText(/120 elementi/)).toBeVisible();
  await expectAccessible(page, 'items');

  await page.goto('/jobs');
  await expect(main.getByText('Manutenzione caldaie')).toBeVisible();
  await expectAccessible(page, 'jobs');

  await page.goto('/data-import');
  await expect(main.getByText('Trascina qui il file CSV o fai clic per sceglierlo')).toBeVisible();
  await expectAccessible(page, 'data import');

  await page.goto('/storage-space');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'storage space');
});

test('the sign-in page and the administration screens have no serious accessibility findings', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Accedi', exact: true })).toBeVisible();
  await expectAccessible(page, 'login');

  await signIn(page, { piva: FIXTURES.sample.piva, password: FIXTURES.password });
  await expectAccessible(page, 'home');
  for (const path of ['/company', '/options', '/subscription-plan', '/technicians', '/permission-groups', '/profile']) {
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, path);
  }
});

test('the work report screens have no serious accessibility findings, on a desktop and on a phone', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // One report with a day and a material, made through the API.
  const device = 'e2ea11yreports01';
  const login = await request.post('/api/login/login', {
    headers: { source: 'WEB', 'device-id': device },
    data: { piva: FIXTURES.sample.piva, username: 'admin', password: FIXTURES.password },
  });
  const headers = { authorization: `Bearer ${(await login.json()).item.token}`, source: 'WEB', 'device-id': device };
  const users = (await (await request.get('/api/users/users', { headers })).json()).items as {
    id: string;
    role: string;
  }[];
  const tech = users.find((u) => u.role === 'user')!;
  const customer = (await (await request.get('/api/clienti/clienti-filtered?size=1', { headers })).json()).items[0];
  const created = await request.post('/api/rapportini/rapportino/lavorazione', {
    headers,
    data: {
      cliente_id: customer.id,
      tecnici_ids: [tech.id],
      richiesta_iniziale: 'Verifica annuale',
      giornate: [{ data: '2026-11-20', tecnico_id: tech.id, totale_ore: '2', km_viaggio: '10', ore_viaggio: '0.5' }],
      materiali: [{ descrizione: 'Guarnizione', quantita: '2', importo_unitario: '1.50' }],
    },
  });
  expect(created.status()).toBe(200);
  const id = (await created.json()).item.id;

  await signIn(page, { piva: FIXTURES.sample.piva, password: FIXTURES.password });
  const main = page.getByRole('main');
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await page.goto('/interventions');
    await expect(main.getByText(customer.ragione_sociale).first()).toBeVisible();
    await expectAccessible(page, `interventions at ${width}`);
    await page.goto(`/interventions/${id}`);
    await expect(main.getByRole('region', { name: 'Prezzi' })).toBeVisible();
    await expectAccessible(page, `report at ${width}`);
    // Nothing scrolls sideways, prices included.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `report at ${width}: sideways scrolling`).toBeLessThanOrEqual(0);
    await page.goto('/new-intervention');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, `new report at ${width}`);
    await page.goto('/custom-intervention');
    await expect(main.getByRole('tab', { name: 'Campi personalizzati' })).toBeVisible();
    await expectAccessible(page, `custom intervention at ${width}`);
  }
});
