import { expect, test, type Page } from '@playwright/test';
import { FIXTURES } from '../fixtures';
import { signIn } from './helpers';

// Forms as a new user meets them (issue 22): Enter in a date field, an appointment without its time,
// closing a report whose mandatory fields are still empty.
const CO = { piva: FIXTURES.forms.piva, password: FIXTURES.password };
const [PRESSURE, SAFE] = FIXTURES.forms.fields;

async function pickCustomer(page: Page) {
  await page.getByRole('combobox', { name: 'Cliente', exact: true }).click();
  await page.getByRole('option').first().click();
}

/**
 * Counts the report saves the server received. A request refused with 401 (the browser tests' access
 * tokens live 8 s; the client refreshes and sends it again) is not a save.
 */
function countSaves(page: Page) {
  const saves = { n: 0 };
  page.on('response', (r) => {
    const q = r.request();
    if (
      q.method() === 'POST' &&
      r.status() !== 401 &&
      /\/api\/rapportini\/rapportino\/(lavorazione|admin\/update)$/.test(q.url())
    )
      saves.n++;
  });
  return saves;
}

test('Enter in the appointment date submits nothing; a date without its time is not saved as 08:00', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, { ...CO, path: '/new-intervention' });
  const saves = countSaves(page);
  await pickCustomer(page);
  const date = page.getByRole('textbox', { name: 'Data appuntamento' });
  await date.fill('23/11/2026');
  await date.press('Enter');
  // Enter in the time's fields submits nothing either.
  await page.getByRole('spinbutton', { name: 'Ora: ore' }).press('Enter');
  await page.waitForTimeout(800);
  expect(saves.n).toBe(0);
  await expect(page).toHaveURL(/\/new-intervention$/);
  // Creating with the date but no time: the time is asked for, nothing is sent.
  await page.getByRole('button', { name: 'Crea intervento' }).click();
  await expect(page.getByText("Indica l'ora dell'appuntamento")).toBeVisible();
  expect(saves.n).toBe(0);
  await page.getByRole('spinbutton', { name: 'Ora: ore' }).fill('10');
  await page.getByRole('spinbutton', { name: 'Ora: minuti' }).fill('15');
  await expect(page.getByText("Indica l'ora dell'appuntamento")).toHaveCount(0);
  await page.getByRole('button', { name: 'Crea intervento' }).click();
  await expect(page).toHaveURL(/\/interventions\/[0-9a-f-]{36}$/);
  expect(saves.n).toBe(1);
  await expect(page.getByRole('textbox', { name: 'Data appuntamento' })).toHaveValue('23/11/2026');
  await expect(page.getByRole('spinbutton', { name: 'Ora: ore' })).toHaveValue('10');
  await expect(page.getByRole('spinbutton', { name: 'Ora: minuti' })).toHaveValue('15');
  // The new page opens at its top, its title in view.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
});

for (const width of [1366, 390]) {
  test(`closing with mandatory fields empty scrolls to the first one, focuses and marks them (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await signIn(page, { ...CO, path: '/new-intervention' });
    await pickCustomer(page);
    await page.getByRole('button', { name: 'Crea intervento' }).click();
    await expect(page).toHaveURL(/\/interventions\/[0-9a-f-]{36}$/);
    // Every required field shows its asterisk, the yes/no one too.
    const safe = page.getByRole('checkbox', { name: SAFE });
    await expect(page.locator('label', { hasText: SAFE })).toContainText('*');
    await expect(page.locator('label', { hasText: PRESSURE })).toContainText('*');
    const pressure = page.getByRole('textbox', { name: PRESSURE });
    await expect(pressure).not.toBeInViewport();

    await page.getByRole('button', { name: 'Chiudi intervento' }).click();
    await page.getByRole('button', { name: 'Chiudi comunque' }).click();
    await expect(page.getByText('Compila i campi obbligatori prima di chiudere.').first()).toBeVisible();
    // The first missing field is in view and has the focus; each missing field is marked.
    await expect(pressure).toBeInViewport();
    await expect(pressure).toBeFocused();
    await expect(pressure).toHaveAttribute('aria-invalid', 'true');
    await expect(safe).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(`${SAFE}: deve essere «Sì»`)).toBeVisible();
  });
}
