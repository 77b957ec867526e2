import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { FIXTURES } from '../fixtures';
import { signIn } from './helpers';

// A list's filters, search, sort and page live in the address (issue 22): a reload, or Back from a
// row's page, shows the same list. The forms company: two new reports are made here through the API,
// one assigned to its technician.
const CO = { piva: FIXTURES.forms.piva, password: FIXTURES.password };
const TECH = 'Tina Tecnica';

async function api(request: APIRequestContext) {
  const login = await request.post('/api/login/login', {
    headers: { source: 'WEB', 'device-id': 'e2elistaddress16' },
    data: { piva: CO.piva, username: FIXTURES.forms.office, password: CO.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()).item as { token: string };
  const headers = { authorization: `Bearer ${token}`, source: 'WEB', 'device-id': 'e2elistaddress16' };
  return {
    get: async <T>(path: string) => {
      const res = await request.get(path, { headers });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()) as T;
    },
    post: async (path: string, data: unknown) => {
      const res = await request.post(path, { headers, data });
      expect(res.status(), await res.text()).toBe(200);
    },
  };
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const rows = (page: Page) => page.getByRole('table').locator('tbody tr').allTextContents();

test('the reports list keeps its state and technician filters on reload and on Back', async ({ page, request }) => {
  const a = await api(request);
  const users = await a.get<{ items: { id: string; username: string }[] }>('/api/users/users');
  const tina = users.items.find((u) => u.username === FIXTURES.forms.technician)!.id;
  const customers = await a.get<{ items: { id: string }[] }>('/api/clienti/clienti?size=2');
  await a.post('/api/rapportini/rapportino/lavorazione', {
    cliente_id: customers.items[0]!.id,
    tecnici_ids: [tina],
    richiesta_iniziale: 'Assegnato a Tina',
  });
  await a.post('/api/rapportini/rapportino/lavorazione', {
    cliente_id: customers.items[1]!.id,
    richiesta_iniziale: 'Senza tecnico',
  });

  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, { ...CO, path: '/interventions' });
  await expect.poll(async () => (await rows(page)).length).toBeGreaterThanOrEqual(2);
  await choose(page, 'Stato', 'Nuovo');
  await choose(page, 'Tecnico', TECH);
  await expect(page).toHaveURL(/[?&]stato=NUOVO(&|$)/);
  await expect(page).toHaveURL(new RegExp(`[?&]tecnico_id=${tina}(&|$)`));
  const stato = page.getByRole('combobox', { name: 'Stato', exact: true });
  const tecnico = page.getByRole('combobox', { name: 'Tecnico', exact: true });
  await expect.poll(() => rows(page)).toHaveLength(1);
  const shown = await rows(page);
  expect(shown[0]).toContain(TECH);

  await page.reload();
  await expect(stato).toHaveValue('Nuovo');
  await expect(tecnico).toHaveValue(TECH);
  await expect.poll(() => rows(page)).toEqual(shown);

  // A row's page, then Back: the same list.
  await page.getByRole('table').locator('tbody tr').first().click();
  await expect(page).toHaveURL(/\/interventions\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Assegnato a Tina')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/[?&]stato=NUOVO(&|$)/);
  await expect(stato).toHaveValue('Nuovo');
  await expect(tecnico).toHaveValue(TECH);
  await expect.poll(() => rows(page)).toEqual(shown);

  // The menu's link to the list opens it unfiltered.
  await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Interventi' }).click();
  await expect(page).toHaveURL(/\/interventions$/);
  await expect(stato).toHaveValue('');
  await expect.poll(async () => (await rows(page)).length).toBeGreaterThanOrEqual(2);
});

test('every list keeps its filters and search in the address: customers, articles, contracts', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, { ...CO, path: '/customers' });
  await page.getByRole('textbox', { name: 'Città' }).fill('Milano');
  await page.getByRole('searchbox', { name: 'Cerca' }).fill('srl');
  await expect(page).toHaveURL(/[?&]citta=Milano(&|$)/);
  await expect(page).toHaveURL(/[?&]q=srl(&|$)/);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Città' })).toHaveValue('Milano');
  await expect(page.getByRole('searchbox', { name: 'Cerca' })).toHaveValue('srl');

  // A link with the filters opens the list filtered.
  await page.goto('/contracts?tipo=chiamata');
  await expect(page.getByRole('combobox', { name: 'Tipo', exact: true })).toHaveValue('A chiamata');
  await page.goto('/items?unita_misura=pz&sort=descrizione&dir=desc');
  await expect(page.getByRole('textbox', { name: 'Unità di misura' })).toHaveValue('pz');
  await expect(page.getByRole('columnheader', { name: /Descrizione/ })).toHaveAttribute('aria-sort', 'descending');
});
