import { expect, test } from '@playwright/test';
import {
  apiGet,
  appointmentSaved,
  compact,
  dragTo,
  isoDay,
  officeHeaders,
  openNextWeek,
  pickOption,
  ROME,
  SHOTS,
  slotPoint,
  type Appt,
} from './planner-helpers';

// Issue 14, the office planner: an appointment created by clicking a slot in week view and moved by
// dragging it to another day; an overdue contract activity planned by dragging it onto the calendar.
// Every save is checked through the API as a second administrator (the browser's one stays signed in).
test.describe.configure({ mode: 'serial' });

interface Occ {
  id: string;
  nome: string;
  stato: string;
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
  expect(ROME.format(new Date(saved[0]!.inizio!))).toBe('10:00');
  expect(saved[0]!.tecnici.map((t) => t.nome)).toEqual(['Pia Tecnica']);

  // Dragged to Friday at the same time: saved with the new start.
  const moved = appointmentSaved(page);
  await dragTo(page, event, await slotPoint(page, fri, '10:00:00'));
  expect(await (await moved).json()).toMatchObject({ success: true });
  await expect(page.locator(`td.fc-timegrid-col[data-date="${fri}"]`).locator('.fc-event')).toContainText('Visita E2E');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/planner-moved.png`, fullPage: true });
  saved = (await apiGet<{ items: Appt[] }>(page.request, range)).items.filter((a) => a.titolo === 'Visita E2E');
  expect(saved).toHaveLength(1);
  expect(saved[0]!.giorno_inizio).toBe(compact(fri));
  expect(ROME.format(new Date(saved[0]!.inizio!))).toBe('10:00');
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
  expect(ROME.format(new Date(planned[0]!.inizio!))).toBe('09:00');
  const after = await apiGet<{ items: Occ[]; scadute: Occ[] }>(page.request, activities);
  expect(after.scadute.some((o) => o.id === occ.id)).toBe(false);
  expect(after.items.find((o) => o.id === occ.id)?.stato).toBe('pianificata');
});
