import { expect, type APIRequestContext, type Locator, type Page, type Response } from '@playwright/test';
import { FIXTURES } from '../fixtures';
import { signIn } from './helpers';

/**
 * What the office planner's browser tests share (planner.spec.ts, planner-warnings.spec.ts): the
 * `planner` fixture's sign-in, API reads as its second administrator (the browser's one stays
 * signed in), next week in the week view, and real mouse drags onto its time grid.
 */
export const CO = { piva: FIXTURES.planner.piva, password: FIXTURES.password };
export const SHOTS = process.env.E2E_SHOTS_DIR;
const DEVICE = 'e2eplanneroffice';
/** HH:MM of an instant in the company's zone. */
export const ROME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Rome',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export interface Appt {
  id: string;
  titolo: string;
  inizio: string | null;
  fine: string | null;
  giorno_inizio: string | null;
  da_fare: boolean;
  mansione_id: string | null;
  attivita_data_id: string | null;
  tecnici: { id: string; nome: string }[];
}

export async function officeHeaders(request: APIRequestContext) {
  const login = await request.post('/api/login/login', {
    headers: { source: 'WEB', 'device-id': DEVICE },
    data: { piva: CO.piva, username: FIXTURES.planner.office, password: CO.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()).item as { token: string };
  return { authorization: `Bearer ${token}`, source: 'WEB', 'device-id': DEVICE };
}

export async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path, { headers: await officeHeaders(request) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

export async function apiPost<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const res = await request.post(path, { headers: await officeHeaders(request), data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

export const compact = (iso: string) => iso.replaceAll('-', '');
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The instant of a wall-clock time (HH:MM) on a day (YYYY-MM-DD) in Europe/Rome (CET or CEST). */
export function romeInstant(day: string, time: string): string {
  for (const offset of ['+01:00', '+02:00']) {
    const at = new Date(`${day}T${time}:00${offset}`);
    if (ROME.format(at) === time) return at.toISOString();
  }
  throw new Error(`no Rome instant for ${day} ${time}`);
}

/** Opens the planner on next week (every day ahead of today) and answers its days (YYYY-MM-DD, Monday first). */
export async function openNextWeek(page: Page) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, { ...CO, path: '/intervention-planning' });
  await expect(page.getByRole('heading', { name: 'Pianificazione', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Periodo successivo' }).click();
  const heads = page.locator('th.fc-col-header-cell[data-date]');
  await expect(heads).toHaveCount(7);
  return heads.evaluateAll((els) => els.map((e) => e.getAttribute('data-date')!));
}

/** Is this the answer to an appointment save? A 401 (the 8 s access token ran out) is sent again after the silent refresh. */
export const isSaveAnswer = (r: Response) =>
  r.url().endsWith('/api/schedule/appointment') && r.request().method() === 'POST' && r.status() !== 401;

/** The next answer to an appointment save the page sends. */
export const appointmentSaved = (page: Page) => page.waitForResponse(isSaveAnswer);

/**
 * A screenshot once the page is still: modals fade in (the shot would catch them half transparent);
 * endless animations (spinners) are not waited for.
 */
export async function stillShot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Where a day column crosses a half-hour slot (HH:MM:SS) in the time grid. */
export async function slotPoint(page: Page, day: string, time: string) {
  const col = await page.locator(`td.fc-timegrid-col[data-date="${day}"]`).boundingBox();
  const row = await page.locator(`td.fc-timegrid-slot-lane[data-time="${time}"]`).boundingBox();
  return { x: col!.x + col!.width / 2, y: row!.y + row!.height / 2 };
}

/** A mouse drag in small steps (FullCalendar's pointer dragging needs movement past its threshold). */
export async function dragTo(page: Page, from: Locator, to: { x: number; y: number }) {
  await from.scrollIntoViewIfNeeded();
  const box = (await from.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + Math.min(10, box.height / 2));
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 5, box.y + 15, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 20 });
  await page.mouse.up();
}

export async function pickOption(page: Page, scope: Locator, label: string, option?: string) {
  await scope
    .getByRole('textbox', { name: label })
    .or(scope.getByRole('combobox', { name: label }))
    .first()
    .click();
  const item = option ? page.getByRole('option', { name: option }) : page.getByRole('option').first();
  await item.click();
}
