import { expect, test } from '@playwright/test';
import { FIXTURES } from '../fixtures';
import { signIn } from './helpers';

const CO = { piva: FIXTURES.reports.piva, password: FIXTURES.password };
const SHOTS = process.env.E2E_SHOTS_DIR;

test('the office mails the report to the customer; the log shows it sent', async ({ page }) => {
  await signIn(page, CO);
  const no = page.getByRole('button', { name: 'No, grazie' });
  if (await no.isVisible({ timeout: 1_500 }).catch(() => false)) await no.click();
  await page.goto('/new-intervention');
  const customer = page.getByRole('combobox', { name: 'Cliente', exact: true });
  await customer.click();
  // The last customer offered: the reports flow (reports.spec.ts) counts the first one's reports.
  await page.getByRole('option').last().click();
  await page.getByRole('button', { name: 'Crea intervento' }).click();
  await expect(page).toHaveURL(/\/interventions\/[0-9a-f-]{36}$/);
  const log = page.getByRole('region', { name: 'Registro invii' });
  await expect(log.getByText('Il rapportino non è ancora stato inviato.')).toBeVisible();

  await page.getByRole('button', { name: 'Invia al cliente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invia il rapportino al cliente' });
  const recipients = dialog.getByRole('list', { name: 'Destinatari' });
  // Whatever the customer's own email, the list starts from it (once loaded): cleared here for a known state.
  await expect(dialog.getByText('…', { exact: true })).toBeHidden();
  for (const bin of await recipients.getByRole('button').all()) await bin.click();
  await dialog.getByRole('button', { name: 'Invia', exact: true }).click();
  await expect(dialog.getByText('Indica almeno un destinatario')).toBeVisible();
  const input = dialog.getByLabel('Aggiungi un indirizzo');
  await input.fill('non-valida');
  await dialog.getByRole('button', { name: 'Aggiungi' }).click();
  await expect(dialog.getByText('Indirizzo email non valido')).toBeVisible();
  await input.fill('Cliente.Invio@example.test');
  await input.press('Enter');
  await input.fill('ufficio.invio@example.test');
  await input.press('Enter');
  await input.fill('cliente.invio@example.test');
  await input.press('Enter');
  await expect(dialog.getByText('Indirizzo già presente')).toBeVisible();
  await input.fill('');
  await recipients.getByRole('button', { name: 'Togli ufficio.invio@example.test' }).click();
  await expect(recipients.getByRole('listitem')).toHaveText(['cliente.invio@example.test']);
  await dialog.getByRole('button', { name: 'Invia', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  // Queued, then sent by the job (the e2e server writes mails to its log): the log refreshes by itself.
  const row = log.getByRole('row').filter({ hasText: 'cliente.invio@example.test' });
  await expect(row).toBeVisible();
  await expect(row.getByText('Inviato')).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/report-mail-log.png`, fullPage: true });
});
