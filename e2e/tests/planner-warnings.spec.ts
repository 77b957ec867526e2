import { expect, test, type Page, type Response } from '@playwright/test';
import { FIXTURES } from '../fixtures';
import {
  apiGet,
  apiPost,
  appointmentSaved,
  compact,
  dragTo,
  isoDay,
  isSaveAnswer,
  openNextWeek,
  pickOption,
  romeInstant,
  ROME,
  stillShot,
  slotPoint,
  type Appt,
} from './planner-helpers';

// Issue 14, the office planner's confirmable warnings (spec operations 5) and its to-dos: a drag onto a
// technician's other appointment opens the warnings modal ("Annulla" puts the event back and saves
// nothing, "Salva comunque" saves with conferma); the create form warns about a job role the technician
// does not hold; a to-do dragged from the side panel onto the time grid becomes a dated appointment, or
// opens the form to ask for a technician when it has none. Every save is checked through the API.
// An overdue contract activity planned beyond its maximum delay warns too. Days of next week used here
// (Monday, Tuesday, Saturday, Sunday) stay clear of planner.spec.ts's.
test.describe.configure({ mode: 'serial' });

interface Ctx {
  customerId: string;
  techId: string;
}

/** The fixture's first customer and its technician (Pia Tecnica), read through the API. */
async function context(page: Page): Promise<Ctx> {
  const customers = await apiGet<{ items: { id: string }[] }>(page.request, '/api/clienti/clienti?size=1');
  const users = await apiGet<{ items: { id: string; username: string }[] }>(page.request, '/api/users/users');
  const tech = users.items.find((u) => u.username === FIXTURES.planner.technician)!;
  expect(tech).toBeTruthy();
  return { customerId: customers.items[0]!.id, techId: tech.id };
}

/** A stored instant as toISOString writes it (the server may leave out the milliseconds). */
const instant = (iso: string | null) => (iso ? new Date(iso).toISOString() : null);

const appointment = (page: Page, id: string) =>
  apiGet<{ item: Appt }>(page.request, `/api/schedule/appointment/${id}`).then((r) => r.item);

/** The bodies of the appointment saves the page sends from now on (each once: not the 401s sent again). */
function watchSaves(page: Page) {
  const bodies: { id?: string; conferma?: boolean; inizio?: string }[] = [];
  const onResponse = (r: Response) => {
    if (isSaveAnswer(r)) bodies.push(r.request().postDataJSON());
  };
  page.on('response', onResponse);
  return bodies;
}

const saved = appointmentSaved;

test('a drag onto the same technician’s other appointment warns: cancel puts it back, confirm saves the overlap', async ({
  page,
}) => {
  test.slow();
  const days = await openNextWeek(page);
  const tue = days[1]!;
  const ctx = await context(page);
  const make = (titolo: string, from: string, to: string) =>
    apiPost<{ success: boolean; item: Appt }>(page.request, '/api/schedule/appointment', {
      titolo,
      cliente_id: ctx.customerId,
      tecnici_ids: [ctx.techId],
      inizio: romeInstant(tue, from),
      fine: romeInstant(tue, to),
    });
  const first = await make('Caldaia A E2E', '08:00', '09:00');
  const second = await make('Caldaia B E2E', '10:00', '11:00');
  expect(first.success && second.success).toBe(true);
  const a = first.item;
  const b = second.item;

  // The page has read the week before the API made them: a reload shows both on Tuesday.
  await page.reload();
  await page.getByRole('button', { name: 'Periodo successivo' }).click();
  const column = page.locator(`td.fc-timegrid-col[data-date="${tue}"]`);
  const eventB = column.locator('.fc-event', { hasText: 'Caldaia B E2E' });
  await expect(eventB).toContainText('10:00–11:00');
  await expect(column.locator('.fc-event', { hasText: 'Caldaia A E2E' })).toContainText('08:00–09:00');
  const rowTop = async (time: string) =>
    (await page.locator(`td.fc-timegrid-slot-lane[data-time="${time}"]`).boundingBox())!.y;
  const eventTop = async () => (await eventB.boundingBox())!.y;
  const startsAt = async (time: string) => Math.abs((await eventTop()) - (await rowTop(time)));
  expect(await startsAt('10:00:00')).toBeLessThan(4);

  const bodies = watchSaves(page);
  const warnings = page.getByRole('dialog', { name: 'Attenzione' });
  const overlap = 'Sovrapposizione: Pia Tecnica ha già un appuntamento in questo orario';

  // B dragged onto A's hour: the server warns, nothing is saved yet.
  let answer = saved(page);
  await eventB.scrollIntoViewIfNeeded();
  await dragTo(page, eventB, await slotPoint(page, tue, '08:00:00'));
  expect(await (await answer).json()).toMatchObject({
    success: false,
    avvisi: [{ codice: 'sovrapposizione', tecnico_id: ctx.techId, appuntamento_id: a.id }],
  });
  await expect(warnings).toBeVisible();
  await expect(warnings.getByRole('listitem')).toHaveText([overlap]);
  await expect(warnings).toContainText('Salvare comunque?');
  await stillShot(page, 'planner-warnings-modal');
  expect(bodies).toHaveLength(1);
  expect(bodies[0]).toMatchObject({ id: b.id, conferma: false, inizio: romeInstant(tue, '08:00') });

  // "Annulla": the event goes back to 10:00 and the server keeps the old time.
  await warnings.getByRole('button', { name: 'Annulla' }).click();
  await expect(warnings).toBeHidden();
  await expect(eventB).toContainText('10:00–11:00');
  await expect.poll(() => startsAt('10:00:00')).toBeLessThan(4);
  expect(bodies).toHaveLength(1);
  let stored = await appointment(page, b.id);
  expect(instant(stored.inizio)).toBe(romeInstant(tue, '10:00'));
  expect(instant(stored.fine)).toBe(romeInstant(tue, '11:00'));

  // Again, and "Salva comunque": the same request goes again with conferma and is saved.
  answer = saved(page);
  await dragTo(page, eventB, await slotPoint(page, tue, '08:00:00'));
  expect(await (await answer).json()).toMatchObject({ success: false });
  await expect(warnings.getByRole('listitem')).toHaveText([overlap]);
  answer = saved(page);
  await warnings.getByRole('button', { name: 'Salva comunque' }).click();
  expect(await (await answer).json()).toMatchObject({ success: true, item: { id: b.id } });
  await expect(warnings).toBeHidden();
  expect(bodies).toHaveLength(3);
  expect(bodies[2]).toMatchObject({ id: b.id, conferma: true, inizio: romeInstant(tue, '08:00') });
  await expect(page.getByText('Appuntamento salvato')).toBeVisible();
  await expect(eventB).toContainText('08:00–09:00');
  expect(await startsAt('08:00:00')).toBeLessThan(4);

  stored = await appointment(page, b.id);
  expect(instant(stored.inizio)).toBe(romeInstant(tue, '08:00'));
  expect(instant(stored.fine)).toBe(romeInstant(tue, '09:00'));
  expect(stored.giorno_inizio).toBe(compact(tue));
  // The overlap now exists: both hold Pia Tecnica from 08:00 to 09:00 that Tuesday.
  const range = `/api/v2/schedule/appointments/start/${compact(tue)}/end/${compact(tue)}`;
  const both = (await apiGet<{ items: Appt[] }>(page.request, range)).items.filter(
    (x) => x.id === a.id || x.id === b.id,
  );
  expect(both).toHaveLength(2);
  for (const x of both) {
    expect(instant(x.inizio)).toBe(romeInstant(tue, '08:00'));
    expect(x.tecnici.map((t) => t.id)).toEqual([ctx.techId]);
  }
});

test('the create form warns about a job role the technician does not hold', async ({ page }) => {
  test.slow();
  const days = await openNextWeek(page);
  const sat = days[5]!;
  // The sample job roles: Pia Tecnica holds the first two, not "Verifica impianti elettrici".
  const jobs = await apiGet<{ items: { id: string; nome: string }[] }>(page.request, '/api/mansioni/mansioni');
  const job = jobs.items.find((j) => j.nome === 'Verifica impianti elettrici')!;
  expect(job).toBeTruthy();
  const title = 'Quadro elettrico E2E';
  const range = `/api/v2/schedule/appointments/start/${compact(sat)}/end/${compact(sat)}`;
  const made = async () =>
    (await apiGet<{ items: Appt[] }>(page.request, range)).items.filter((x) => x.titolo === title);

  const at = await slotPoint(page, sat, '09:00:00');
  await page.mouse.click(at.x, at.y);
  const form = page.getByRole('dialog', { name: 'Nuovo appuntamento' });
  await expect(form).toBeVisible();
  await form.getByRole('textbox', { name: 'Titolo' }).fill(title);
  await pickOption(page, form, 'Cliente');
  await pickOption(page, form, 'Tecnici', 'Pia Tecnica');
  await form.getByRole('textbox', { name: 'Titolo' }).click();
  await pickOption(page, form, 'Mansione', job.nome);

  const warnings = page.getByRole('dialog', { name: 'Attenzione' });
  const notHeld = 'Mansione del tecnico: Pia Tecnica non svolge questa mansione';
  let answer = saved(page);
  await form.getByRole('button', { name: 'Salva appuntamento' }).click();
  expect(await (await answer).json()).toMatchObject({
    success: false,
    avvisi: [{ codice: 'mansione_tecnico', mansione_id: job.id }],
  });
  await expect(warnings.getByRole('listitem')).toHaveText([notHeld]);
  await stillShot(page, 'planner-warnings-form');

  // "Annulla": back to the form, still filled, nothing saved.
  await warnings.getByRole('button', { name: 'Annulla' }).click();
  await expect(warnings).toBeHidden();
  await expect(form).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Titolo' })).toHaveValue(title);
  expect(await made()).toHaveLength(0);

  answer = saved(page);
  await form.getByRole('button', { name: 'Salva appuntamento' }).click();
  expect(await (await answer).json()).toMatchObject({ success: false });
  answer = saved(page);
  await warnings.getByRole('button', { name: 'Salva comunque' }).click();
  expect(await (await answer).json()).toMatchObject({ success: true });
  await expect(warnings).toBeHidden();
  await expect(form).toBeHidden();
  await expect(page.locator(`td.fc-timegrid-col[data-date="${sat}"]`).locator('.fc-event')).toContainText(title);
  const stored = await made();
  expect(stored).toHaveLength(1);
  expect(stored[0]!.mansione_id).toBe(job.id);
  expect(ROME.format(new Date(stored[0]!.inizio!))).toBe('09:00');
  expect(stored[0]!.tecnici.map((t) => t.nome)).toEqual(['Pia Tecnica']);
});

test('a to-do dragged from the side panel onto next week becomes an appointment at that time', async ({ page }) => {
  test.slow();
  const ctx = await context(page);
  const todo = await apiPost<{ item: Appt }>(page.request, '/api/schedule/appointment/todo', {
    titolo: 'Sostituzione filtro E2E',
    cliente_id: ctx.customerId,
    tecnici_ids: [ctx.techId],
  });
  expect(todo.item.da_fare).toBe(true);
  const days = await openNextWeek(page);
  const mon = days[0]!;

  const todoTab = page.getByRole('tabpanel', { name: /Da fare/ });
  const card = todoTab.locator('[data-drag-kind="todo"]', { hasText: 'Sostituzione filtro E2E' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Pia Tecnica');
  await stillShot(page, 'planner-todo-list');
  const answer = saved(page);
  await card.scrollIntoViewIfNeeded();
  await dragTo(page, card, await slotPoint(page, mon, '09:00:00'));
  expect(await (await answer).json()).toMatchObject({ success: true, item: { id: todo.item.id, da_fare: false } });
  await expect(page.getByText('Da fare messo in calendario')).toBeVisible();

  // On Monday at 09:00, out of the to-do list.
  const event = page.locator(`td.fc-timegrid-col[data-date="${mon}"]`).locator('.fc-event', {
    hasText: 'Sostituzione filtro E2E',
  });
  await expect(event).toContainText('09:00–10:00');
  await expect(card).toHaveCount(0);
  await stillShot(page, 'planner-todo-dropped');

  const stored = await appointment(page, todo.item.id);
  expect(stored.da_fare).toBe(false);
  expect(stored.giorno_inizio).toBe(compact(mon));
  expect(instant(stored.inizio)).toBe(romeInstant(mon, '09:00'));
  expect(instant(stored.fine)).toBe(romeInstant(mon, '10:00'));
  expect(stored.tecnici.map((t) => t.id)).toEqual([ctx.techId]);
  const todos = await apiGet<{ items: Appt[] }>(page.request, '/api/schedule/appointments/admin?todo=true&size=200');
  expect(todos.items.some((x) => x.id === todo.item.id)).toBe(false);
});

test('a to-do without a technician dropped on the calendar opens the form to ask for one', async ({ page }) => {
  test.slow();
  const ctx = await context(page);
  const todo = await apiPost<{ item: Appt }>(page.request, '/api/schedule/appointment/todo', {
    titolo: 'Sopralluogo senza tecnico E2E',
    cliente_id: ctx.customerId,
    tecnici_ids: [],
  });
  const days = await openNextWeek(page);
  const sun = days[6]!;

  const card = page
    .getByRole('tabpanel', { name: /Da fare/ })
    .locator('[data-drag-kind="todo"]', { hasText: 'Sopralluogo senza tecnico E2E' });
  await expect(card).toBeVisible();
  const bodies = watchSaves(page);
  await card.scrollIntoViewIfNeeded();
  await dragTo(page, card, await slotPoint(page, sun, '11:00:00'));

  // Nothing saved by the drop: the form has the dropped day and time and wants a technician.
  const form = page.getByRole('dialog', { name: 'Appuntamento' });
  await expect(form).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Titolo' })).toHaveValue('Sopralluogo senza tecnico E2E');
  await expect(form.getByRole('textbox', { name: 'Data inizio' })).toHaveValue(sun.split('-').reverse().join('/'));
  await expect(form.getByRole('spinbutton', { name: 'Ora inizio: ore' })).toHaveValue('11');
  await expect(form.getByRole('spinbutton', { name: 'Ora fine: ore' })).toHaveValue('12');
  expect(bodies).toHaveLength(0);
  await form.getByRole('button', { name: 'Salva appuntamento' }).click();
  await expect(form.getByText('Almeno un tecnico')).toBeVisible();
  expect(bodies).toHaveLength(0);

  await pickOption(page, form, 'Tecnici', 'Pia Tecnica');
  await form.getByRole('textbox', { name: 'Titolo' }).click();
  const answer = saved(page);
  await form.getByRole('button', { name: 'Salva appuntamento' }).click();
  expect(await (await answer).json()).toMatchObject({ success: true, item: { id: todo.item.id, da_fare: false } });
  await expect(form).toBeHidden();
  await expect(
    page.locator(`td.fc-timegrid-col[data-date="${sun}"]`).locator('.fc-event', {
      hasText: 'Sopralluogo senza tecnico E2E',
    }),
  ).toContainText('11:00–12:00');
  await expect(card).toHaveCount(0);

  const stored = await appointment(page, todo.item.id);
  expect(stored.da_fare).toBe(false);
  expect(instant(stored.inizio)).toBe(romeInstant(sun, '11:00'));
  expect(instant(stored.fine)).toBe(romeInstant(sun, '12:00'));
  expect(stored.tecnici.map((t) => t.id)).toEqual([ctx.techId]);
});

test('an overdue activity planned beyond its maximum delay warns before it is saved', async ({ page }) => {
  test.slow();
  // A maintenance activity due 20 days ago that may be done at most 5 days late.
  const ctx = await context(page);
  const now = Date.now();
  const due = isoDay(new Date(now - 20 * 86_400_000));
  await apiPost(page.request, '/api/contratti/contratto/create', {
    cliente_id: ctx.customerId,
    identificativo: `RIT-E2E-${now}`,
    tipo: 'manutenzione',
    data_inizio: isoDay(new Date(now - 90 * 86_400_000)),
    data_fine: isoDay(new Date(now + 270 * 86_400_000)),
    attivita: [
      {
        nome: 'Verifica in ritardo E2E',
        frequenza: { tipo: 'data_singola', data: due },
        durata_minuti: 60,
        regole: { ritardo_massimo_giorni: 5 },
      },
    ],
  });
  const days = await openNextWeek(page);
  const sun = days[6]!;

  await page.getByRole('tab', { name: /Scadute/ }).click();
  const card = page.getByRole('tabpanel', { name: /Scadute/ }).getByLabel(/Verifica in ritardo E2E/);
  await expect(card).toBeVisible();
  await dragTo(page, card, await slotPoint(page, sun, '08:00:00'));
  const plan = page.getByRole('dialog', { name: "Pianifica l'attività" });
  await expect(plan).toBeVisible();
  await pickOption(page, plan, 'Tecnici', 'Pia Tecnica');
  await plan.getByRole('textbox', { name: 'Titolo' }).click();

  const late = Math.round((Date.parse(sun) - Date.parse(due)) / 86_400_000);
  const warnings = page.getByRole('dialog', { name: 'Attenzione' });
  let answer = saved(page);
  await plan.getByRole('button', { name: 'Crea appuntamento' }).click();
  expect(await (await answer).json()).toMatchObject({
    success: false,
    avvisi: [{ codice: 'ritardo_attivita', ritardo_giorni: late, ritardo_massimo_giorni: 5 }],
  });
  await expect(warnings.getByRole('listitem')).toHaveText([
    `Ritardo dell'attività: L'attività scade il ${due.slice(8, 10)}/${due.slice(5, 7)}/${due.slice(0, 4)}: pianificata ${late} giorni dopo (ritardo massimo 5)`,
  ]);
  await stillShot(page, 'planner-warnings-delay');
  answer = saved(page);
  await warnings.getByRole('button', { name: 'Salva comunque' }).click();
  expect(await (await answer).json()).toMatchObject({ success: true });
  await expect(warnings).toBeHidden();
  await expect(plan).toBeHidden();
  await expect(
    page.locator(`td.fc-timegrid-col[data-date="${sun}"]`).locator('.fc-event', { hasText: 'Verifica in ritardo E2E' }),
  ).toContainText('08:00–09:00');
  // Planned, no longer overdue (planner.spec.ts counts the overdue list after this file).
  await expect(card).toHaveCount(0);
  const range = `/api/v2/schedule/appointments/start/${compact(sun)}/end/${compact(sun)}`;
  const planned = (await apiGet<{ items: Appt[] }>(page.request, range)).items.filter(
    (x) => x.titolo === 'Verifica in ritardo E2E',
  );
  expect(planned).toHaveLength(1);
  expect(instant(planned[0]!.inizio)).toBe(romeInstant(sun, '08:00'));
});
