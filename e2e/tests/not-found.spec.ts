import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

// An id the company does not hold, or that is no id at all, is a page that does not exist: the
// product's 404 page, not a load error (spec: "A page whose validation fails also gives 404").
const UNKNOWN = '0b9c5a3e-6d1f-4c2a-9e8b-7f3a2c1d0e9f';

test('unknown and malformed ids of detail pages show the 404 page', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);
  for (const path of [
    `/interventions/${UNKNOWN}`,
    `/customers/${UNKNOWN}`,
    `/contracts/${UNKNOWN}`,
    '/interventions/not-an-id',
    '/customers/123',
    '/contracts/x',
  ]) {
    await page.goto(path);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 }), path).toHaveText('Questa pagina non è stata trovata');
    await expect(main, path).toContainText('404');
    await expect(main.getByText('Problemi nel caricamento'), path).toHaveCount(0);
    await expect(page, path).toHaveTitle(/^Questa pagina non è stata trovata · /);
    // The menu stays: the user is still in the product.
    await expect(page.getByRole('navigation', { name: 'Menu principale' }), path).toBeVisible();
  }
});
