import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO, signIn } from './helpers';
import { romeInstant } from './planner-helpers';

// Issue 24, the technician's home on a 390 px phone: mario.rossi of the demo company sees today's
// visits in time order (then tomorrow's), each with "Naviga" (a maps link to the place) and "Chiama"
// (a tel: link), creates the report of a visit that has none and lands on it; axe finds nothing
// serious on the home and the agenda; the cards' actions are at least 44 px tall. The browser tests'
// demo company is bare, so the office plans the day here through the API (it holds on any weekday).
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 390, height: 844 } });

const DEVICE = 'e2etechnicianday';
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const SHOT = (name: string) => `/tmp/home-${name}.png`;

async function officeHeaders(request: APIRequestContext) {
  const login = await request.post('/api/login/login', {
    headers: { source: 'WEB', 'device-id': DEVICE },
    data: { piva: DEMO.piva, username: 'admin', password: DEMO.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  return { authorization: `Bearer ${(await login.json()).item.token}`, source: 'WEB', 'device-id': DEVICE };
}

/** Two customers, a job role and mario.rossi's visits: today out of order, two with a report; one tomorrow. */
async function planDay(request: APIRequestContext) {
  const headers = await officeHeaders(request);
  const users = (await (await request.get('/api/users/users', { headers })).json()).items as {
    id: string;
    username: string;
  }[];
  const mario = users.find((u) => u.username === 'mario.rossi')!.id;
  const job = await request.post('/api/mansioni/mansione/create', {
    headers,
    data: { nome: 'Manutenzione caldaie' },
  });
  expect(job.status(), await job.text()).toBe(200);
  const mansione_id = (await job.json()).item.id as string;
  const customer = async (ragione_sociale: string, indirizzo: string, telefono: string) => {
    const res = await request.post('/api/clienti/cliente', {
      headers,
      data: { ragione_sociale, indirizzo, citta: 'Torino', provincia: 'TO', cap: '10122', telefono },
    });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).item.id as string;
  };
  const bar = await customer('Bar Giornata', 'Via Garibaldi 12', '011 555 1234');
  const hotel = await customer('Hotel Giornata', 'Corso Francia 8', '+39 011 777 8899');
  const visit = async (day: string, from: string, to: string, cliente_id: string, titolo: string, report: boolean) => {
    const res = await request.post('/api/schedule/appointment', {
      headers,
      data: {
        titolo,
        cliente_id,
        mansione_id,
        tecnici_ids: [mario],
        inizio: romeInstant(day, from),
        fine: romeInstant(day, to),
        note: `Richiesta: ${titolo.toLowerCase()}`,
        crea_rapportino: report,
        conferma: true,
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  await visit(today, '14:30', '15:15', hotel, 'Analisi fumi', true);
  await visit(tomorrow, '08:30', '09:30', bar, 'Controllo di domani', false);
  await visit(today, '09:00', '09:45', bar, 'Caldaia in blocco', true);
  await visit(today, '15:30', '16:30', bar, 'Sostituzione circolatore', false);
  await visit(today, '10:00', '11:00', hotel, 'Manutenzione annuale', false);
}

async function expectAccessible(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${what}: accessibility findings`).toEqual([]);
}

async function expectTall(target: Locator, what: string) {
  const box = await target.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.height, `${what}: height`).toBeGreaterThanOrEqual(44);
}

async function dismissTour(page: Page) {
  const no = page.getByRole('button', { name: 'No, grazie' });
  if (await no.isVisible({ timeout: 1_500 }).catch(() => false)) await no.click();
}

test('a technician on a phone sees today’s visits in order, navigates, calls, and creates a visit’s report', async ({
  page,
}) => {
  test.slow();
  await planDay(page.request);
  await signIn(page, { username: 'mario.rossi' });
  await dismissTour(page);
  const main = page.getByRole('main');

  // Today in time order, then tomorrow; no plan or subscription, and not "Amministrazione".
  const todaySection = main.getByRole('region', { name: 'Oggi' });
  const cards = todaySection.getByRole('article');
  await expect(cards).toHaveCount(4);
  await expect(cards.getByRole('heading')).toHaveText([
    'Bar Giornata',
    'Hotel Giornata',
    'Hotel Giornata',
    'Bar Giornata',
  ]);
  const times = await cards.evaluateAll((els) => els.map((e) => e.textContent?.match(/^\d\d:\d\d–\d\d:\d\d/)?.[0]));
  expect(times).toEqual(['09:00–09:45', '10:00–11:00', '14:30–15:15', '15:30–16:30']);
  await expect(cards.nth(1)).toContainText('Mansione: Manutenzione caldaie');
  await expect(cards.nth(1)).toContainText('Richiesta: manutenzione annuale');
  await expect(main.getByRole('region', { name: 'Domani' }).getByRole('article')).toHaveCount(1);
  await expect(main.getByText('Piano', { exact: true })).toHaveCount(0);
  await expect(main.getByText(/Fine del periodo di prova|Scadenza abbonamento/)).toHaveCount(0);
  await expect(page.getByRole('navigation').getByText('Amministrazione')).toHaveCount(0);
  await expect(page).toHaveTitle(/Area tecnico/);

  // Naviga: the maps app's directions to the place; Chiama: the customer's phone.
  const first = cards.nth(0);
  const navigate = first.getByRole('link', { name: /^Naviga/ });
  const href = await navigate.getAttribute('href');
  expect(href).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/);
  const destination = decodeURIComponent(new URL(href!).searchParams.get('destination')!);
  expect(destination).toMatch(/Via Garibaldi 12|^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/);
  await expect(first.getByRole('link', { name: /^Chiama/ })).toHaveAttribute('href', 'tel:0115551234');
  await expect(cards.nth(1).getByRole('link', { name: /^Chiama/ })).toHaveAttribute('href', 'tel:+390117778899');

  // Touch targets: every card action at least 44 px tall.
  for (let i = 0; i < 4; i++) {
    const card = cards.nth(i);
    for (const action of await card.getByRole('link').or(card.getByRole('button')).all()) {
      await expectTall(action, `card ${i + 1}: ${await action.textContent()}`);
    }
  }
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: SHOT('390'), fullPage: true });
  await expectAccessible(page, 'technician home');

  // The agenda opens on today, names the zone by its city, and passes axe.
  await page.goto('/intervention-planning');
  await expect(main.getByRole('heading', { name: 'Agenda', level: 1 })).toBeVisible();
  await expect(main.getByText('I tuoi appuntamenti, con gli orari di Roma')).toBeVisible();
  const agendaToday = main.locator(`#agenda-${today}`);
  await expect(agendaToday.getByText('Oggi', { exact: true })).toBeVisible();
  await expect(agendaToday).toBeInViewport();
  await expect(main.getByRole('button', { name: 'Oggi' })).toBeEnabled();
  await page.screenshot({ path: SHOT('agenda-390') });
  await expectAccessible(page, 'technician agenda');

  // The desktop look, for the screenshots.
  await page.goto('/');
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(cards).toHaveCount(4);
  await page.screenshot({ path: SHOT('1366'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });

  // A visit without a report: one tap creates it and opens it.
  const without = cards.nth(1);
  const create = without.getByRole('button', { name: /^Crea rapportino/ });
  await expectTall(create, 'Crea rapportino');
  await expect(cards.nth(0).getByRole('link', { name: /^Apri rapportino/ })).toBeVisible();
  await create.click();
  await expect(page).toHaveURL(/\/interventions\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Richiesta: manutenzione annuale').first()).toBeVisible();

  // Back home, the visit has its report.
  await page.goto('/');
  await expect(cards.nth(1).getByRole('link', { name: /^Apri rapportino/ })).toBeVisible();
  await expect(cards.nth(1).getByRole('button', { name: /^Crea rapportino/ })).toHaveCount(0);
});
