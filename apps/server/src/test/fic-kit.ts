import { afterAll, beforeAll, expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { opzioniAzienda } from '../platform/db/schema-options.js';
import { rapportiniEsportazioni } from '../platform/db/schema-accounting.js';
import { EVENTS_QUEUE } from '../platform/events/outbox.js';
import { ACCOUNTING_QUEUE, wakeExports } from '../features/company/accounting/worker.js';
import { day, reportCompany, type S } from '../features/operations/reports/test-helpers.js';
import { call, onPostgres, startTestApp, type TestApp } from './harness.js';
import { freshDatabase } from './fresh-database.js';
import { drainJobs } from './jobs.js';
import { randomPartitaIva } from './factories.js';
import { FIC_CLIENT, startFicFake, type FicFake } from './fic-fake.js';

/**
 * What the Fatture in Cloud tests share (decision 0051): a server pointed at the local fake (its API and its OAuth
 * pages), helpers to connect a company through the consent page, switch the integration's options on, make a
 * completed report and let the dispatcher and the export job finish. On PostgreSQL each file has its own database.
 */
export function ficKit() {
  const kit = { t: undefined as unknown as TestApp, fake: undefined as unknown as FicFake };
  let own: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  beforeAll(async () => {
    own = onPostgres ? await freshDatabase() : undefined;
    kit.fake = await startFicFake();
    kit.t = await startTestApp(
      {
        FIC_CLIENT_ID: FIC_CLIENT.id,
        FIC_CLIENT_SECRET: FIC_CLIENT.secret,
        FIC_BASE_URL: kit.fake.base,
        FIC_OAUTH_URL: kit.fake.base,
        ACCESS_TOKEN_TTL_SEC: '86400',
      },
      own ? { database: own.database } : {},
    );
  });
  afterAll(async () => {
    await kit.t?.close();
    await kit.fake?.close();
    await own?.drop();
  });

  const api = (s: S, method: string, url: string, body?: unknown) =>
    call(kit.t.app, method, `/api${url}`, { ...s, ...(body === undefined ? {} : { body }) });

  /** Init, the consent page, its approval: the code and state handed back to the return page. */
  async function consent(s: S, redirectUri = 'http://app.test/oauth20/fattureincloud') {
    const init = await api(s, 'GET', `/fattureincloud/oauth/init?redirectUri=${encodeURIComponent(redirectUri)}`);
    expect(init.status, JSON.stringify(init.json)).toBe(200);
    const page = await fetch(init.json.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    const href = /id="approve" href="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
    const back = await fetch(new URL(href, kit.fake.base), { redirect: 'manual' });
    expect(back.status).toBe(302);
    const to = new URL(back.headers.get('location')!);
    return { code: to.searchParams.get('code')!, state: to.searchParams.get('state')!, init: init.json, html };
  }

  /** Connects the company and chooses the example's "Mario Rossi SRL" (12347). */
  async function connect(s: S) {
    const { code, state } = await consent(s);
    const login = await api(s, 'POST', '/fattureincloud/oauth/login', { code, state });
    expect(login.status, JSON.stringify(login.json)).toBe(200);
    const chosen = await api(s, 'POST', '/fattureincloud/company', { id: 12347 });
    expect(chosen.status, JSON.stringify(chosen.json)).toBe(200);
    return chosen.json;
  }

  async function setOptions(aziendaId: string, values: Record<string, string>) {
    const db = kit.t.deps.db;
    for (const [key, value] of Object.entries(values)) {
      const [category, subcategory] = key.split('.') as [string, string];
      await db
        .insert(opzioniAzienda)
        .values({ aziendaId, category, subcategory, value })
        .onConflictDoUpdate({
          target: [opzioniAzienda.aziendaId, opzioniAzienda.category, opzioniAzienda.subcategory],
          set: { value },
        });
    }
  }

  /** A company connected to FiC with the integration on (automatic export unless told), and a customer with a VAT number. */
  async function company(o: { auto?: boolean; tool?: string; sezionale?: string; tipo?: string } = {}) {
    const x = await reportCompany(kit.t);
    await setOptions(x.c.company.id, {
      'integrazione_gestionale.enabled': '1',
      'integrazione_gestionale.gestionale': o.tool ?? 'fattureincloud',
      'integrazione_gestionale.esporta_automatico': o.auto === false ? '0' : '1',
      'integrazione_gestionale.sezionale': o.sezionale ?? '',
      'danea_tipo_documento.value': o.tipo ?? 'rapporto_intervento',
    });
    const vat = randomPartitaIva();
    const cliente = await x.post(x.admin, '/clienti/cliente', {
      ragione_sociale: 'Termoidraulica Bianchi S.r.l.',
      indirizzo: 'Via Roma 1',
      cap: '47121',
      citta: 'Forlì',
      provincia: 'FC',
      partita_iva: vat,
      pec: 'bianchi@pec.example',
      codice_destinatario: 'M5UXCR1',
    });
    expect(cliente.status, JSON.stringify(cliente.json)).toBe(200);
    return { ...x, aziendaId: x.c.company.id as string, fiscale: cliente.json.item.id as string, vat };
  }

  type Co = Awaited<ReturnType<typeof company>>;
  /** A report of 2.5 hours, 30 km, 1 travel hour and two valves of the article, closed and (unless told) completed. */
  async function report(x: Co, o: { complete?: boolean } = {}) {
    const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.fiscale,
      data_apertura: '2026-11-03',
      motivazione: 'Caldaia in blocco',
      tecnici_ids: [x.techId],
      giornate: [day(x.techId, '2026-11-03', { totale_ore: '2,5', km_viaggio: '30', ore_viaggio: '1' })],
      materiali: [{ articolo_id: x.articoloId, descrizione: 'Valvola a sfera 1/2"', quantita: '2' }],
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const id = r.json.item.id as string;
    expect((await x.post(x.admin, '/rapportini/rapportino/chiusura', { id })).status).toBe(200);
    if (o.complete !== false) {
      const done = await x.post(x.admin, '/rapportini/rapportino/chiusura', { id, azione: 'completa' });
      expect(done.status, JSON.stringify(done.json)).toBe(200);
    }
    return { id, item: r.json.item };
  }

  const settle = () => drainJobs(kit.t, { queues: [EVENTS_QUEUE, ACCOUNTING_QUEUE], timeoutMs: 20_000 });
  const exportNow = async () => {
    await wakeExports(kit.t.deps);
    await settle();
  };
  const stateOf = async (s: S, id: string) => (await api(s, 'GET', `/gestionale/esportazioni/${id}`)).json.item;
  /** Puts an export back to send, as a job killed after FiC answered would leave it (optionally without the id). */
  async function rewind(aziendaId: string, id: string, keepId: boolean) {
    await kit.t.deps.db
      .update(rapportiniEsportazioni)
      .set({ stato: 'DA_INVIARE', prossimoTentativo: null, ...(keepId ? {} : { documentoId: null }) })
      .where(and(eq(rapportiniEsportazioni.aziendaId, aziendaId), eq(rapportiniEsportazioni.rapportinoId, id)));
  }

  return { kit, api, consent, connect, setOptions, company, report, settle, exportNow, stateOf, rewind };
}
