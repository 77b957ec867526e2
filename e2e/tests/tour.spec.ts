import { expect, test, type Locator, type Page } from '@playwright/test';
import { FIXTURES } from '../fixtures';
import { signIn } from './helpers';

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * At each size: the box lies wholly inside the viewport and off the side menu (the menu counts
 * where it is on screen: a phone's menu is a drawer slid out of sight until opened).
 */
async function expectClearAtEverySize(page: Page, box: Locator, what: string) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await expect(box).toBeVisible();
    await expect
      .poll(async () => {
        const b = await box.boundingBox();
        return !!b && b.x >= 0 && b.y >= 0 && b.x + b.width <= size.width && b.y + b.height <= size.height;
      }, `${what} inside ${size.width}x${size.height}`)
      .toBe(true);
    // Polled: after a resize a phone's drawer may still be sliding out of sight.
    await expect
      .poll(async () => {
        const b = (await box.boundingBox())!;
        const menu = await page.locator('#side-menu').boundingBox();
        const menuOnScreen = menu && menu.x + menu.width > 0 && menu.x < size.width;
        return !menuOnScreen || !overlaps(b, menu);
      }, `${what} off the side menu at ${size.width}px`)
      .toBe(true);
  }
}

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
  // No reload while a token refresh is in flight: the rotated refresh token would be lost (the open refresh race).
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Interrompi il tour' }).click();
  await expect(modal).toBeHidden();
  await expect(guide).toBeHidden();
  // No reload while a token refresh is in flight: the rotated refresh token would be lost (the open refresh race).
  await page.waitForLoadState('networkidle');
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
  // No reload while a token refresh is in flight: the rotated refresh token would be lost (the open refresh race).
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect(page).toHaveURL(/\/subscription-plan\/checkout/);
  await page.clock.runFor(1000);
  expect(loads).toEqual([]);
  await expect(page.locator('html')).not.toHaveAttribute('data-test-chat', /.*/);
});

test('every step of the tour, at 1366x768 and at 390 px: its box and its guide inside the screen, off the side menu', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, { piva: FIXTURES.tourWalk.piva, password: FIXTURES.password });
  const guide = page.getByRole('region', { name: 'Guida al primo accesso' });
  const steps = [
    { title: 'Benvenuto! Iniziamo dai dati della tua azienda', start: 'Inizia il tour', next: 'Passo successivo' },
    { title: "Aggiungi i tecnici e prova l'app", start: 'Vai ai tecnici', next: 'Passo successivo' },
    { title: 'Ultimo passo: le opzioni', start: 'Vai alle opzioni', next: 'Concludi' },
  ];
  const pages = [/\/company\?first-access=true/, /\/technicians\?first-access=true/, /\/options\?first-access=true/];
  for (const [i, step] of steps.entries()) {
    const modal = page.getByRole('dialog', { name: step.title });
    await expectClearAtEverySize(page, modal, `step ${i}'s box`);
    // On the phone (the last size checked): start, then the guide at both sizes, then the next step.
    await modal.getByRole('button', { name: step.start }).click();
    await expect(page).toHaveURL(pages[i]!);
    await expect(modal).toBeHidden();
    await expectClearAtEverySize(page, guide, `step ${i}'s guide`);
    await guide.getByRole('button', { name: step.next }).click();
    if (i < steps.length - 1) await expect(page.getByRole('dialog', { name: steps[i + 1]!.title })).toBeVisible();
  }
  // Step 30: the tour is over, for good.
  await expect(guide).toBeHidden();
  await page.reload();
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
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
