import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { FIXTURES } from '../fixtures';
import { signIn } from './helpers';

// Issue 14, the technician's side: on a 390 px phone a technician sees their own appointments of
// the week (not a colleague's) as a list and a calendar, opens one and its report, and puts them
// in the phone's calendar through the secret iCalendar address, then revokes it.
// The administrator's test reads the appointments the technician's test planned.
test.describe.configure({ mode: 'serial' });

const CO = { piva: FIXTURES.agenda.piva, password: FIXTURES.password };
const [ANNA, BRUNO] = FIXTURES.agenda.technicians;
const SHOTS = process.env.E2E_SHOTS_DIR;
test.use({ viewport: { width: 390, height: 844 } });

/** Today on Rome's clock, and the Monday of its week (YYYY-MM-DD). */
function romeWeek() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  const monday = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000);
  return {
    today,
    day: (offset: number) => new Date(monday.getTime() + offset * 86_400_000).toISOString().slice(0, 10),
  };
}

/** `day` at `hh:mm` in Rome as ISO with Rome's offset of that day (summer or winter time). */
function romeTime(day: string, hhmm: string) {
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Rome', timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${day}T12:00:00Z`))
    .find((p) => p.type === 'timeZoneName')!
    .value.replace('GMT', '');
  return `${day}T${hhmm}:00${offset || '+00:00'}`;
}

/** The appointments, made by the company's administrator through the API (the browser holds Anna's session). */
async function planWeek(request: APIRequestContext) {
  const login = await request.post('/api/login/login', {
    headers: { source: 'APP', 'device-id': 'e2eagendaadmin01' },
    data: { piva: CO.piva, username: 'admin', password: CO.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const headers = {
    authorization: `Bearer ${(await login.json()).item.token}`,
    source: 'APP',
    'device-id': 'e2eagendaadmin01',
  };
  const users = (await (await request.get('/api/users/users', { headers })).json()).items as {
    id: string;
    username: string;
  }[];
  const idOf = (username: string) => users.find((u) => u.username === username)!.id;
  const customers = (await (await request.get('/api/clienti/clienti?size=5', { headers })).json()).items as {
    id: string;
    ragione_sociale: string;
  }[];
  const week = romeWeek();
  const save = async (data: Record<string, unknown>) => {
    const res = await request.post('/api/schedule/appointment', { headers, data: { conferma: true, ...data } });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).item as { id: string; rapportino_id: string | null; numero_assistenza: string | null };
  };
  const boiler = await save({
    titolo: 'Manutenzione caldaia',
    cliente_id: customers[0]!.id,
    tecnici_ids: [idOf(ANNA!)],
    inizio: romeTime(week.day(1), '09:00'),
    fine: romeTime(week.day(1), '11:00'),
    note: 'Portare il kit guarnizioni',
    crea_rapportino: true,
  });
  await save({
    titolo: 'Verifica impianto antincendio',
    cliente_id: customers[1]!.id,
    tecnici_ids: [idOf(ANNA!)],
    tutto_il_giorno: true,
    data_inizio: week.day(3),
    data_fine: week.day(3),
  });
  await save({
    titolo: 'Intervento di Bruno',
    cliente_id: customers[0]!.id,
    tecnici_ids: [idOf(BRUNO!)],
    inizio: romeTime(week.day(1), '10:00'),
    fine: romeTime(week.day(1), '12:00'),
  });
  return { boiler, customer: customers[0]!.ragione_sociale };
}

/** Serious and critical axe findings (WCAG 2.1 A and AA), as a11y.spec.ts checks them. */
async function expectAccessible(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${what}: accessibility findings`).toEqual([]);
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a technician on a phone sees their own week as a list and a calendar, opens the report, and subscribes to the calendar feed', async ({
  page,
}) => {
  test.slow();
  const { boiler, customer } = await planWeek(page.request);
  expect(boiler.rapportino_id).toBeTruthy();

  await signIn(page, { ...CO, username: ANNA, path: '/intervention-planning' });
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Agenda', level: 1 })).toBeVisible();

  // The list: Anna's two appointments of the week, grouped by day, the colleague's not.
  await expect(main.getByText('Manutenzione caldaia')).toBeVisible();
  await expect(main.getByText('09:00–11:00')).toBeVisible();
  await expect(main.getByText('Verifica impianto antincendio')).toBeVisible();
  await expect(main.getByText('Tutto il giorno')).toBeVisible();
  await expect(main.getByText('2 appuntamenti')).toBeVisible();
  await expect(main.getByText('Intervento di Bruno')).toHaveCount(0);
  await noSidewaysScroll(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/agenda-list-390.png`, fullPage: true });
  await expectAccessible(page, 'agenda list');

  // The week before has nothing: the empty state.
  await main.getByRole('button', { name: 'Settimana precedente' }).click();
  await expect(main.getByText('Nessun appuntamento')).toBeVisible();
  await main.getByRole('button', { name: 'Oggi' }).click();
  await expect(main.getByText('Manutenzione caldaia')).toBeVisible();

  // An appointment without a report: the technician (reports write, no planning write) makes it from
  // the visit and lands on it (decision 0040), then comes back to the agenda.
  await main.getByRole('button', { name: /Verifica impianto antincendio/ }).click();
  const plain = page.getByRole('dialog', { name: 'Verifica impianto antincendio' });
  await expect(plain.getByRole('link', { name: 'Apri rapportino' })).toHaveCount(0);
  await plain.getByRole('button', { name: 'Crea il rapportino' }).click();
  await expect(page).toHaveURL(/\/interventions\/[0-9a-f-]{36}$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/intervention-planning/);
  await expect(main.getByText('Verifica impianto antincendio')).toBeVisible();

  // The day view of the calendar, on the boiler's day (the day, view and period live in the address).
  await page.goto(`/intervention-planning?vista=calendario&periodo=giorno&giorno=${romeWeek().day(1)}`);
  await expect(main.locator('.fc-event', { hasText: 'Manutenzione caldaia' })).toBeVisible();
  await expect(main.locator('.fc-event', { hasText: 'Verifica impianto antincendio' })).toHaveCount(0);
  await noSidewaysScroll(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/agenda-day-390.png` });
  await main.getByText('Settimana', { exact: true }).click();
  await main.getByText('Elenco', { exact: true }).click();
  await expect(main.getByText('2 appuntamenti')).toBeVisible();

  // The calendar: the week's time grid; the colleague's appointment is not there either.
  await main.getByText('Calendario', { exact: true }).click();
  const event = main.locator('.fc-event', { hasText: 'Manutenzione caldaia' });
  await expect(event).toBeVisible();
  await expect(main.locator('.fc-event', { hasText: 'Verifica impianto antincendio' })).toBeVisible();
  await expect(main.locator('.fc-event', { hasText: 'Intervento di Bruno' })).toHaveCount(0);
  await noSidewaysScroll(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/agenda-calendar-390.png` });
  await expectAccessible(page, 'agenda calendar');

  // Its details: customer, notes, the way there, and the report.
  await event.click();
  const dialog = page.getByRole('dialog', { name: 'Manutenzione caldaia' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(customer)).toBeVisible();
  await expect(dialog.getByText('Portare il kit guarnizioni')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Naviga fino al cliente' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/,
  );
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/agenda-details-390.png` });
  await expectAccessible(page, 'appointment details');
  await dialog.getByRole('link', { name: 'Apri rapportino' }).click();
  await expect(page).toHaveURL(new RegExp(`/interventions/${boiler.rapportino_id}$`));
  await expect(page.getByRole('heading', { name: new RegExp(boiler.numero_assistenza!) }).first()).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/intervention-planning\?.*vista=calendario/);

  // The calendar feed: made, fetched (text/calendar with Anna's appointment only), revoked (then 404).
  await main.getByRole('button', { name: 'Calendario sul telefono' }).click();
  const feed = page.getByRole('dialog', { name: 'Calendario sul telefono' });
  await feed.getByRole('button', { name: "Genera l'indirizzo" }).click();
  const address = feed.getByRole('textbox', { name: 'Indirizzo del calendario' });
  await expect(address).toHaveValue(/\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(feed.getByRole('button', { name: 'Copia' })).toBeVisible();
  await noSidewaysScroll(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/agenda-feed-390.png` });
  const path = new URL(await address.inputValue()).pathname;
  const ics = await page.request.get(path);
  expect(ics.status()).toBe(200);
  expect(ics.headers()['content-type']).toMatch(/^text\/calendar/);
  const body = await ics.text();
  expect(body).toContain('BEGIN:VEVENT');
  expect(body).toContain(`SUMMARY:Manutenzione caldaia – ${customer}`);
  expect(body).not.toContain('Intervento di Bruno');

  await feed.getByRole('button', { name: 'Revoca' }).click();
  await page.getByRole('dialog', { name: "Revocare l'indirizzo?" }).getByRole('button', { name: 'Revoca' }).click();
  await expect(page.getByText('Indirizzo revocato')).toBeVisible();
  expect((await page.request.get(path)).status()).toBe(404);

  // The same agenda on a 1366 px screen.
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/intervention-planning');
  await expect(main.getByText('Manutenzione caldaia')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/agenda-list-1366.png`, fullPage: true });
  await main.getByText('Calendario', { exact: true }).click();
  await expect(main.locator('.fc-event', { hasText: 'Manutenzione caldaia' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/agenda-calendar-1366.png` });
});

test('an administrator makes a technician’s calendar feed address from the technicians page', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, { ...CO, path: '/technicians' });
  await page.getByRole('button', { name: 'Calendario sul telefono di Bruno Gialli' }).click();
  const feed = page.getByRole('dialog', { name: 'Calendario sul telefono di Bruno Gialli' });
  await feed.getByRole('button', { name: "Genera l'indirizzo" }).click();
  const address = feed.getByRole('textbox', { name: 'Indirizzo del calendario' });
  await expect(address).toHaveValue(/\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/agenda-feed-admin-1366.png` });
  const ics = await page.request.get(new URL(await address.inputValue()).pathname);
  expect(ics.status()).toBe(200);
  const body = await ics.text();
  expect(body).toContain('Intervento di Bruno');
  expect(body).not.toContain('Manutenzione caldaia');
});
