import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import JSZip from 'jszip';
import { FIXTURES } from '../fixtures';
import { signIn } from './helpers';
import { solidPng } from './png';

// One mandatory custom field, created by the administrator, is then required of every report
// of the company: the two flows below run in order.
test.describe.configure({ mode: 'serial' });

const FIELD = 'Matricola verificata';
const CO = { piva: FIXTURES.reports.piva, password: FIXTURES.password };
const SHOTS = process.env.E2E_SHOTS_DIR;

async function pick(page: Page, label: string, typed: string, option: RegExp | string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  if (typed) await input.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

async function dismissTour(page: Page) {
  const no = page.getByRole('button', { name: 'No, grazie' });
  if (await no.isVisible({ timeout: 1_500 }).catch(() => false)) await no.click();
}

test('the administrator configures a mandatory field, records two days and three materials, sees the prices, closes', async ({
  page,
}) => {
  test.slow(); // the whole office flow in one test: configuration, entry, prices, closing, list, export
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, { ...CO, path: '/custom-intervention' });
  await dismissTour(page);

  // A mandatory short-text field at closing.
  await page.getByRole('button', { name: 'Nuovo campo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuovo campo' });
  await dialog.getByLabel('Nome').fill(FIELD);
  await pick(page, 'Posizione', '', 'Chiusura');
  await dialog.getByLabel('Obbligatorio').check();
  await dialog.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Campo salvato')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Chiusura' })).toContainText(FIELD);
  // A second field, dragged above the first: the order is kept.
  await page.getByRole('button', { name: 'Nuovo campo' }).click();
  await dialog.getByLabel('Nome').fill('Note di collaudo');
  await pick(page, 'Posizione', '', 'Chiusura');
  await dialog.getByRole('button', { name: 'Salva' }).click();
  const closing = page.getByRole('region', { name: 'Chiusura' });
  await expect(closing).toContainText('Note di collaudo');
  const order = async () => {
    const text = (await closing.textContent()) ?? '';
    return text.indexOf('Note di collaudo') < text.indexOf(FIELD) ? 'dragged first' : 'dragged last';
  };
  expect(await order()).toBe('dragged last');
  // (the region at the middle of the screen, away from the toasts)
  await closing.evaluate((e) => e.scrollIntoView({ block: 'center' }));
  await page.getByTestId('campo-Note di collaudo').dragTo(page.getByTestId(`campo-${FIELD}`));
  await expect.poll(order).toBe('dragged first');
  await page.reload();
  await expect(closing).toContainText('Note di collaudo');
  expect(await order()).toBe('dragged first');

  // A new report for a customer, assigned to Luca Bianchi.
  await page.goto('/new-intervention');
  await page.getByRole('button', { name: 'Crea intervento' }).click();
  await expect(page.getByText('Scegli il cliente')).toBeVisible();
  await pick(page, 'Cliente', '', /./);
  const customer = (await page.getByRole('combobox', { name: 'Cliente', exact: true }).inputValue()).split(' · ')[0]!;
  await page.getByRole('combobox', { name: 'Tecnici', exact: true }).click();
  await page.getByRole('option', { name: 'Luca Bianchi' }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel('Richiesta iniziale').fill('Perdita dal circuito del gruppo frigo');
  await page.getByRole('button', { name: 'Crea intervento' }).click();
  await expect(page).toHaveURL(/\/interventions\/[0-9a-f-]{36}$/);
  await expect(page.getByText(/Intervento .+ creato/)).toBeVisible();

  // Dates the Italian way, whatever the browser's locale.
  await expect(page.getByRole('textbox', { name: 'Data apertura' })).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  // Two worked days.
  const hours = page.getByRole('region', { name: 'Ore lavorate' });
  for (const [n, ore] of [
    [1, '4'],
    [2, '3,5'],
  ] as const) {
    await hours.getByRole('button', { name: 'Aggiungi giornata' }).click();
    const day = hours.getByRole('group', { name: `Giornata ${n}` });
    await expect(day.getByRole('textbox', { name: 'Data' })).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
    await day.getByLabel('Ore di lavoro').fill(ore);
    await day.getByLabel('Km di viaggio').fill('20');
    await day.getByLabel('Ore di viaggio').fill('0,5');
  }
  // Three materials: one from the articles, two written by hand.
  const materials = page.getByRole('region', { name: 'Materiale' });
  await materials.getByRole('button', { name: 'Aggiungi materiale' }).click();
  const first = materials.getByRole('group', { name: 'Materiale 1' });
  await first.getByRole('combobox', { name: 'Articolo' }).fill('ART');
  await page.getByRole('option').first().click();
  await expect(first.getByLabel('Descrizione')).not.toHaveValue('');
  await first.getByLabel('Prezzo netto').fill('10,00');
  for (const [n, what, qty, price] of [
    [2, 'Raccordo a T 1/2"', '2', '3,50'],
    [3, 'Guarnizione in fibra', '4', '1,25'],
  ] as const) {
    await materials.getByRole('button', { name: 'Aggiungi materiale' }).click();
    const row = materials.getByRole('group', { name: `Materiale ${n}` });
    await row.getByLabel('Descrizione').fill(what);
    await row.getByLabel('Quantità').fill(qty);
    await row.getByLabel('Prezzo di listino').fill(price);
  }
  await page.getByRole('button', { name: 'Salva', exact: true }).click();
  await expect(page.getByText('Intervento salvato')).toBeVisible();

  // Prices computed on the server: 7,5 h × 40 + 1 h travel × 30 + 40 km × 0,50 + 10 + 7 + 5.
  const prices = page.getByRole('region', { name: 'Prezzi' });
  await expect(prices).toContainText('Totale (IVA esclusa)');
  await expect(prices).toContainText('372,00 €');
  await expect(prices).toContainText('300,00 €');
  // The report's own hourly rate wins over the company's: 7,5 h × 45.
  await prices.getByRole('switch', { name: /^Prezzi propri/ }).check({ force: true });
  await prices.getByLabel('Prezzo orario').fill('45');
  await page.getByRole('button', { name: 'Salva', exact: true }).click();
  await expect(prices).toContainText('337,50 €');
  await expect(prices).toContainText('409,50 €');
  await expect(prices).toContainText("prezzo dell'intervento");

  // Closing refuses while the mandatory field is empty, then closes.
  await page.getByRole('button', { name: 'Chiudi intervento' }).click();
  await expect(page.getByText('Compila i campi obbligatori prima di chiudere.').first()).toBeVisible();
  const field = page.getByRole('textbox', { name: FIELD });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill('SN-4411');
  await page.getByRole('button', { name: 'Chiudi intervento' }).click();
  await expect(page.getByText('Intervento chiuso').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main').getByText('Chiuso', { exact: true }).first()).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/report-admin-1366.png`, fullPage: true });
  // The closed report for Danea EasyFatt, from its page (the administrator sees prices).
  const single = page.waitForEvent('download');
  await page.getByRole('button', { name: 'EasyFatt (XML)' }).click();
  const singleFile = await single;
  expect(singleFile.suggestedFilename()).toMatch(/^easyfatt-[\w.-]+\.xml$/);
  const singleXml = await readFile((await singleFile.path())!, 'utf8');
  expect(singleXml).toContain('<DocumentType>G</DocumentType>');
  expect(singleXml.match(/<Document>/g)).toHaveLength(1);
  // The printed report: a PDF named after the report's number.
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Scarica PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/^Rapportino .+\.pdf$/);
  const pdfBytes = await readFile((await pdf.path())!);
  expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdfBytes.length).toBeGreaterThan(2000);

  // The list shows it closed, with its hours; the customer filter finds it.
  await page.goto('/interventions');
  await expect(page.getByRole('table')).toContainText('7,5');
  const filter = page.getByRole('combobox', { name: 'Cliente', exact: true });
  await filter.fill(customer.slice(0, 6));
  await page.getByRole('option', { name: customer, exact: true }).click();
  await expect(page.getByText('1 intervento', { exact: true })).toBeVisible();
  await expect(page.getByRole('table')).toContainText(customer);
  // The filtered list exported as CSV: that one report, its hours the Italian way.
  await page.getByRole('button', { name: 'Esporta' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /CSV/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('interventi.csv');
  const csv = (await readFile((await file.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain(customer);
  expect(csv[1]).toContain('7,5');
  // The same filtered list as a Danea EasyFatt file: that one report as one document.
  await page.getByRole('button', { name: 'Esporta' }).click();
  const xmlDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'EasyFatt (XML)' }).click();
  const xmlFile = await xmlDownload;
  expect(xmlFile.suggestedFilename()).toBe('rapportini-easyfatt.xml');
  const xml = await readFile((await xmlFile.path())!, 'utf8');
  expect(xml.match(/<Document>/g)).toHaveLength(1);
  const number = /<Number>([^<]+)<\/Number>/.exec(singleXml)?.[1];
  expect(number).toBeTruthy();
  expect(xml).toContain(`<Number>${number}</Number>`);
});

test('a technician on a phone opens today’s report from home, records the work with a photo and closes it', async ({
  page,
  request,
}) => {
  // The office appoints a report to Luca Bianchi for today.
  const device = 'e2ereports000001';
  // Access tokens live 8 seconds here: the office signs in again for the check at the end.
  const officeHeaders = async () => {
    const login = await request.post('/api/login/login', {
      headers: { source: 'WEB', 'device-id': device },
      data: { piva: CO.piva, username: 'admin', password: CO.password },
    });
    const token = (await login.json()).item.token as string;
    return { authorization: `Bearer ${token}`, source: 'WEB', 'device-id': device };
  };
  const headers = await officeHeaders();
  const users = await (await request.get('/api/users/users', { headers })).json();
  const luca = (users.items as { id: string; username: string }[]).find(
    (u) => u.username === FIXTURES.reports.technician,
  )!;
  const customers = await (await request.get('/api/clienti/clienti-filtered?size=1', { headers })).json();
  const customer = customers.items[0] as { id: string; ragione_sociale: string };
  // A job role of the demo with its checklist: the technician answers it before closing.
  const jobs = await (await request.get('/api/mansioni/mansioni', { headers })).json();
  const job = (jobs.items as { id: string; controlli?: unknown[] }[]).find((j) => (j.controlli?.length ?? 0) > 0)!;
  const appointment = new Date(Math.ceil((Date.now() + 2 * 3_600_000) / 60_000) * 60_000).toISOString();
  const created = await request.post('/api/rapportini/rapportino/lavorazione', {
    headers,
    data: {
      cliente_id: customer.id,
      tecnici_ids: [luca.id],
      mansione_id: job.id,
      data_appuntamento: appointment,
      contrassegnato: true,
      richiesta_iniziale: 'Il condizionatore della sala riunioni non raffresca',
    },
  });
  expect(created.status()).toBe(200);
  const checkCount = ((await created.json()).item.controlli as unknown[]).length;
  expect(checkCount).toBeGreaterThan(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, { ...CO, username: FIXTURES.reports.technician });
  await dismissTour(page);
  // The home is the technician's day (issue 24): the visit's card, today's or (late in the evening) tomorrow's.
  const card = page
    .getByRole('main')
    .getByRole('article')
    .filter({ hasText: 'Il condizionatore della sala riunioni non raffresca' });
  await expect(card.first()).toBeVisible();
  await expect(card.first().getByRole('heading')).toHaveText(customer.ragione_sociale);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/report-tech-home-390.png`, fullPage: true });
  await card
    .first()
    .getByRole('link', { name: /^Apri rapportino/ })
    .click();
  await expect(page).toHaveURL(/\/interventions\/[0-9a-f-]{36}$/);

  const hours = page.getByRole('region', { name: 'Ore lavorate' });
  await hours.getByRole('button', { name: 'Aggiungi giornata' }).click();
  const day = hours.getByRole('group', { name: 'Giornata 1' });
  await day.getByLabel('Ore di lavoro').fill('2,5');
  await day.getByLabel('Km di viaggio').fill('12');
  await day.getByLabel('Ore di viaggio').fill('0,5');
  const materials = page.getByRole('region', { name: 'Materiale' });
  await materials.getByRole('button', { name: 'Aggiungi materiale' }).click();
  const row = materials.getByRole('group', { name: 'Materiale 1' });
  await row.getByLabel('Descrizione').fill('Gas refrigerante R32');
  await row.getByLabel('Quantità').fill('1,5');

  // Closing with the mandatory field and the checks empty is refused, and says so.
  await page.getByRole('button', { name: 'Chiudi intervento' }).click();
  await expect(page.getByText('Compila i campi obbligatori prima di chiudere.').first()).toBeVisible();
  await page.getByRole('textbox', { name: FIELD }).fill('SN-9021');
  const checks = page.getByRole('region', { name: 'Controlli' });
  for (let i = 0; i < checkCount; i++) await checks.getByText('OK', { exact: true }).nth(i).click();

  // A photo from the camera input (capture="environment").
  const camera = page.locator('input[type=file][capture]');
  await expect(camera).toHaveAttribute('accept', 'image/*');
  await camera.setInputFiles({
    name: 'foto-unita.png',
    mimeType: 'image/png',
    buffer: solidPng(64, 48, [60, 120, 200]),
  });
  await expect(page.getByText('foto-unita.png').first()).toBeVisible();

  // No horizontal scrolling on the phone.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  await page.getByRole('button', { name: 'Chiudi intervento' }).click();
  await expect(page.getByText('Intervento chiuso').first()).toBeVisible();
  await expect(page.locator('main').getByText('Chiuso', { exact: true }).first()).toBeVisible();
  // A technician sees no prices.
  await expect(page.getByRole('region', { name: 'Prezzi' })).toHaveCount(0);
  // The technician's saves kept what the office set: the appointment and the mark.
  // (a new sign-in: the browser tests' access tokens live 8 s)
  const again = await request.post('/api/login/login', {
    headers: { source: 'WEB', 'device-id': device },
    data: { piva: CO.piva, username: 'admin', password: CO.password },
  });
  const fresh = { ...headers, authorization: `Bearer ${(await again.json()).item.token as string}` };
  const read = await request.get(`/api/rapportini/rapportini/admin/${(await created.json()).item.id}`, {
    headers: fresh,
  });
  expect(read.status(), await read.text()).toBe(200);
  const after = await read.json();
  expect(after.item).toMatchObject({ stato: 'CHIUSO', data_appuntamento: appointment, contrassegnato: true });
  expect((after.item.controlli as { esito: string }[]).every((c) => c.esito === 'ok')).toBe(true);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/report-tech-390.png`, fullPage: true });
});

test('the office ticks reports in the list and deletes them after confirming; a completed one is kept and named', async ({
  page,
  request,
}) => {
  const device = 'e2ereports000002';
  const login = await request.post('/api/login/login', {
    headers: { source: 'WEB', 'device-id': device },
    data: { piva: CO.piva, username: 'admin', password: CO.password },
  });
  const token = (await login.json()).item.token as string;
  const headers = { authorization: `Bearer ${token}`, source: 'WEB', 'device-id': device };
  const customers = await (await request.get('/api/clienti/clienti-filtered?size=1', { headers })).json();
  const cliente_id = (customers.items[0] as { id: string }).id;
  // Every mandatory custom field filled, so that one of them can be closed and completed.
  const config = await (await request.get('/api/configuration/intervento', { headers })).json();
  const campi_personalizzati = (config.items as { id: string; obbligatorio: boolean }[])
    .filter((c) => c.obbligatorio)
    .map((c) => ({ campo_id: c.id, valore: 'X-1' }));
  const made: { id: string; numero_assistenza: string }[] = [];
  for (const text of ['Da eliminare uno', 'Da eliminare due', 'Completato, resta']) {
    const r = await request.post('/api/rapportini/rapportino/lavorazione', {
      headers,
      data: { cliente_id, richiesta_iniziale: text, campi_personalizzati },
    });
    expect(r.status(), await r.text()).toBe(200);
    made.push((await r.json()).item);
  }
  const done = made[2]!;
  for (const azione of ['chiudi', 'completa'])
    expect(
      (await request.post('/api/rapportini/rapportino/chiusura', { headers, data: { id: done.id, azione } })).status(),
    ).toBe(200);

  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, { ...CO, path: '/interventions' });
  await dismissTour(page);
  const table = page.getByRole('table');
  for (const r of made) await table.getByRole('checkbox', { name: `Seleziona ${r.numero_assistenza}` }).check();
  await expect(page.getByText('3 selezionati')).toBeVisible();
  // Their PDFs in one zip.
  const zipDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Scarica PDF (zip)' }).click();
  const zipFile = await zipDownload;
  expect(zipFile.suggestedFilename()).toBe('rapportini.zip');
  const zip = await JSZip.loadAsync(await readFile((await zipFile.path())!));
  const entries = Object.keys(zip.files);
  expect(entries).toHaveLength(3);
  for (const r of made) expect(entries.some((e) => e.includes(r.numero_assistenza.replace('/', '-')))).toBe(true);
  expect((await zip.files[entries[0]!]!.async('nodebuffer')).subarray(0, 5).toString()).toBe('%PDF-');

  await page.getByRole('button', { name: 'Elimina' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminare 3 interventi?' });
  await confirm.getByRole('button', { name: 'Elimina' }).click();
  await expect(page.getByText('2 rapportini cancellati correttamente')).toBeVisible();
  await expect(page.getByText(`Non eliminato perché completato: ${done.numero_assistenza}`)).toBeVisible();
  for (const r of made.slice(0, 2))
    await expect(table.getByRole('checkbox', { name: `Seleziona ${r.numero_assistenza}` })).toHaveCount(0);
  await expect(table.getByRole('checkbox', { name: `Seleziona ${done.numero_assistenza}` })).toBeVisible();
  await expect(page.getByText('3 selezionati')).toBeHidden();
});
