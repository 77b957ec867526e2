import { expect, test, type APIRequestContext } from '@playwright/test';
import { FIXTURES } from '../fixtures';
import { signIn } from './helpers';

const CO = { piva: FIXTURES.reports.piva, password: FIXTURES.password };
const SHOTS = process.env.E2E_SHOTS_DIR;
const PRICE_KEYS = ['importo_unitario', 'costo_acquisto', 'prezzo_netto'];

/** The office's headers (a new sign-in each time: the browser tests' access tokens live 8 s). */
async function office(request: APIRequestContext) {
  const device = 'e2eprices0000001';
  const login = await request.post('/api/login/login', {
    headers: { source: 'WEB', 'device-id': device },
    data: { piva: CO.piva, username: 'admin', password: CO.password },
  });
  const token = (await login.json()).item.token as string;
  return { authorization: `Bearer ${token}`, source: 'WEB', 'device-id': device };
}

test('a technician on a phone records hours and materials on a report the office priced: no price seen or sent, the office’s prices kept', async ({
  page,
  request,
}) => {
  // The office's report for the technician: a priced free line and a day at a set price.
  let headers = await office(request);
  const users = await (await request.get('/api/users/users', { headers })).json();
  const tech = (users.items as { id: string; username: string }[]).find(
    (u) => u.username === FIXTURES.reports.technician,
  )!;
  // The last customer: the reports flow (reports.spec.ts) counts the first one's reports.
  const customers = await (await request.get('/api/clienti/clienti-filtered?size=100', { headers })).json();
  const articles = await (await request.get('/api/anagraficaarticoli/articoli/all', { headers })).json();
  const article = (articles.items as { id: string; codice: string; prezzo_vendita: string | null }[]).find(
    (a) => a.prezzo_vendita !== null,
  )!;
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome' }).format(new Date());
  const created = await request.post('/api/rapportini/rapportino/lavorazione', {
    headers,
    data: {
      cliente_id: customers.items.at(-1).id,
      tecnici_ids: [tech.id],
      richiesta_iniziale: 'Sostituzione della pompa di ricircolo',
      giornate: [{ data: today, tecnico_id: tech.id, totale_ore: '2', prezzoImpostato: '180,00' }],
      materiali: [
        {
          descrizione: 'Pompa di ricircolo',
          quantita: '1',
          importo_unitario: '100,00',
          prezzo_netto: '90,00',
          costo_acquisto: '60,00',
        },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const report = (await created.json()).item as { id: string; prezzi: { totale: string } };
  expect(report.prezzi.totale).toBe('270.00');

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, { ...CO, username: FIXTURES.reports.technician });
  const no = page.getByRole('button', { name: 'No, grazie' });
  if (await no.isVisible({ timeout: 1_500 }).catch(() => false)) await no.click();
  await page.goto(`/interventions/${report.id}`);

  const materials = page.getByRole('region', { name: 'Materiale' });
  const pump = materials.getByRole('group', { name: 'Materiale 1' });
  await expect(pump.getByLabel('Descrizione')).toHaveValue('Pompa di ricircolo');
  // No price anywhere on the page: neither the lines' nor the day's nor the report's.
  for (const label of ['Prezzo di listino', 'Prezzo netto', "Costo d'acquisto", 'Prezzo impostato']) {
    await expect(page.getByLabel(label)).toHaveCount(0);
  }
  await expect(page.getByRole('region', { name: 'Prezzi' })).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText('100,00');

  // More hours, two pumps, and a material from the articles.
  await page.getByRole('region', { name: 'Ore lavorate' }).getByLabel('Ore di lavoro').fill('3');
  await pump.getByLabel('Quantità').fill('2');
  await materials.getByRole('button', { name: 'Aggiungi materiale' }).click();
  const added = materials.getByRole('group', { name: 'Materiale 2' });
  const search = added.getByRole('combobox', { name: 'Articolo' });
  await search.fill(article.codice);
  await page
    .getByRole('option', { name: new RegExp(article.codice) })
    .first()
    .click();

  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/report-prices-tech-390.png`, fullPage: true });

  const saving = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/api/rapportini/rapportino/lavorazione'),
  );
  await page.getByRole('button', { name: 'Salva', exact: true }).click();
  const body = (await saving).postDataJSON() as {
    giornate: Record<string, unknown>[];
    materiali: Record<string, unknown>[];
  };
  await expect(page.getByText('Intervento salvato').first()).toBeVisible();
  // The technician's page sent no price, and the saved lines by their ids.
  expect(body).not.toHaveProperty('gestionePrezziIntervento');
  for (const g of body.giornate) expect(g).not.toHaveProperty('prezzoImpostato');
  for (const m of body.materiali) for (const k of PRICE_KEYS) expect(m).not.toHaveProperty(k);
  expect(body.materiali[0]!.id).toEqual(expect.any(String));
  expect(body.materiali[1]!.id).toBeUndefined();

  // The office sees its prices kept and the new line priced from the article.
  headers = await office(request);
  const read = await (await request.get(`/api/rapportini/rapportini/admin/${report.id}`, { headers })).json();
  const item = read.item as {
    giornate: { totale_ore: string; prezzoImpostato: string | null }[];
    materiali: Record<string, string | null>[];
  };
  expect(item.giornate[0]).toMatchObject({ totale_ore: '3.00', prezzoImpostato: '180.00' });
  expect(item.materiali[0]).toMatchObject({
    quantita: '2.000',
    importo_unitario: '100.00',
    prezzo_netto: '90.00',
    costo_acquisto: '60.00',
  });
  expect(item.materiali[1]).toMatchObject({ articolo_id: article.id, importo_unitario: article.prezzo_vendita });
});
