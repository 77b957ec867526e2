import { expect, test, type Page } from '@playwright/test';
import { FIXTURES } from '../fixtures';
import { signIn } from './helpers';

// Issue 13: a maintenance contract through the wizard with two activities, then an on-call one
// whose hours bar turns to warning once a 3-hour report on it is closed. The flows run in order.
test.describe.configure({ mode: 'serial' });

const CO = { piva: FIXTURES.contracts.piva, password: FIXTURES.password };
const SHOTS = process.env.E2E_SHOTS_DIR;
const year = new Date().getFullYear() + 1;

async function firstOption(page: Page, label: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  const option = page.getByRole('option').first();
  const text = (await option.textContent()) ?? '';
  await option.click();
  return text;
}

/** Types a date the Italian way; Tab leaves the field (Escape would ask to close a dialog). */
async function typeDate(page: Page, label: string, ddmmyyyy: string, scope = page.locator('body')) {
  const input = scope.getByRole('textbox', { name: label, exact: true });
  await input.click();
  await input.fill(ddmmyyyy);
  await input.press('Tab');
  await expect(input).toHaveValue(ddmmyyyy);
}

async function infoStep(page: Page, id: string, tipo: 'Manutenzione' | 'A chiamata') {
  await page.goto('/contracts/new');
  const customer = await firstOption(page, 'Cliente');
  await page.getByRole('textbox', { name: /Identificativo/ }).fill(id);
  await page.getByRole('radio', { name: new RegExp(tipo) }).check();
  await page.getByRole('button', { name: /Avanti/ }).click();
  return customer.split(' · ')[0]!;
}

test('the administrator creates a maintenance contract with two activities through the wizard and sees their dates', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, { ...CO, path: '/contracts' });
  await expect(page.getByRole('button', { name: /Nuovo contratto/ }).first()).toBeVisible();

  // Informazioni: "Avanti" is refused while the customer and identifier are missing.
  await page.goto('/contracts/new');
  await page.getByRole('button', { name: /Avanti/ }).click();
  await expect(page.getByText('Correggi i campi segnalati per continuare')).toBeVisible();
  const customer = await infoStep(page, `MAN-E2E-${year}`, 'Manutenzione');

  // Contratto: the calendar year ahead, the customer's first plant.
  await typeDate(page, 'Data inizio', `01/01/${year}`);
  await typeDate(page, 'Data fine', `31/12/${year}`);
  await firstOption(page, 'Impianti');
  await page.keyboard.press('Escape');

  // Activity 1: every 6 months.
  await page.getByRole('button', { name: 'Aggiungi attività' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /Nome dell'attività/ }).fill('Manutenzione semestrale');
  await dialog.getByRole('tab', { name: 'Date' }).click();
  const every = dialog.getByRole('textbox', { name: 'Ogni' });
  await every.fill('6');
  await every.press('Tab');
  await expect(every).toHaveValue('6');
  await expect(dialog.getByText('2 date nel periodo del contratto:', { exact: true })).toBeVisible();
  await expect(dialog).toContainText(`01/01/${year}`);
  await expect(dialog).toContainText(`01/07/${year}`);
  await dialog.getByRole('button', { name: 'Salva attività' }).click();
  await expect(page.getByText(/Manutenzione semestrale · Ogni 6 mesi · 2 date/)).toBeVisible();

  // Activity 2: two fixed dates.
  await page.getByRole('button', { name: 'Aggiungi attività' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /Nome dell'attività/ }).fill('Prova fumi');
  await dialog.getByRole('tab', { name: 'Date' }).click();
  await dialog.getByText('Variabile', { exact: true }).click();
  for (const d of [`15/03/${year}`, `15/09/${year}`]) {
    await typeDate(page, 'Data da aggiungere', d, dialog);
    await dialog.getByRole('button', { name: 'Aggiungi', exact: true }).click();
  }
  await expect(dialog.getByText('2 date nel periodo del contratto:', { exact: true })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/contract-activity-dates.png` });
  await dialog.getByRole('button', { name: 'Salva attività' }).click();
  await expect(page.getByText(/Prova fumi · 2 date variabili · 2 date/)).toBeVisible();
  await page.getByRole('button', { name: /Avanti/ }).click();

  // Impostazioni, then Riepilogo and create.
  await page.getByRole('button', { name: /Avanti/ }).click();
  await expect(page.getByText(`dal 01/01/${year} al 31/12/${year}`)).toBeVisible();
  await expect(page.getByText('2 attività, 4 date da pianificare')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/contract-summary.png`, fullPage: true });
  await page.getByRole('button', { name: 'Crea contratto' }).click();

  // The detail: the activities with their generated dates.
  await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}/);
  await expect(page.getByRole('heading', { name: `MAN-E2E-${year}` })).toBeVisible();
  await expect(page.getByText(customer).first()).toBeVisible();
  await page.getByRole('tab', { name: /Attività/ }).click();
  for (const d of [`01/01/${year}`, `01/07/${year}`, `15/03/${year}`, `15/09/${year}`]) {
    await expect(page.getByRole('cell', { name: d }).first()).toBeVisible();
  }
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/contract-activities.png`, fullPage: true });
});

test('an on-call contract of 12 hours turns to warning when a 3-hour report on it is closed', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, { ...CO, path: '/contracts' });
  const id = `CHI-E2E-${year}`;
  const customer = await infoStep(page, id, 'A chiamata');
  const now = new Date();
  const ddmmyyyy = (d: Date) =>
    `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
  await typeDate(page, 'Data inizio', ddmmyyyy(new Date(now.getTime() - 30 * 86_400_000)));
  await typeDate(page, 'Data fine', ddmmyyyy(new Date(now.getTime() + 300 * 86_400_000)));
  await page.getByRole('textbox', { name: /Ore acquistate/ }).fill('12');
  await page.getByRole('button', { name: /Avanti/ }).click();
  await page.getByRole('button', { name: /Avanti/ }).click();
  await page.getByRole('button', { name: 'Crea contratto' }).click();
  await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}/);
  const contractId = page.url().split('/').pop()!.split('?')[0]!;
  await expect(page.getByText('0 / 12 h usate').first()).toBeVisible();

  // The technician closes a 3-hour report on the contract from the app (through the API: the report
  // screens have their own tests; the admin signing in elsewhere would end this browser's session).
  const customerId = await page.getByRole('link', { name: customer }).first().getAttribute('href');
  const login = await page.request.post('/api/login/login', {
    headers: { source: 'APP', 'device-id': 'e2econtracts0001' },
    data: { piva: CO.piva, username: FIXTURES.contracts.technician, password: CO.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const tech = (await login.json()).item as { id: string; token: string };
  const headers = { authorization: `Bearer ${tech.token}`, source: 'APP', 'device-id': 'e2econtracts0001' };
  const contract = { cliente_id: customerId!.split('/').pop()! };
  const saved = await page.request.post('/api/rapportini/rapportino/lavorazione', {
    headers,
    data: {
      cliente_id: contract.cliente_id,
      contratto_id: contractId,
      tecnici_ids: [tech.id],
      richiesta_iniziale: 'Guasto al bruciatore',
      giornate: [{ data: now.toISOString().slice(0, 10), tecnico_id: tech.id, totale_ore: '3' }],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const closed = await page.request.post('/api/rapportini/rapportino/chiusura', {
    headers,
    data: { id: (await saved.json()).item.id, azione: 'chiudi' },
  });
  expect(closed.status(), await closed.text()).toBe(200);

  await page.reload();
  await expect(page.getByText('3 / 12 h usate').first()).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Ore usate: 3 di 12' })).toBeVisible();
  await expect(page.getByText('Poche ore residue').first()).toBeVisible();
  await page.goto('/contracts');
  const row = page.getByRole('row', { name: new RegExp(id) });
  await expect(row).toContainText('3 / 12 h usate');
  await expect(row).toContainText('Poche ore residue');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/contracts-list-warning.png`, fullPage: true });
});
