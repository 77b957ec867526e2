import { expect, test } from '@playwright/test';
import { FIXTURES } from '../fixtures';
import { signIn } from './helpers';

test('the first-access tour: modal with the app QR and its countdown, start, kept on its pages, cancel; the chat widget', async ({
  page,
}) => {
  // The browser's clock is ours, so the QR's two minutes can pass at once.
  await page.clock.install();
  const otps: number[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/utenti/utente/generate-otp')) otps.push(r.status());
  });
  await signIn(page, { piva: FIXTURES.tour.piva, password: FIXTURES.password });

  const modal = page.getByRole('dialog', { name: "Aggiungi i tecnici e prova l'app" });
  await expect(modal).toBeVisible();
  // Neither Escape nor a click outside closes it.
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(modal).toBeVisible();

  // Step 10 shows the app-login QR with an mm:ss countdown.
  const qr = modal.getByRole('img', { name: "Codice QR per accedere all'app" });
  await expect(qr).toBeVisible();
  await expect(modal.getByRole('timer')).toHaveText(/Scade tra 0[12]:[0-5]\d/);
  // At the end the QR and the countdown disappear; a click makes a new one.
  await page.clock.fastForward('02:05');
  await expect(qr).toBeHidden();
  await expect(modal.getByRole('timer')).toBeHidden();
  await modal.getByRole('button', { name: 'Genera il codice QR' }).click();
  await expect(qr).toBeVisible();
  await expect(modal.getByRole('timer')).toHaveText(/Scade tra 0[12]:[0-5]\d/);
  expect(otps).toEqual([200, 200]);

  // The chat widget (a local stand-in script on another origin) is shown during the free trial.
  await expect(page.locator('html')).toHaveAttribute('data-test-chat', 'shown');

  // Start: the step's first page with first-access=true and q from 0 to 999.
  await modal.getByRole('button', { name: 'Vai ai tecnici' }).click();
  await expect(page).toHaveURL(/\/(technicians|company)\?first-access=true&q=\d{1,3}$/);
  const q = Number(new URL(page.url()).searchParams.get('q'));
  expect(q).toBeGreaterThanOrEqual(0);
  expect(q).toBeLessThanOrEqual(999);
  const guide = page.getByRole('region', { name: 'Guida al primo accesso' });
  await expect(guide).toBeVisible();
  // The guide sits in the content area, beside the side menu, never under it; on a phone, within the screen.
  const menuBox = (await page.locator('#side-menu').boundingBox())!;
  const guideBox = (await guide.boundingBox())!;
  expect(guideBox.x).toBeGreaterThanOrEqual(menuBox.x + menuBox.width);
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(async () => {
      const b = (await guide.boundingBox())!;
      return b.x >= 0 && b.x + b.width <= 390;
    })
    .toBe(true);
  await page.setViewportSize(desktop);
  await expect(modal).toBeHidden();

  // While the tour runs, other pages send the user back to the step's pages.
  await page.goto('/options');
  await expect(page).toHaveURL(/\/(technicians|company)\?first-access=true/);
  // The step needs a technician first.
  await guide.getByRole('button', { name: 'Passo successivo' }).click();
  await expect(page.getByText('Prima crea almeno un tecnico attivo.')).toBeVisible();

  // In a new tab the modal asks again; its cancel ends the tour for good.
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Interrompi il tour' }).click();
  await expect(modal).toBeHidden();
  await expect(guide).toBeHidden();
  await page.reload();
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();

  // Never on the checkout page: hidden when the app moves there, not even loaded when it opens there.
  await expect(page.locator('html')).toHaveAttribute('data-test-chat', 'shown');
  await page.evaluate(() => {
    history.pushState({}, '', '/subscription-plan/checkout');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.locator('html')).toHaveAttribute('data-test-chat', 'hidden');
  const loads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/chat-widget.js')) loads.push(r.url());
  });
  await page.reload();
  await expect(page).toHaveURL(/\/subscription-plan\/checkout/);
  await page.clock.runFor(1000);
  expect(loads).toEqual([]);
  await expect(page.locator('html')).not.toHaveAttribute('data-test-chat', /.*/);
});

test('no chat widget outside the free trial', async ({ page }) => {
  const chat: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/chat-widget.js')) chat.push(r.url());
  });
  await signIn(page, {
    piva: FIXTURES.expired.piva,
    password: FIXTURES.password,
    landsOn: /\/subscription-plan\/subscription/,
  });
  await page.waitForLoadState('networkidle'); // the page has asked for all it will
  expect(chat).toEqual([]);
  await expect(page.locator('html')).not.toHaveAttribute('data-test-chat', /.*/);
});
