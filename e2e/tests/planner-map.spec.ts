import { expect, test, type Page } from '@playwright/test';
import { FIXTURES } from '../fixtures';
import { signIn } from './helpers';

// Issue 14: the planner's map view draws this week's appointments, the technician's last position and
// the offline basemap of Italy's regions and provinces, with nothing fetched from beyond this machine.
const CO = { piva: FIXTURES.plannerMap.piva, password: FIXTURES.password };
const SHOTS = process.env.E2E_SHOTS_DIR;

/** Every request the page makes, so the test can tell that none left 127.0.0.1 / localhost. */
function watchRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  return urls;
}

function outside(urls: string[]): string[] {
  return urls.filter((u) => {
    if (u.startsWith('data:') || u.startsWith('blob:')) return false;
    const host = new URL(u).hostname;
    return host !== '127.0.0.1' && host !== 'localhost';
  });
}

async function openMap(page: Page) {
  await signIn(page, { ...CO, path: '/intervention-planning' });
  await openMapFromPlanner(page);
}

async function openMapFromPlanner(page: Page) {
  // The office planner's view switch: its map view is labelled "Mappa" (a segmented control's radio, a tab or a button).
  const radio = page.getByRole('radio', { name: 'Mappa' });
  const other = page.getByRole('tab', { name: 'Mappa' }).or(page.getByRole('button', { name: 'Mappa' }));
  await expect(radio.or(other).first()).toBeAttached();
  if (await radio.count()) {
    // A segmented control hides its radios: its label takes the click.
    await page.locator(`label[for="${await radio.getAttribute('id')}"]`).click();
    await expect(radio).toBeChecked();
  } else await other.first().click();
}

test('the office opens the map and sees the appointment, the technician and the offline basemap', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1366, height: 900 });
  const urls = watchRequests(page);
  const basemap = page.waitForResponse((r) => r.url().endsWith('/basemap/italy.json') && r.ok());
  await openMap(page);
  await basemap;

  // This week: one appointment placed, one at a customer without coordinates.
  await expect(page.getByRole('radio', { name: 'Questa settimana' })).toBeChecked();
  await expect(page.getByText('1 appuntamento sulla mappa')).toBeVisible();
  await expect(page.getByText('1 appuntamento senza posizione')).toBeVisible();

  const overlay = page.locator('.leaflet-overlay-pane');
  await expect(overlay.locator('path.planner-map-region')).toHaveCount(20);
  expect(await overlay.locator('path.planner-map-province').count()).toBeGreaterThanOrEqual(100);
  const appointment = page.locator('.leaflet-marker-pane .planner-map-appointment');
  await expect(appointment).toHaveCount(1);
  const technician = page.locator('.leaflet-marker-pane .planner-map-technician');
  await expect(technician).toHaveCount(1);
  await expect(technician).toHaveAttribute('title', 'Ultima posizione di Gino Mappa');
  await expect(page.getByText('Ultima posizione del tecnico (ultimi 720 minuti)')).toBeVisible();
  await expect(page.locator('.leaflet-control-attribution')).toContainText('ISTAT, openpolis (CC BY 4.0)');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/planner-map-1366.png` });

  // The appointment's popup: customer, time in Europe/Rome, technician.
  await appointment.click();
  const popup = page.locator('.leaflet-popup-content');
  await expect(popup).toContainText('Manutenzione caldaia');
  await expect(popup).toContainText('Tecnici: Gino Mappa');
  await expect(popup).toContainText(/\d{2}\/\d{2}\/\d{4} (10|11):00 – (12|13):00/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/planner-map-popup.png` });

  // Next month: nothing planned, the empty state; the technician's position stays.
  await page.getByText('Mese prossimo', { exact: true }).click();
  await expect(page.getByText('Nessun appuntamento con posizione in questo periodo')).toBeVisible();
  await expect(appointment).toHaveCount(0);
  await expect(technician).toHaveCount(1);

  expect(outside(urls)).toEqual([]);
});

test('the map fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const urls = watchRequests(page);
  await openMap(page);
  await expect(page.locator('.leaflet-overlay-pane path.planner-map-region')).toHaveCount(20);
  await expect(page.locator('.leaflet-marker-pane .planner-map-appointment')).toHaveCount(1);
  // Nothing wider than the screen.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/planner-map-390.png`, fullPage: true });
  expect(outside(urls)).toEqual([]);
});

test('coming back from the map shows the calendar where it was', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, {
    ...CO,
    path: '/intervention-planning?vista=mese',
    landsOn: /intervention-planning\?vista=mese$/,
  });
  const title = page.getByRole('main').getByRole('heading', { level: 3 });
  await expect(title).not.toHaveText('');
  const thisMonth = await title.textContent();
  await page.getByRole('button', { name: 'Periodo successivo' }).click();
  await page.getByRole('button', { name: 'Periodo successivo' }).click();
  await expect(title).not.toHaveText(thisMonth ?? '');
  const twoAhead = await title.textContent();
  await openMapFromPlanner(page);
  const back = page.getByRole('radio', { name: 'Calendario' });
  await page.locator(`label[for="${await back.getAttribute('id')}"]`).click();
  await expect(title).toHaveText(twoAhead ?? '');
  // Still the month view.
  await expect(page.locator('.fc-dayGridMonth-view')).toBeVisible();
});

test("the browser keeps the planner's range and revalidates it (304)", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const isRange = (r: { url(): string; request(): { method(): string } }) =>
    r.url().includes('/api/v2/schedule/appointments/start/') && r.request().method() === 'GET';
  const first = page.waitForResponse(isRange);
  await signIn(page, { ...CO, path: '/intervention-planning' });
  const answer = await first;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['etag']).toMatch(/^W\/"r\d+-/);
  const again = page.waitForResponse(isRange);
  await page.reload();
  const revalidated = await again;
  expect(revalidated.url()).toBe(answer.url());
  // The browser sent the validator back and the server answered 304: no body came again (Chromium hands the
  // page its kept body as a 200).
  expect((await revalidated.request().allHeaders())['if-none-match']).toBe(answer.headers()['etag']);
  expect((await answer.request().sizes()).responseBodySize).toBeGreaterThan(0);
  expect((await revalidated.request().sizes()).responseBodySize).toBe(0);
  // The calendar still shows the week's appointment from the kept body.
  await expect(page.locator('.fc-event').first()).toBeVisible();
});
