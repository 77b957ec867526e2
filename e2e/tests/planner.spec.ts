import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { FIXTURES } from '../fixtures';
import { signIn } from './helpers';

// Issue 14, the office planner: an appointment created by clicking a slot in week view and moved by
// dragging it to another day; an overdue contract activity planned by dragging it onto the calendar.
// Every save is checked through the API as a second administrator (the browser's one stays signed in).
test.describe.configure({ mode: 'serial' });

const CO = { piva: FIXTURES.planner.piva, password: FIXTURES.password };
const SHOTS = process.env.E2E_SHOTS_DIR;
const DEVICE = 'e2eplanneroffice';
const ROME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Rome',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

interface Appt {
  id: string;
  titolo: string;
  inizio: string;
  giorno_inizio: string;
  attivita_data_id: string | null;
  tecnici: { nome: string }[];
}
interface Occ {
  id: string;
  nome: string;
  stato: string;
}

async function officeHeaders(request: APIRequestContext) {
  const login = await request.post('/api/login/login', {
    headers: { source: 'WEB', 'device-id': DEVICE },
    data: { piva: CO.piva, username: FIXTURES.planner.office, password: CO.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()).item as { token: string };
  return { authorization: `Bearer ${token}`, source: 'WEB', 'device-id': DEVICE };
}

async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path, { headers: await officeHeaders(request) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

const compact = (iso: string) => iso.replaceAll('-', '');
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Opens the planner on next week (every day ahead of today) and answers its days (YYYY-MM-DD, Monday first). */
async function openNextWeek(page: Page) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, { ...CO, path: '/intervention-planning' });
  await expect(page.getByRole('heading', { name: 'Pianificazione', level: 2 })).toBeVisible();
  await page.locator('.fc-next-button').click();
  const heads = page.locator('th.fc-col-header-cell[data-date]');
  await expect(heads).toHaveCount(7);
  return heads.evaluateAll((els) => els.map((e) => e.getAttribute('data-date')!));
}

/** Where a day column crosses a half-hour slot (HH:MM:SS) in the time grid. */
async function slotPoint(page: Page, day: string, time: string) {
  const col = await page.locator(`td.fc-timegrid-col[data-date="${day}"]`).boundingBox();
  const row = await page.locator(`td.fc-timegrid-slot-lane[data-time="${time}"]`).boundingBox();
  return { x: col!.x + col!.width / 2, y: row!.y + row!.height / 2 };
}

/** A mouse drag in small steps (FullCalendar's pointer dragging needs movement past its threshold). */
async function dragTo(page: Page, from: Locator, to: { x: number; y: number }) {
  await from.scrollIntoViewIfNeeded();
  const box = (await from.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + Math.min(10, box.height / 2));
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 5, box.y + 15, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 20 });
  await page.mouse.up();
}

async function pickOption(page: Page, scope: Locator, label: string, option?: string) {
  await scope
    .getByRole('textbox', { name: label })
    .or(scope.getByRole('combobox', { name: label }))
    .first()
    .click();
  const item = option ? page.getByRole('option', { name: option }) : page.getByRole('option').first();
  await item.click();
}

test('an appointment created by clicking a slot in week view, then dragged to another day', async ({ page }) => {
  test.slow();
  const days = await openNextWeek(page);
  const [wed, fri] = [days[2]!, days[4]!];

  // A click on Wednesday 10:00 opens the form with that time.
  const at = await slotPoint(page, wed, '10:00:00');
  await page.mouse.click(at.x, at.y);
  const dialog = page.getByRole('dialog', { name: 'Nuovo appuntamento' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('spinbutton', { name: 'Ora inizio: ore' })).toHaveValue('10');
  await expect(dialog.getByRole('textbox', { name: 'Data inizio' })).toHaveValue(wed.split('-').reverse().join('/'));
  await dialog.getByRole('textbox', { name: 'Titolo' }).fill('Visita E2E');
  await pickOption(page, dialog, 'Cliente');
  await pickOption(page, dialog, 'Tecnici', 'Pia Tecnica');
  await dialog.getByRole('textbox', { name: 'Titolo' }).click();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/planner-create.png` });
  await dialog.getByRole('button', { name: 'Salva appuntamento' }).click();
  await expect(dialog).toBeHidden();
  const event = page.locator('.fc-event', { hasText: 'Visita E2E' });
  await expect(event).toBeVisible();
  await expect(page.locator(`td.fc-timegrid-col[data-date="${wed}"]`).locator('.fc-event')).toContainText('Visita E2E');

  const range = `/api/v2/schedule/appointments/start/${compact(days[0]!)}/end/${compact(days[6]!)}`;
  let saved = (await apiGet<{ items: Appt[] }>(page.request, range)).items.filter((a) => a.titolo === 'Visita E2E');
  expect(saved).toHaveLength(1);
  expect(saved[0]!.giorno_inizio).toBe(compact(wed));
  expect(ROME.format(new Date(saved[0]!.inizio))).toBe('10:00');
  expect(saved[0]!.tecnici.map((t) => t.nome)).toEqual(['Pia Tecnica']);

  // Dragged to Friday at the same time: saved with the new start.
  const moved = page.waitForResponse(
    (r) => r.url().endsWith('/api/schedule/appointment') && r.request().method() === 'POST',
  );
  await dragTo(page, event, await slotPoint(page, fri, '10:00:00'));
  expect(await (await moved).json()).toMatchObject({ success: true });
  await expect(page.locator(`td.fc-timegrid-col[data-date="${fri}"]`).locator('.fc-event')).toContainText('Visita E2E');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/planner-moved.png`, fullPage: true });
  saved = (await apiGet<{ items: Appt[] }>(page.request, range)).items.filter((a) => a.titolo === 'Visita E2E');
  expect(saved).toHaveLength(1);
  expect(saved[0]!.giorno_inizio).toBe(compact(fri));
  expect(ROME.format(new Date(saved[0]!.inizio))).toBe('10:00');
});

test('an overdue contract activity dragged from the overdue list onto the calendar becomes an appointment', async ({
  page,
}) => {
  test.slow();
  // A maintenance contract whose only date was 20 days ago (undone: overdue).
  const headers = await officeHeaders(page.request);
  const customers = await page.request.get('/api/clienti/clienti?size=1', { headers });
  const customer = ((await customers.json()).items as { id: string }[])[0]!;
  const now = Date.now();
  const contract = await page.request.post('/api/contratti/contratto/create', {
    headers,
    data: {
      cliente_id: customer.id,
      identificativo: `PIAN-E2E-${now}`,
      tipo: 'manutenzione',
      data_inizio: isoDay(new Date(now - 90 * 86_400_000)),
      data_fine: isoDay(new Date(now + 270 * 86_400_000)),
      attivita: [
        {
          nome: 'Verifica scaduta E2E',
          frequenza: { tipo: 'data_singola', data: isoDay(new Date(now - 20 * 86_400_000)) },
          durata_minuti: 90,
        },
      ],
    },
  });
  expect(contract.status(), await contract.text()).toBe(200);

  const days = await openNextWeek(page);
  const activities = `/api/attivita/attivita/start/${compact(days[0]!)}/end/${compact(days[6]!)}`;
  const before = await apiGet<{ scadute: Occ[] }>(page.request, activities);
  const occ = before.scadute.find((o) => o.nome === 'Verifica scaduta E2E')!;
  expect(occ).toBeTruthy();

  await page.getByRole('tab', { name: /Scadute/ }).click();
  const card = page.getByRole('tabpanel', { name: /Scadute/ }).getByLabel(/Verifica scaduta E2E/);
  await expect(card).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/planner-overdue.png` });
  await dragTo(page, card, await slotPoint(page, days[3]!, '09:00:00'));

  // The small modal asks for the technicians; day and time come from the drop.
  const dialog = page.getByRole('dialog', { name: "Pianifica l'attività" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('spinbutton', { name: 'Ora inizio: ore' })).toHaveValue('09');
  await pickOption(page, dialog, 'Tecnici', 'Pia Tecnica');
  await dialog.getByRole('textbox', { name: 'Titolo' }).click();
  await dialog.getByRole('button', { name: 'Crea appuntamento' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator(`td.fc-timegrid-col[data-date="${days[3]}"]`).locator('.fc-event')).toContainText(
    'Verifica scaduta E2E',
  );
  // No longer overdue: it moved to the range's activities as planned.
  await expect(page.getByRole('tab', { name: /Scadute/ })).not.toHaveText(/\(1\)/);
  await expect(page.getByRole('tabpanel', { name: /Scadute/ }).getByLabel(/Verifica scaduta E2E/)).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/planner-activity-planned.png`, fullPage: true });

  const range = `/api/v2/schedule/appointments/start/${compact(days[0]!)}/end/${compact(days[6]!)}`;
  const planned = (await apiGet<{ items: Appt[] }>(page.request, range)).items.filter(
    (a) => a.attivita_data_id === occ.id,
  );
  expect(planned).toHaveLength(1);
  expect(planned[0]!.giorno_inizio).toBe(compact(days[3]!));
  expect(ROME.format(new Date(planned[0]!.inizio))).toBe('09:00');
  const after = await apiGet<{ items: Occ[]; scadute: Occ[] }>(page.request, activities);
  expect(after.scadute.some((o) => o.id === occ.id)).toBe(false);
  expect(after.items.find((o) => o.id === occ.id)?.stato).toBe('pianificata');
});
