import AxeBuilder from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { FIXTURES } from '../fixtures';
import { signIn } from './helpers';

// Issue 26, clocking in the browser: a technician on a 390 px phone clocks an outward travel, work
// and the return from the home's card (the running work survives a reload); the office, on a 1366 px
// screen, corrects the outward travel (time and km) with a reason and sees its history, approves the
// month (who and when), is refused a change afterwards, downloads the XLSX of travel and allowances
// and the test reads its totals with exceljs, then unlocks the month. Screenshots of both screens.
test.describe.configure({ mode: 'serial' });

const F = FIXTURES.clocking;
const ZONE = 'Europe/Rome';
const SHOTS = '/work/notes';
const DEVICE = 'e2eclockingoffic';
const technicianName = `${F.technician.name} ${F.technician.surname}`;
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
const hhmm = (at: Date) =>
  new Intl.DateTimeFormat('it-IT', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

async function officeHeaders(request: APIRequestContext) {
  const login = await request.post('/api/login/login', {
    headers: { source: 'WEB', 'device-id': DEVICE },
    data: { piva: F.piva, username: F.office, password: FIXTURES.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  return { authorization: `Bearer ${(await login.json()).item.token}`, source: 'WEB', 'device-id': DEVICE };
}

interface ApiRecord {
  id: string;
  tipo: string;
  timbraturaStart: string;
  timbraturaEnd: string | null;
}

async function monthOf(request: APIRequestContext, utenteId: string) {
  const day = today();
  const from = `${day.slice(0, 7)}-01`;
  const last = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).getUTCDate();
  const to = `${day.slice(0, 7)}-${String(last).padStart(2, '0')}`;
  const res = await request.get(`/api/timbrature/timbrature?from=${from}&to=${to}&utenteId=${utenteId}`, {
    headers: await officeHeaders(request),
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as {
    items: ApiRecord[];
    totali: { lavoroMinuti: number; viaggioMinuti: number; giorniTrasferta: number; importoTrasferte: string }[];
  };
}

/** Clicks a clock button and waits for the server's answer and the button the clock offers next. */
async function press(page: Page, clock: Locator, name: string, next: string) {
  // Access tokens live 8 seconds here: a 401 is refreshed and sent again, the answer that counts is the next.
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/api/timbrature/timbratura') && r.request().method() === 'POST' && r.status() !== 401,
  );
  await clock.getByRole('button', { name, exact: true }).click();
  expect((await answered).status()).toBe(200);
  await expect(clock.getByRole('button', { name: next, exact: true })).toBeEnabled();
}

/** Every visible button of the area at least 48 px high. */
async function assertLargeTargets(area: Locator) {
  const small = await area.evaluate((root) =>
    [...root.querySelectorAll('button, a[href]')]
      .filter((el) => el.getBoundingClientRect().height > 0)
      .map((el) => ({ name: (el.textContent ?? '').trim(), h: Math.round(el.getBoundingClientRect().height) }))
      .filter((x) => x.h < 48),
  );
  expect(small, 'clock targets under 48 px').toEqual([]);
}

/** No serious or critical accessibility finding on the page (WCAG 2.1 A and AA). */
async function assertAccessible(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${what}: accessibility findings`).toEqual([]);
}

/** Sets a Mantine time picker (hours and minutes fields) labelled `label`. */
async function setTime(dialog: Locator, label: string, value: string) {
  const [h, m] = value.split(':');
  await dialog.getByRole('spinbutton', { name: `${label}: ore` }).fill(h!);
  await dialog.getByRole('spinbutton', { name: `${label}: minuti` }).fill(m!);
}

test('a technician on a phone clocks travel and work; the office corrects, approves, is refused, exports and unlocks', async ({
  browser,
  request,
}) => {
  test.slow();
  const users = (await (await request.get('/api/users/users', { headers: await officeHeaders(request) })).json())
    .items as { id: string; username: string }[];
  const technicianId = users.find((u) => u.username === F.technician.username)!.id;

  /* ---------- the technician, on a 390 px phone that gives its position ---------- */
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'it-IT',
    permissions: ['geolocation'],
    geolocation: F.position,
    hasTouch: true,
    isMobile: true,
  });
  const tech = await phone.newPage();
  await signIn(tech, { piva: F.piva, username: F.technician.username, password: FIXTURES.password });
  const card = tech.getByRole('region', { name: 'Timbratura' });
  await expect(card.getByRole('timer')).toHaveText('0:00:00');
  await assertLargeTargets(card);

  // The outward travel's one-way km (the daily allowance is on); the office corrects it below.
  await card.getByRole('textbox', { name: /^Km del viaggio/ }).fill('120');
  await press(tech, card, 'Inizia viaggio di andata', 'Termina viaggio di andata');
  await expect(card.getByText('Viaggio di andata in corso')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Inizia lavoro' })).toBeDisabled();
  await expect(card.getByRole('timer')).not.toHaveText('0:00:00');
  await press(tech, card, 'Termina viaggio di andata', 'Inizia viaggio di ritorno');
  await expect(card.getByRole('button', { name: 'Il ritorno non è necessario' })).toBeVisible();
  await press(tech, card, 'Inizia lavoro', 'Termina lavoro');
  // The running work is restored after a reload (GET /timbrature/timbratura/last).
  await tech.reload();
  await expect(card.getByRole('button', { name: 'Termina lavoro', exact: true })).toBeVisible();
  await expect(card.getByText('Lavoro in corso')).toBeVisible();
  await tech.screenshot({ path: `${SHOTS}/shots-clock-home-390.png` });
  await press(tech, card, 'Termina lavoro', 'Inizia viaggio di ritorno');
  await press(tech, card, 'Inizia viaggio di ritorno', 'Termina viaggio di ritorno');
  await press(tech, card, 'Termina viaggio di ritorno', 'Inizia viaggio di andata');
  await expect(card.getByText('3 intervalli oggi')).toBeVisible();

  // The full clock: today's intervals with raw and calculated times.
  await tech.goto('/clocking-in-out');
  const intervals = tech.getByTestId('clock-interval');
  await expect(intervals).toHaveCount(3);
  await expect(intervals.nth(0)).toContainText('Viaggio di andata');
  await expect(intervals.nth(0)).toContainText(/Timbrata: \d{2}:\d{2}–\d{2}:\d{2}/);
  await expect(intervals.nth(0)).toContainText(/Calcolata: \d{2}:\d{2}–\d{2}:\d{2}/);
  await expect(intervals.nth(1)).toContainText('Lavoro');
  await expect(intervals.nth(2)).toContainText('Viaggio di ritorno');
  await assertLargeTargets(tech.locator('main'));
  await tech.screenshot({ path: `${SHOTS}/shots-clock-phone-390.png`, fullPage: true });
  await assertAccessible(tech, 'the phone clock');

  const clocked = (await monthOf(request, technicianId)).items.sort((a, b) =>
    a.timbraturaStart.localeCompare(b.timbraturaStart),
  );
  expect(clocked.map((r) => [r.tipo, r.timbraturaEnd !== null])).toEqual([
    ['ANDATA', true],
    ['LAVORO', true],
    ['RITORNO', true],
  ]);
  const outward = clocked.find((r) => r.tipo === 'ANDATA')!;
  expect((outward as ApiRecord & { km: number | null }).km).toBe(120);

  /* ---------- the office, on a 1366 px screen ---------- */
  const desk = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'it-IT' });
  const office = await desk.newPage();
  await signIn(office, { piva: F.piva, password: FIXTURES.password, path: '/clocking-in-out' });
  await expect(office.getByRole('heading', { name: 'Timbrature', level: 1 })).toBeVisible();
  await office.getByRole('combobox', { name: 'Tecnico' }).click();
  await office.getByRole('option', { name: technicianName }).click();
  await expect(office).toHaveURL(new RegExp(`tecnico=${technicianId}`));
  const records = office.getByTestId('clocking-records');
  await expect(records.getByTestId('record-row')).toHaveCount(3);

  // Correct the outward travel: it started half an hour earlier (the same day), 80 km one way.
  const rawStart = new Date(outward.timbraturaStart);
  const earlier = new Date(rawStart.getTime() - 30 * 60_000);
  const newStart = hhmm(earlier) < hhmm(rawStart) ? hhmm(earlier) : '00:00';
  await records.getByRole('button', { name: /^Correggi Viaggio di andata/ }).click();
  let dialog = office.getByRole('dialog', { name: `Correggi la timbratura di ${technicianName}` });
  await setTime(dialog, 'Inizio', newStart);
  await dialog.getByRole('textbox', { name: /^Km/ }).fill('80');
  await dialog.getByRole('button', { name: 'Salva la correzione' }).click();
  await expect(dialog.getByText('Scrivi il motivo della correzione')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Motivo/ }).fill('Partenza dal magazzino non timbrata');
  await dialog.getByRole('button', { name: 'Salva la correzione' }).click();
  await expect(dialog).toBeHidden();
  await expect(office.getByText('Correzione salvata')).toBeVisible();
  const outwardRow = records.locator(`[data-record-id="${outward.id}"]`);
  await expect(outwardRow).toContainText(`${newStart}–`);
  await expect(outwardRow).toContainText('80 km');
  const totals = office.getByTestId('totals-row').filter({ hasText: technicianName });
  await expect(totals.getByTestId('total-allowance')).toHaveText(/^50,00\s€$/);

  // The history shows the raw times and the correction with its reason, who and when.
  await outwardRow.getByRole('button', { name: /^Correggi/ }).click();
  dialog = office.getByRole('dialog', { name: `Correggi la timbratura di ${technicianName}` });
  const history = dialog.getByRole('table', { name: 'Storico' });
  await expect(history.getByText('Partenza dal magazzino non timbrata')).toBeVisible();
  await expect(history.getByText(/Olga Orari · \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Annulla' }).click();

  // Approve the month: who and when.
  await totals.getByRole('button', { name: `Approva il mese di ${technicianName}` }).click();
  const confirm = office.getByRole('dialog', { name: new RegExp(`^Approvare .* di ${technicianName}\\?$`) });
  await confirm.getByRole('button', { name: 'Approva il mese' }).click();
  await expect(totals.getByText('Approvato', { exact: true })).toBeVisible();
  await expect(totals.getByTestId('approved-by')).toHaveText(/^da Olga Orari il \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await office.screenshot({ path: `${SHOTS}/shots-clock-office-1366.png`, fullPage: true });
  await assertAccessible(office, "the office's clocking");

  // A change afterwards is refused with the server's reason.
  await outwardRow.getByRole('button', { name: /^Correggi/ }).click();
  dialog = office.getByRole('dialog', { name: `Correggi la timbratura di ${technicianName}` });
  await dialog.getByRole('textbox', { name: /^Motivo/ }).fill('Ancora una modifica');
  await dialog.getByRole('button', { name: 'Salva la correzione' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Il mese è approvato: sbloccalo prima di modificare le sue timbrature.',
  );
  await dialog.getByRole('button', { name: 'Annulla' }).click();

  // The XLSX of the shown month: its totals row is the page's and the server's totals.
  const month = await monthOf(request, technicianId);
  const sums = month.totali[0]!;
  expect(sums.giorniTrasferta).toBe(1);
  const download = office.waitForEvent('download');
  await office.getByRole('button', { name: 'Trasferte (XLSX)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^trasferte_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await file.path());
  const sheet = book.getWorksheet('Timbrature')!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  // The export names a technician surname first.
  const sameName = (v: unknown) => String(v).split(' ').sort().join(' ') === technicianName.split(' ').sort().join(' ');
  const total = rows.find((r) => sameName(r[0]) && r[2] === 'Totale')!;
  expect(total, `the totals row of the technician in ${JSON.stringify(rows)}`).toBeTruthy();
  // A duration is a number of days formatted [h]:mm; exceljs reads such a cell back as a date from 1899-12-30.
  const minutes = (v: unknown) =>
    Math.round(v instanceof Date ? (v.getTime() - Date.UTC(1899, 11, 30)) / 60_000 : Number(v) * 24 * 60);
  expect(minutes(total[9])).toBe(sums.lavoroMinuti);
  expect(minutes(total[10])).toBe(sums.viaggioMinuti);
  expect(total[13]).toBe(1);
  expect(Number(total[14])).toBe(Number(F.allowance.amount));
  await expect(totals.getByTestId('total-work')).toHaveText(
    `${Math.floor(sums.lavoroMinuti / 60)}:${String(sums.lavoroMinuti % 60).padStart(2, '0')}`,
  );

  // Unlock the month, after a confirmation.
  await totals.getByRole('button', { name: `Sblocca il mese di ${technicianName}` }).click();
  await office
    .getByRole('dialog', { name: new RegExp(`^Sbloccare .* di ${technicianName}\\?$`) })
    .getByRole('button', { name: 'Sblocca' })
    .click();
  await expect(totals.getByText('Da approvare')).toBeVisible();

  // The day's positions on the planner's map: the phone's fix at each entry and exit.
  await office
    .locator('label')
    .filter({ hasText: /^Giorno$/ })
    .click();
  await expect(office).toHaveURL(/vista=day/);
  const dayTitle = new Intl.DateTimeFormat('it-IT', {
    timeZone: ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());
  await expect(office.getByText(`Posizioni delle timbrature del ${dayTitle}`)).toBeVisible();
  await expect(office.locator('.leaflet-marker-icon')).toHaveCount(6);
  const titles = await office
    .locator('.leaflet-marker-icon')
    .evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));
  expect(
    titles.filter((x) => x.startsWith(`${technicianName}: inizio Lavoro alle `)),
    titles.join(' | '),
  ).toHaveLength(1);
  await office.screenshot({ path: `${SHOTS}/shots-clock-office-day-1366.png`, fullPage: true });

  // The office's page on a phone too: a card per technician and per record, 48 px actions.
  await office.setViewportSize({ width: 390, height: 844 });
  await office.reload();
  await expect(office.getByTestId('record-row')).toHaveCount(3);
  await expect(office.getByTestId('totals-row').getByTestId('total-allowance')).toHaveText(/^50,00\s€$/);
  await assertLargeTargets(office.getByTestId('clocking-records'));
  await office.screenshot({ path: `${SHOTS}/shots-clock-office-390.png`, fullPage: true });
  await phone.close();
  await desk.close();
});
