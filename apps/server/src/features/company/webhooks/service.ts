import {
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_OLD_SECRET_HOURS,
  WEBHOOK_TEST_EVENT,
  type WebhookItem,
  type WebhookMessage,
  type WebhookMessageState,
  type WebhookSaveRequest,
} from '@fs/contract';
import { userIdOf } from '../../../platform/auth/principal.js';
import type { CompanyContext } from '../../../platform/context.js';
import { AppError, notFound } from '../../../platform/errors.js';
import { EVENTS, isEventName } from '../../../platform/events/catalog.js';
import { open, seal } from '../options/secret-box.js';
import * as repo from './repo.js';
import { newMessageId, newSecret, secretHint } from './signing.js';
import { urlRefusal } from './ssrf.js';
import { messageBody } from './subscriber.js';
import { wakeDeliveries } from './worker.js';

/** Webhooks (issue 28 part 2, decision 0049): endpoints, their secrets, their delivery log. Admins only. */

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** The dictionary's example instant (fixed: the examples are documentation). */
const EXAMPLE_AT = new Date('2026-11-24T09:00:00.000Z');

export function dictionary() {
  return Object.entries(EVENTS).map(([evento, def]) => ({
    evento,
    versione: def.version,
    descrizione: def.it,
    description: def.en,
    esempio: { type: evento, timestamp: EXAMPLE_AT.toISOString(), data: def.example },
  }));
}

type Counts = WebhookItem['conteggi'];

function present(r: repo.EndpointRow, counts: Counts | undefined): WebhookItem {
  return {
    id: r.id,
    url: r.url,
    descrizione: r.descrizione,
    eventi: r.eventi,
    stato: r.attivo ? 'ATTIVO' : 'DISABILITATO',
    motivoDisabilitazione: r.attivo ? null : (r.motivoDisabilitazione ?? 'MANUALE'),
    disabilitatoIl: iso(r.disabilitatoIl),
    creatoDa: r.creatorId
      ? { id: r.creatorId, name: r.creatorName, surname: r.creatorSurname, username: r.creatorUsername! }
      : null,
    creatoIl: r.createdAt.toISOString(),
    indizioSegreto: r.indizio,
    segretoPrecedenteFino: iso(r.segretoPrecedenteFino),
    falliscaDal: iso(r.falliscaDal),
    conteggi: counts ?? { inAttesa: 0, consegnati: 0, falliti: 0 },
  };
}

async function countsOf(ctx: CompanyContext): Promise<Map<string, Counts>> {
  const out = new Map<string, Counts>();
  for (const r of await repo.countsByEndpoint(ctx.db, ctx.company.id)) {
    const c = out.get(r.webhookId) ?? { inAttesa: 0, consegnati: 0, falliti: 0 };
    if (r.stato === 'IN_ATTESA') c.inAttesa = r.n;
    else if (r.stato === 'CONSEGNATO') c.consegnati = r.n;
    else c.falliti = r.n;
    out.set(r.webhookId, c);
  }
  return out;
}

export async function list(ctx: CompanyContext): Promise<WebhookItem[]> {
  const counts = await countsOf(ctx);
  return (await repo.listEndpoints(ctx.db, ctx.company.id)).map((r) => present(r, counts.get(r.id)));
}

async function item(ctx: CompanyContext, id: string): Promise<WebhookItem> {
  const row = await repo.findEndpoint(ctx.db, ctx.company.id, id);
  if (!row) throw notFound('Webhook');
  return present(row, (await countsOf(ctx)).get(id));
}

/** The events checked against the dictionary (each once, in the dictionary's order). */
function checkEvents(eventi: readonly string[]): string[] {
  const unknown = eventi.filter((e) => !isEventName(e));
  if (unknown.length) {
    throw new AppError('VALIDATION', `Evento sconosciuto: ${unknown.join(', ')}`, [
      { path: 'eventi', message: `Eventi non presenti nel dizionario: ${unknown.join(', ')}` },
    ]);
  }
  return Object.keys(EVENTS).filter((e) => eventi.includes(e));
}

async function checkUrl(ctx: CompanyContext, url: string) {
  const why = await urlRefusal(url, ctx.deps.resolve, ctx.deps.config.WEBHOOKS_ALLOW_PRIVATE);
  if (why) throw new AppError('VALIDATION', why, [{ path: 'url', message: why }]);
}

/** Creates an endpoint (answering its secret this once) or updates one (`id`). */
export async function save(ctx: CompanyContext, body: WebhookSaveRequest) {
  const eventi = checkEvents(body.eventi);
  const url = body.url.trim();
  await checkUrl(ctx, url);
  const descrizione = (body.descrizione ?? '').trim();
  const attivo = body.attivo ?? true;
  const at = ctx.clock.now();
  if (body.id) {
    const id = body.id;
    await ctx.transaction(async (tx) => {
      const row = await repo.lockEndpoint(tx.db, tx.company.id, id);
      if (!row) throw notFound('Webhook');
      await repo.updateEndpoint(tx.db, tx.company.id, id, {
        url,
        descrizione,
        eventi,
        attivo,
        wasActive: row.attivo,
        at,
      });
    });
    return { item: await item(ctx, id) };
  }
  const segreto = newSecret();
  const sealed = await seal(ctx.deps.db, segreto);
  const id = await ctx.transaction(async (tx) => {
    if ((await repo.countEndpointsLocked(tx.db, tx.company.id)) >= WEBHOOK_MAX_ENDPOINTS) {
      throw new AppError('CONFLICT', `Un'azienda può avere al massimo ${WEBHOOK_MAX_ENDPOINTS} webhook`);
    }
    return repo.insertEndpoint(tx.db, {
      aziendaId: tx.company.id,
      url,
      descrizione,
      eventi,
      segreto: sealed,
      indizio: secretHint(segreto),
      attivo,
      creatoDa: userIdOf(tx.principal),
      at,
    });
  });
  return { item: await item(ctx, id), segreto };
}

export async function remove(ctx: CompanyContext, id: string): Promise<WebhookItem> {
  const before = await item(ctx, id);
  await repo.deleteEndpoint(ctx.db, ctx.company.id, id);
  return before;
}

export async function secret(ctx: CompanyContext, id: string): Promise<string> {
  const sealed = await repo.sealedSecret(ctx.db, ctx.company.id, id);
  if (!sealed) throw notFound('Webhook');
  return open(ctx.deps.db, sealed);
}

/** A new secret; the old one goes on signing too for 24 hours (receivers switch in their own time). */
export async function rotateSecret(ctx: CompanyContext, id: string) {
  const segreto = newSecret();
  const sealed = await seal(ctx.deps.db, segreto);
  const at = ctx.clock.now();
  await ctx.transaction(async (tx) => {
    const row = await repo.lockEndpoint(tx.db, tx.company.id, id);
    if (!row) throw notFound('Webhook');
    await repo.setSecret(tx.db, tx.company.id, id, {
      segreto: sealed,
      indizio: secretHint(segreto),
      segretoPrecedente: row.segreto,
      segretoPrecedenteFino: new Date(at.getTime() + WEBHOOK_OLD_SECRET_HOURS * 3_600_000),
    });
  });
  return { item: await item(ctx, id), segreto };
}

function presentMessage(m: repo.MessageRow): WebhookMessage {
  return {
    id: m.id,
    evento: m.tipo,
    stato: m.stato,
    creatoIl: m.createdAt.toISOString(),
    tentativi: m.tentativi,
    prossimoTentativo: iso(m.prossimoTentativo),
    ultimoStatus: m.ultimoStatus,
  };
}

async function endpointExists(ctx: CompanyContext, id: string) {
  if (!(await repo.findEndpoint(ctx.db, ctx.company.id, id))) throw notFound('Webhook');
}

export async function messages(
  ctx: CompanyContext,
  id: string,
  q: { stato?: WebhookMessageState; prima?: string; limit: number },
) {
  await endpointExists(ctx, id);
  let beforeSeq: number | undefined;
  if (q.prima) {
    const from = await repo.findMessage(ctx.db, ctx.company.id, id, q.prima);
    if (!from) {
      throw new AppError('VALIDATION', 'Messaggio di partenza non trovato', [
        { path: 'prima', message: 'non è un messaggio di questo webhook' },
      ]);
    }
    beforeSeq = from.seq;
  }
  const rows = await repo.pageMessages(ctx.db, ctx.company.id, id, { stato: q.stato, beforeSeq, limit: q.limit + 1 });
  const page = rows.slice(0, q.limit);
  return { items: page.map(presentMessage), prossima: rows.length > q.limit ? page.at(-1)!.id : null };
}

export async function message(ctx: CompanyContext, id: string, messageId: string) {
  const m = await repo.findMessage(ctx.db, ctx.company.id, id, messageId);
  if (!m) throw notFound('Messaggio');
  const attempts = await repo.attemptsOf(ctx.db, ctx.company.id, messageId);
  return {
    ...presentMessage(m),
    payload: JSON.parse(m.body) as unknown,
    tentativiDettaglio: attempts.map((a) => ({
      id: a.id,
      at: a.at.toISOString(),
      status: a.status,
      latenzaMs: a.latenzaMs,
      risposta: a.risposta,
      esito: a.esito,
    })),
  };
}

async function activeEndpoint(ctx: CompanyContext, id: string) {
  const row = await repo.findEndpoint(ctx.db, ctx.company.id, id);
  if (!row) throw notFound('Webhook');
  if (!row.attivo) throw new AppError('CONFLICT', 'Il webhook è disattivato: riattivarlo prima di inviare messaggi');
  return row;
}

/** A `webhook.test` message for the endpoint, delivered by the worker at once. */
export async function test(ctx: CompanyContext, id: string) {
  await activeEndpoint(ctx, id);
  const at = ctx.clock.now();
  const messageId = newMessageId();
  await repo.insertMessages(ctx.db, [
    {
      id: messageId,
      aziendaId: ctx.company.id,
      webhookId: id,
      eventoId: null,
      tipo: WEBHOOK_TEST_EVENT,
      body: messageBody(WEBHOOK_TEST_EVENT, at, { webhook_id: id, messaggio: 'Evento di prova' }),
      at,
    },
  ]);
  await wakeDeliveries(ctx.deps);
  return message(ctx, id, messageId);
}

/** The message sent again now with the same id: a new series of attempts. */
export async function replay(ctx: CompanyContext, id: string, messageId: string) {
  await activeEndpoint(ctx, id);
  if (!(await repo.findMessage(ctx.db, ctx.company.id, id, messageId))) throw notFound('Messaggio');
  await repo.requeue(ctx.db, ctx.company.id, id, messageId, ctx.clock.now());
  await wakeDeliveries(ctx.deps);
  return message(ctx, id, messageId);
}

/** Every failed message created since `dal`, sent again now. */
export async function replayFailed(ctx: CompanyContext, id: string, dal: string): Promise<number> {
  await activeEndpoint(ctx, id);
  const n = await repo.requeueFailedSince(ctx.db, ctx.company.id, id, new Date(dal), ctx.clock.now());
  if (n) await wakeDeliveries(ctx.deps);
  return n;
}
