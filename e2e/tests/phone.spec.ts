import { expect, test, type Locator, type Page } from '@playwright/test';
import { FIXTURES } from '../fixtures';
import { signIn } from './helpers';
import { solidPng } from './png';

// A 390 px phone, on the company with the demo's sample registries (customers with plants and machines).
const CO = { piva: FIXTURES.sample.piva, password: FIXTURES.password };
test.use({ viewport: { width: 390, height: 844 } });

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** From the customers list (cards on a phone) to the first customer's page, through its tel: link's card. */
async function openFirstCustomer(page: Page): Promise<Locator> {
  await page.goto('/customers');
  const main = page.getByRole('main');
  const card = main.getByRole('listitem').first();
  await expect(card).toBeVisible();
  // The list's phone numbers call: a tel: link in the card.
  const call = card.locator('a[href^="tel:"]');
  await expect(call).toHaveCount(1);
  expect(await call.getAttribute('href')).toMatch(/^tel:\+?\d{6,}$/);
  const name = (await card.locator('p').first().textContent())!.trim();
  await card.locator('p').first().click();
  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
  await expect(main.getByRole('heading', { name, level: 1 })).toBeVisible();
  return main;
}

test('a technician at 390 px opens a customer: numbers are tel: links, the plant’s address opens the maps app; no photo without write permission on machines', async ({
  page,
}) => {
  await signIn(page, { ...CO, username: 'tecnico' });
  const main = await openFirstCustomer(page);

  // On the customer's page, the phone number is a tel: link too.
  const phone = main.locator('a[href^="tel:"]').first();
  await expect(phone).toBeVisible();
  expect(await phone.getAttribute('href')).toMatch(/^tel:\+?\d{6,}$/);
  // The customer's address and each plant's open the maps app.
  const plants = main.getByRole('region', { name: 'Impianti' });
  const plantAddress = plants.locator('a[href^="https://www.google.com/maps/search/"]').first();
  await expect(plantAddress).toBeVisible();
  await expect(plantAddress).toHaveAttribute('target', '_blank');

  // The technician reads machines (default permissions: registries read only): no camera button.
  await plants.getByRole('button', { expanded: false }).first().click();
  const machines = plants.getByRole('list', { name: 'Macchinari' });
  await expect(machines.getByRole('listitem').first()).toBeVisible();
  await machines
    .getByRole('button', { name: /^Foto e documenti: / })
    .first()
    .click();
  const files = page.getByRole('dialog', { name: /^Foto e documenti di / });
  await expect(files).toBeVisible();
  await expect(files.getByRole('button', { name: 'Scatta una foto' })).toHaveCount(0);
  await expect(page.locator('input[type=file][capture]')).toHaveCount(0);
  await noSidewaysScroll(page);
});

test('the administrator on a 390 px phone adds a machine photo through the camera input (the demo technician may not write machines)', async ({
  page,
}) => {
  await signIn(page, { ...CO, username: 'admin' });
  const main = await openFirstCustomer(page);
  const plants = main.getByRole('region', { name: 'Impianti' });
  await plants.getByRole('button', { expanded: false }).first().click();
  const machines = plants.getByRole('list', { name: 'Macchinari' });
  const machine = machines.getByRole('listitem').first();
  await expect(machine).toBeVisible();
  await machine.getByRole('button', { name: /^Foto e documenti: / }).click();
  const files = page.getByRole('dialog', { name: /^Foto e documenti di / });
  await expect(files.getByRole('button', { name: 'Scatta una foto' })).toBeVisible();

  // The back camera on a phone: an image input with capture="environment".
  const camera = page.locator('input[type=file][capture]');
  await expect(camera).toHaveAttribute('capture', 'environment');
  await expect(camera).toHaveAttribute('accept', 'image/*');
  await camera.setInputFiles({
    name: 'targa-caldaia.png',
    mimeType: 'image/png',
    buffer: solidPng(80, 60, [200, 90, 40]),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'File «targa-caldaia.png» caricato' })).toBeVisible();
  await expect(files.getByText('targa-caldaia.png')).toBeVisible();
  await noSidewaysScroll(page);
});

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
