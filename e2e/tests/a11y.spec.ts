import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { FIXTURES } from '../fixtures';
import { signIn } from './helpers';
import { romeInstant } from './planner-helpers';

/**
 * Automated accessibility checks (axe-core, WCAG 2.1 A and AA rules) of the
 * registry, administration, report, planner and contract screens, filled with the
 * demo's sample data. Serious and critical findings fail the test; each is listed
 * with the elements it concerns.
 */
async function expectAccessible(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n${v.nodes
          .slice(0, 8)
          .map((n) => `  ${n.target.join(' ')}: ${n.any[0]?.message ?? n.failureSummary}`)
          .join('\n')}`,
    );
  expect(serious, `${what}: accessibility findings`).toEqual([]);
}

test('the registry screens have no serious accessibility findings', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, { piva: FIXTURES.sample.piva, password: FIXTURES.password });
  const main = page.getByRole('main');

  await page.goto('/customers');
  await expect(main.getByText(/36 elementi/)).toBeVisible();
  await expectAccessible(page, 'customers');

  await main.getByRole('row').nth(1).getByRole('cell').nth(1).click();
  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
  await expect(main.getByRole('heading', { name: 'Impianti' })).toBeVisible();
  await expectAccessible(page, 'customer page');

  await page.goto('/items');
  await expect(main.getByText(/120 elementi/)).toBeVisible();
  await expectAccessible(page, 'items');

  await page.goto('/jobs');
  await expect(main.getByText('Manutenzione caldaie')).toBeVisible();
  await expectAccessible(page, 'jobs');

  await page.goto('/data-import');
  await expect(main.getByText('Trascina qui il file CSV o fai clic per sceglierlo')).toBeVisible();
  await expectAccessible(page, 'data import');

  await page.goto('/storage-space');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'storage space');
});

test('the sign-in page and the administration screens have no serious accessibility findings', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Accedi', exact: true })).toBeVisible();
  await expectAccessible(page, 'login');

  await signIn(page, { piva: FIXTURES.sample.piva, password: FIXTURES.password });
  await expectAccessible(page, 'home');
  for (const path of ['/company', '/options', '/subscription-plan', '/technicians', '/permission-groups', '/profile']) {
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, path);
  }
});

test('the work report screens have no serious accessibility findings, on a desktop and on a phone', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // One report with a day and a material, made through the API.
  const device = 'e2ea11yreports01';
  const login = await request.post('/api/login/login', {
    headers: { source: 'WEB', 'device-id': device },
    data: { piva: FIXTURES.sample.piva, username: 'admin', password: FIXTURES.password },
  });
  const headers = { authorization: `Bearer ${(await login.json()).item.token}`, source: 'WEB', 'device-id': device };
  const users = (await (await request.get('/api/users/users', { headers })).json()).items as {
    id: string;
    role: string;
  }[];
  const tech = users.find((u) => u.role === 'user')!;
  const customer = (await (await request.get('/api/clienti/clienti-filtered?size=1', { headers })).json()).items[0];
  const created = await request.post('/api/rapportini/rapportino/lavorazione', {
    headers,
    data: {
      cliente_id: customer.id,
      tecnici_ids: [tech.id],
      richiesta_iniziale: 'Verifica annuale',
      giornate: [{ data: '2026-11-20', tecnico_id: tech.id, totale_ore: '2', km_viaggio: '10', ore_viaggio: '0.5' }],
      materiali: [{ descrizione: 'Guarnizione', quantita: '2', importo_unitario: '1.50' }],
    },
  });
  expect(created.status()).toBe(200);
  const id = (await created.json()).item.id;

  await signIn(page, { piva: FIXTURES.sample.piva, password: FIXTURES.password });
  const main = page.getByRole('main');
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await page.goto('/interventions');
    await expect(main.getByText(customer.ragione_sociale).first()).toBeVisible();
    await expectAccessible(page, `interventions at ${width}`);
    await page.goto(`/interventions/${id}`);
    await expect(main.getByRole('region', { name: 'Prezzi' })).toBeVisible();
    await expectAccessible(page, `report at ${width}`);
    // Nothing scrolls sideways, prices included.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `report at ${width}: sideways scrolling`).toBeLessThanOrEqual(0);
    await page.goto('/new-intervention');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, `new report at ${width}`);
    await page.goto('/custom-intervention');
    await expect(main.getByRole('tab', { name: 'Campi personalizzati' })).toBeVisible();
    await expectAccessible(page, `custom intervention at ${width}`);
  }
});

/** Today in Rome (YYYY-MM-DD) and a day moved from it. */
const romeToday = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome' }).format(new Date());
const dayFrom = (day: string, n: number) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/**
 * What the planner, the technician's home, the contracts and the reports show, made through the API
 * in the sample company: five appointments today (one of 30 minutes, one with its new report) and one
 * all day, a to-do, an on-call contract with hours used by a closed report, a maintenance contract
 * with monthly activities, and a report appointed today at 09:00 (its appointment is the planner's too).
 */
async function seedOperations(request: APIRequestContext) {
  const device = 'e2ea11yplanner01';
  const login = await request.post('/api/login/login', {
    headers: { source: 'WEB', 'device-id': device },
    data: { piva: FIXTURES.sample.piva, username: 'admin', password: FIXTURES.password },
  });
  const headers = { authorization: `Bearer ${(await login.json()).item.token}`, source: 'WEB', 'device-id': device };
  const post = async (path: string, data: unknown) => {
    const res = await request.post(path, { headers, data });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
    return (await res.json()).item as { id: string };
  };
  const get = async (path: string) => (await (await request.get(path, { headers })).json()).items;
  const tech = ((await get('/api/users/users')) as { id: string; role: string }[]).find((u) => u.role === 'user')!;
  const [customer, other] = (await get('/api/clienti/clienti-filtered?size=2')) as { id: string }[];
  const job = ((await get('/api/mansioni/mansioni')) as { id: string; nome: string }[]).find(
    (j) => j.nome === 'Manutenzione caldaie',
  )!;
  const today = romeToday();
  const appointment = (from: string, to: string, titolo: string, extra: Record<string, unknown> = {}) =>
    post('/api/schedule/appointment', {
      titolo,
      cliente_id: customer!.id,
      tecnici_ids: [tech.id],
      mansione_id: job.id,
      inizio: romeInstant(today, from),
      fine: romeInstant(today, to),
      conferma: true,
      ...extra,
    });
  await appointment('08:00', '09:30', 'Manutenzione caldaia A11y', { crea_rapportino: true });
  await appointment('10:00', '10:30', 'Verifica breve A11y', { cliente_id: other!.id });
  await appointment('11:00', '12:00', 'Analisi fumi A11y');
  await appointment('14:00', '15:30', 'Sostituzione circolatore A11y');
  await appointment('16:00', '17:00', 'Caldaia in blocco A11y');
  await post('/api/schedule/appointment', {
    titolo: 'Cantiere A11y',
    cliente_id: customer!.id,
    tecnici_ids: [tech.id],
    tutto_il_giorno: true,
    data_inizio: dayFrom(today, 1),
    data_fine: dayFrom(today, 1),
    conferma: true,
  });
  await post('/api/schedule/appointment/todo', { titolo: 'Richiamare il cliente A11y', cliente_id: customer!.id });
  const onCall = await post('/api/contratti/contratto/create', {
    cliente_id: customer!.id,
    identificativo: `CHI-A11Y-${Date.now()}`,
    tipo: 'chiamata',
    data_inizio: dayFrom(today, -60),
    data_fine: dayFrom(today, 300),
    ore_contratto: '12',
  });
  const maintenance = await post('/api/contratti/contratto/create', {
    cliente_id: other!.id,
    identificativo: `MAN-A11Y-${Date.now()}`,
    // A description beside the customer's link: the link must stand out from the text around it.
    descrizione: 'Manutenzione programmata della caldaia',
    tipo: 'manutenzione',
    data_inizio: dayFrom(today, -90),
    data_fine: dayFrom(today, 270),
    mansioni: [job.id],
    attivita: [
      { nome: 'Manutenzione mensile A11y', mansione_id: job.id, frequenza: { tipo: 'fissa', ogni: 1, unita: 'mesi' } },
    ],
  });
  const closed = await post('/api/rapportini/rapportino/lavorazione', {
    cliente_id: customer!.id,
    contratto_id: onCall.id,
    tecnici_ids: [tech.id],
    richiesta_iniziale: 'Guasto al bruciatore',
    giornate: [{ data: dayFrom(today, -3), tecnico_id: tech.id, totale_ore: '3', km_viaggio: '12' }],
    materiali: [{ descrizione: 'Elettrodo di accensione', quantita: '1', importo_unitario: '18.50' }],
  });
  await post('/api/rapportini/rapportino/chiusura', { id: closed.id, azione: 'chiudi' });
  const appointed = await post('/api/rapportini/rapportino/lavorazione', {
    cliente_id: other!.id,
    tecnici_ids: [tech.id],
    richiesta_iniziale: 'Perdita sotto la caldaia',
    data_appuntamento: romeInstant(today, '09:00'),
  });
  return { maintenance: maintenance.id, closed: closed.id, appointed: appointed.id };
}

test('the planner, the technician home, the contracts and the reports have no serious accessibility findings, on a desktop and on a phone', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const ids = await seedOperations(request);
  await signIn(page, { piva: FIXTURES.sample.piva, password: FIXTURES.password });
  const main = page.getByRole('main');
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await page.goto('/intervention-planning?vista=mese');
    await expect(main.locator('.fc-event', { hasText: 'Cantiere A11y' })).toBeVisible();
    // Today holds more than the day cell shows (six timed visits: the appointed report's is one of them).
    await expect(main.getByText(/^\+\d+ altri$/).first()).toBeVisible();
    // The month as Intl writes it in Italian ("novembre 2026"), not capitalised by the page.
    const title = main.getByRole('heading', { level: 3 });
    expect(await title.innerText()).toMatch(/^[a-zì]+ \d{4}$/);
    await expectAccessible(page, `planner month at ${width}`);

    await page.goto('/contracts');
    await expect(main.getByRole('progressbar', { name: 'Ore usate: 3 di 12' })).toBeVisible();
    await expectAccessible(page, `contracts at ${width}`);

    await page.goto(`/contracts/${ids.maintenance}`);
    await main.getByRole('tab', { name: /Attività/ }).click();
    await expect(main.getByText('Manutenzione mensile A11y').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, `contract activities at ${width}`);

    await page.goto(`/interventions/${ids.closed}`);
    await expect(main.getByRole('region', { name: 'Prezzi' })).toBeVisible();
    await expectAccessible(page, `closed report at ${width}`);

    await page.goto(`/interventions/${ids.appointed}`);
    await expect(main.getByRole('button', { name: 'Data appuntamento: cancella' })).toBeVisible();
    await expectAccessible(page, `report appointed today at ${width}`);
  }

  // The week at 1366: the side panel stays in view down to the evening, a 30-minute appointment reads its time and customer.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/intervention-planning?vista=settimana');
  const short = main.locator('.fc-event', { hasText: 'Verifica breve A11y' });
  await expect(short.locator('.planner-event-time')).toHaveText('10:00–10:30');
  await expect(short.locator('.planner-event-customer')).toBeVisible();
  expect((await short.boundingBox())!.height).toBeGreaterThanOrEqual(30);
  await main.locator('td.fc-timegrid-slot-lane[data-time="20:00:00"]').scrollIntoViewIfNeeded();
  const panel = main.getByRole('tab', { name: /Da fare/ });
  await expect(panel).toBeInViewport();
  await expectAccessible(page, 'planner week at 1366');

  // The technician's home, on a phone and on a desktop.
  const techContext = await browser.newContext();
  const tech = await techContext.newPage();
  await signIn(tech, { piva: FIXTURES.sample.piva, username: 'tecnico', password: FIXTURES.password });
  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ]) {
    await tech.setViewportSize({ width, height });
    await tech.goto('/');
    await expect(tech.getByRole('main').getByText('Perdita sotto la caldaia').first()).toBeVisible();
    await tech.waitForLoadState('networkidle');
    await expectAccessible(tech, `technician home at ${width}`);
  }
  await techContext.close();
});
