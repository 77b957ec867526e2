import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO, signIn } from './helpers';
import { solidPng } from './png';

const SHOTS = process.env.E2E_SHOTS_DIR;

/** The demo's administrator through the API (access tokens live 8 seconds here: asked again when needed). */
async function officeHeaders(request: APIRequestContext) {
  const device = 'e2efieldreport01';
  const login = await request.post('/api/login/login', {
    headers: { source: 'WEB', 'device-id': device },
    data: { piva: DEMO.piva, username: 'admin', password: DEMO.password },
  });
  expect(login.status()).toBe(200);
  const token = (await login.json()).item.token as string;
  return { authorization: `Bearer ${token}`, source: 'WEB', 'device-id': device };
}

async function dismissTour(page: Page) {
  const no = page.getByRole('button', { name: 'No, grazie' });
  if (await no.isVisible({ timeout: 1_500 }).catch(() => false)) await no.click();
}

/** Every visible button and toggle of the area at least 44 px high, no control under 24 px. */
async function assertTouchTargets(area: Locator) {
  const sizes = await area.evaluate((root) => {
    const seen = (el: Element) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && style.visibility !== 'hidden';
    };
    const name = (el: Element) =>
      (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || el.tagName).trim().slice(0, 40);
    const targets = [...root.querySelectorAll('button, a[href], .mantine-SegmentedControl-label')].filter(seen);
    const controls = [...root.querySelectorAll('button, a[href], input, textarea, select, [role=checkbox]')]
      .filter((el) => !(el instanceof HTMLInputElement && (el.type === 'file' || el.type === 'hidden')))
      // A segmented control's radios are hidden: their labels are the targets.
      .filter((el) => !(el instanceof HTMLInputElement && el.type === 'radio'))
      .filter(seen);
    return {
      small: targets
        .map((el) => ({ name: name(el), h: Math.round(el.getBoundingClientRect().height) }))
        .filter((x) => x.h < 44),
      tiny: controls
        .map((el) => {
          const r = el.getBoundingClientRect();
          return { name: name(el), w: Math.round(r.width), h: Math.round(r.height) };
        })
        .filter((x) => x.w < 24 || x.h < 24),
      count: targets.length,
    };
  });
  expect(sizes.count).toBeGreaterThan(8);
  expect(sizes.small, 'buttons and toggles under 44 px').toEqual([]);
  expect(sizes.tiny, 'controls under 24 px').toEqual([]);
}

test('a technician on a phone does the visit on the field report: timer, checks, material, photo, signature, close and send; the office reopens it', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  // What the visit needs, made by the office so the test holds any day (weekends too).
  let headers = await officeHeaders(request);
  const users = await (await request.get('/api/users/users', { headers })).json();
  const mario = (users.items as { id: string; username: string }[]).find((u) => u.username === 'mario.rossi')!;
  const stamp = Date.now().toString(36);
  const email = `campo.${stamp}@example.test`;
  const savedCustomer = await request.post('/api/clienti/cliente', {
    headers,
    data: {
      ragione_sociale: `Condominio Campo ${stamp}`,
      email,
      cellulare: '333 123 4567',
      indirizzo: 'Via Roma 1',
      cap: '10121',
      citta: 'Torino',
      provincia: 'TO',
    },
  });
  expect(savedCustomer.status(), await savedCustomer.text()).toBe(200);
  const customerId = (await savedCustomer.json()).item.id as string;
  // A job role with two checks and an article to search (the demo company starts without registries).
  const jobAnswer = await request.post('/api/mansioni/mansione/create', {
    headers,
    data: { nome: `Caldaie campo ${stamp}` },
  });
  expect(jobAnswer.status(), await jobAnswer.text()).toBe(200);
  const jobId = (await jobAnswer.json()).item.id as string;
  for (const nome_campo of ['Pressione impianto', 'Analisi dei fumi']) {
    const check = await request.post('/api/controlli/controllo', {
      headers,
      data: { mansioneId: jobId, nome_campo, tipo_campo: 'boolean' },
    });
    expect(check.status(), await check.text()).toBe(200);
  }
  const article = { codice: `VG-${stamp}`.toUpperCase(), descrizione: 'Valvola gas caldaia' };
  const savedArticle = await request.post('/api/anagraficaarticoli/articoli', {
    headers,
    data: { ...article, unita_misura: 'pz' },
  });
  expect(savedArticle.status(), await savedArticle.text()).toBe(200);
  const appointment = new Date(Math.ceil(Date.now() / 60_000) * 60_000).toISOString();
  const created = await request.post('/api/rapportini/rapportino/lavorazione', {
    headers,
    data: {
      cliente_id: customerId,
      tecnici_ids: [mario.id],
      mansione_id: jobId,
      data_appuntamento: appointment,
      richiesta_iniziale: 'La caldaia va in blocco più volte al giorno',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const report = (await created.json()).item as { id: string; numero_assistenza: string; controlli: unknown[] };
  const checkCount = report.controlli.length;
  expect(checkCount).toBe(2);

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, { username: 'mario.rossi', path: `/interventions/${report.id}` });
  await dismissTour(page);
  const main = page.locator('[data-field-report]');
  await expect(main).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/field-top-390.png` });

  // The request and the place first, with the maps link and the call.
  const place = page.getByRole('region', { name: 'Richiesta e luogo' });
  await expect(place.getByTestId('field-request')).toHaveText('La caldaia va in blocco più volte al giorno');
  await expect(place.getByRole('link', { name: 'Naviga' })).toHaveAttribute(
    'href',
    `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent('Via Roma 1, 10121 Torino (TO)')}`,
  );
  await expect(place.getByRole('link', { name: /^Chiama/ })).toHaveAttribute('href', 'tel:3331234567');
  await expect(place.getByText(/\d{2}\/\d{2}\/\d{4} alle \d{2}:\d{2}/)).toBeVisible();
  // The office's fields are not on the field view.
  await expect(page.getByLabel('Cliente di fatturazione')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Prezzi' })).toHaveCount(0);
  // The order of the work: place, hours, checks, material, photos, notes, signature.
  const order = await page
    .locator('[data-field-report] > section')
    .evaluateAll((s) => s.map((x) => x.getAttribute('aria-label')));
  expect(order.slice(0, 7)).toEqual([
    'Richiesta e luogo',
    'Ore lavorate',
    'Controlli',
    'Materiale',
    'Allegati',
    'Note finali',
    'Accettazione',
  ]);

  // The timer: started, kept over a reload, stopped into today's worked day.
  const hours = page.getByRole('region', { name: 'Ore lavorate' });
  await hours.getByRole('button', { name: 'Inizia' }).click();
  await expect(hours.getByText(/In corso dalle \d{2}:\d{2}/)).toBeVisible();
  await page.reload();
  await expect(hours.getByRole('button', { name: 'Termina' })).toBeVisible();
  await expect(hours.getByTestId('field-timer')).not.toHaveText('0:00:00');
  await hours.getByRole('button', { name: 'Termina' }).click();
  const day = hours.getByRole('group', { name: 'Giornata 1' });
  await expect(day).toBeVisible();
  await expect(day.getByRole('textbox', { name: /Ore di lavoro|Inizio mattina|Ore mattina/ }).first()).not.toHaveValue(
    '',
  );

  // The checks as large toggles.
  const checks = page.getByRole('region', { name: 'Controlli' });
  for (let i = 0; i < checkCount; i++) await checks.getByText('OK', { exact: true }).nth(i).click();

  // A material from the article search.
  const materials = page.getByRole('region', { name: 'Materiale' });
  await materials.getByRole('button', { name: 'Aggiungi materiale' }).click();
  const row = materials.getByRole('group', { name: 'Materiale 1' });
  await row.getByRole('combobox', { name: 'Articolo' }).fill(article.codice);
  await page
    .getByRole('option', { name: new RegExp(article.codice) })
    .first()
    .click();
  await expect(row.getByLabel('Descrizione')).toHaveValue(article.descrizione);

  // A photo from the camera.
  await page.locator('input[type=file][capture]').setInputFiles({
    name: 'foto-caldaia.png',
    mimeType: 'image/png',
    buffer: solidPng(64, 48, [200, 90, 40]),
  });
  await expect(page.getByText('foto-caldaia.png').first()).toBeVisible();

  // The notes, with the demo's mandatory closing field.
  const notes = page.getByRole('region', { name: 'Note finali' });
  await notes.getByRole('textbox', { name: 'Note finali' }).fill('Sostituita la valvola del gas');
  const pressure = notes.getByRole('textbox', { name: /Pressione finale/ });
  if (await pressure.count()) await pressure.fill('1,5');

  // Touch targets and accessibility of the filled page.
  await assertTouchTargets(main);
  const bar = main.locator('.mantine-Paper-root').last();
  expect((await bar.boundingBox())!.height).toBeLessThan(80);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')} ${n.html.slice(0, 120)} ${n.failureSummary ?? ''}`).join('\n')}`,
    );
  expect(serious, serious.join('\n')).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/field-report-390.png`, fullPage: true });

  // The customer signs on the pad (what is typed is saved first).
  const acceptance = page.getByRole('region', { name: 'Accettazione' });
  const pad = acceptance.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const stroke = async (points: [number, number][]) => {
    await page.mouse.move(box.x + points[0]![0] * box.width, box.y + points[0]![1] * box.height);
    await page.mouse.down();
    for (const [x, y] of points.slice(1))
      await page.mouse.move(box.x + x * box.width, box.y + y * box.height, { steps: 6 });
    await page.mouse.up();
  };
  await stroke([
    [0.1, 0.7],
    [0.25, 0.3],
    [0.4, 0.75],
    [0.6, 0.35],
    [0.85, 0.6],
  ]);
  await acceptance.getByLabel('Nome di chi firma').fill('Giulia Verdi');
  await acceptance.getByRole('button', { name: 'Salva la firma' }).click();
  await expect(acceptance.getByTestId('signature-caption')).toContainText('Giulia Verdi');
  // What was typed before signing was saved with it.
  await expect(checks.getByRole('radio', { name: 'OK' }).first()).toBeChecked();
  await expect(page.getByText('foto-caldaia.png').first()).toBeVisible();

  // Closing, then "send it now?" with the customer's email already there.
  await page.getByRole('button', { name: 'Chiudi intervento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Inviarlo ora al cliente?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Destinatari' }).getByRole('listitem')).toHaveText([email]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/field-send-390.png` });
  await dialog.getByRole('button', { name: 'Invia', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('main').getByText('Chiuso', { exact: true }).first()).toBeVisible();
  // Closed and signed: the signature is locked.
  await expect(acceptance.getByTestId('signature-locked')).toBeVisible();
  await expect(acceptance.getByRole('button', { name: 'Cancella la firma' })).toHaveCount(0);
  await expect(acceptance.getByRole('button', { name: 'Firma di nuovo' })).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/field-closed-390.png`, fullPage: true });

  // The saved report holds the work.
  headers = await officeHeaders(request);
  const read = await (await request.get(`/api/rapportini/rapportini/admin/${report.id}`, { headers })).json();
  expect(read.item).toMatchObject({ stato: 'CHIUSO', note: 'Sostituita la valvola del gas' });
  expect((read.item.controlli as { esito: string }[]).every((c) => c.esito === 'ok')).toBe(true);
  expect(read.item.materiali).toHaveLength(1);
  expect(read.item.giornate).toHaveLength(1);
  expect(read.item.giornate[0].tecnico_id).toBe(mario.id);
  expect(read.item.firma.firmatario).toBe('Giulia Verdi');

  // Reopening allowed (set before the office signs in in the browser: an API sign-in ends the browser's session).
  const reopening = async (value: '0' | '1') => {
    const saved = await request.post('/api/options/options/confirm', {
      headers: await officeHeaders(request),
      data: { items: [{ category: 'riapertura_rapportini_chiusi', subcategory: 'enabled', value }] },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  };
  await reopening('1');
  const officeContext = await browser.newContext({
    baseURL,
    locale: 'it-IT',
    serviceWorkers: 'block',
    viewport: { width: 1366, height: 900 },
  });
  try {
    // The office sees the sending in the mail log, sent (the e2e server mails through its loopback SMTP server).
    const office = await officeContext.newPage();
    await signIn(office, { path: `/interventions/${report.id}` });
    await dismissTour(office);
    await expect(office.getByRole('region', { name: "Dati dell'intervento" })).toBeVisible();
    await expect(office.locator('[data-field-report]')).toHaveCount(0);
    const log = office.getByRole('region', { name: 'Registro invii' });
    const entry = log.getByRole('row').filter({ hasText: email });
    await expect(entry).toBeVisible();
    await expect(entry.getByText('Inviato')).toBeVisible({ timeout: 20_000 });
    if (SHOTS) await office.screenshot({ path: `${SHOTS}/field-office-1366.png`, fullPage: true });

    // Reopening asks whether the locked signature is cleared; the PDF sent stays in the log.
    await office.getByRole('button', { name: 'Riapri', exact: true }).click();
    const confirm = office.getByRole('dialog', { name: "Riaprire l'intervento?" });
    await expect(confirm.getByText('Il PDF già inviato resta nel registro invii.')).toBeVisible();
    await confirm.getByRole('checkbox', { name: 'Cancella anche la firma di Giulia Verdi' }).check();
    if (SHOTS) await office.screenshot({ path: `${SHOTS}/field-reopen-1366.png` });
    await confirm.getByRole('button', { name: 'Riapri', exact: true }).click();
    // The state, not the success toast (it may have closed already on a loaded machine): the report is open again.
    await expect(office.locator('main').getByText('Aperto', { exact: true }).first()).toBeVisible();
    await expect(office.getByTestId('signature-caption')).toHaveCount(0);
    await expect(entry.getByText('Inviato')).toBeVisible();
  } finally {
    await officeContext.close();
    await reopening('0');
  }
});
