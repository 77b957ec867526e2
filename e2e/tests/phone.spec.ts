import { expect, test } from '@playwright/test';
import { FIXTURES } from '../fixtures';
import { signIn } from './helpers';

// A 390 px phone, on the company with the demo's sample registries (customers with plants and machines).
const CO = { piva: FIXTURES.sample.piva, password: FIXTURES.password };
test.use({ viewport: { width: 390, height: 844 } });

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('on a 390 px phone the toast after saving stays clear of the save button (options, sticky save bar)', async ({
  page,
}) => {
  await signIn(page, { ...CO, username: 'admin', path: '/options' });
  const main = page.getByRole('main');
  await main.getByRole('switch', { name: 'Timbrature attive' }).click({ force: true });
  const save = main.getByRole('button', { name: 'Salva', exact: true });
  await expect(save).toBeEnabled();
  await save.click();
  const toast = page.getByRole('alert').filter({ hasText: 'Opzioni salvate' });
  await expect(toast).toBeVisible();
  // The sticky bar keeps the button in sight at the bottom; the toast is at the top, wholly on screen.
  await expect(save).toBeInViewport();
  const toastBox = (await toast.boundingBox())!;
  const saveBox = (await save.boundingBox())!;
  expect(overlaps(toastBox, saveBox), 'toast over the save button').toBe(false);
  expect(toastBox.y).toBeGreaterThanOrEqual(0);
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(844);
  expect(toastBox.y + toastBox.height).toBeLessThan(saveBox.y);
});
