import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { WebhookMessageState } from '@fs/contract';
import type { DbOrTx } from '../../../platform/db/client.js';
import { utenti } from '../../../platform/db/schema.js';
import { webhookAttempts, webhookMessages, webhooks } from '../../../platform/db/schema-webhooks.js';

/** A company's webhook endpoints, their messages and attempts (decision 0049): every query names the company. */

const creator = alias(utenti, 'creator');

export const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

const endpointColumns = {
  id: webhooks.id,
  url: webhooks.url,
  descrizione: webhooks.descrizione,
  eventi: webhooks.eventi,
  indizio: webhooks.indizio,
  segretoPrecedenteFino: webhooks.segretoPrecedenteFino,
  attivo: webhooks.attivo,
  motivoDisabilitazione: webhooks.motivoDisabilitazione,
  disabilitatoIl: webhooks.disabilitatoIl,
  falliscaDal: webhooks.falliscaDal,
  createdAt: webhooks.createdAt,
  creatorId: creator.id,
  creatorName: creator.name,
  creatorSurname: creator.surname,
  creatorUsername: creator.username,
};

export type EndpointRow = Awaited<ReturnType<typeof listEndpoints>>[number];

function selectEndpoints(db: DbOrTx) {
  return db
    .select(endpointColumns)
    .from(webhooks)
    .leftJoin(creator, and(eq(creator.id, webhooks.creatoDa), eq(creator.aziendaId, webhooks.aziendaId)));
}

export function listEndpoints(db: DbOrTx, aziendaId: string) {
  return selectEndpoints(db).where(eq(webhooks.aziendaId, aziendaId)).orderBy(webhooks.createdAt, webhooks.id);
}

export async function findEndpoint(db: DbOrTx, aziendaId: string, id: string) {
  const [row] = await selectEndpoints(db).where(and(eq(webhooks.aziendaId, aziendaId), eq(webhooks.id, id)));
  return row;
}

/** The endpoint's row locked (an update, a rotation), with its sealed secrets. */
export async function lockEndpoint(db: DbOrTx, aziendaId: string, id: string) {
  const [row] = await db
    .select({
      id: webhooks.id,
      attivo: webhooks.attivo,
      segreto: webhooks.segreto,
      segretoPrecedente: webhooks.segretoPrecedente,
      segretoPrecedenteFino: webhooks.segretoPrecedenteFino,
    })
    .from(webhooks)
    .where(and(eq(webhooks.aziendaId, aziendaId), eq(webhooks.id, id)))
    .for('update');
  return row;
}

/** The company's endpoints counted with the company's row locked (two creations at once cannot pass the limit). */
export async function countEndpointsLocked(db: DbOrTx, aziendaId: string): Promise<number> {
  await db.execute(sql`select id from aziende where id = ${aziendaId} for update`);
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhooks)
    .where(eq(webhooks.aziendaId, aziendaId));
  return r?.n ?? 0;
}

export interface NewEndpoint {
  aziendaId: string;
  url: string;
  descrizione: string;
  eventi: string[];
  segreto: string;
  indizio: string;
  attivo: boolean;
  creatoDa: string | null;
  at: Date;
}

export async function insertEndpoint(db: DbOrTx, e: NewEndpoint): Promise<string> {
  const [row] = await db
    .insert(webhooks)
    .values({
      aziendaId: e.aziendaId,
      url: e.url,
      descrizione: e.descrizione,
      eventi: e.eventi,
      segreto: e.segreto,
      indizio: e.indizio,
      attivo: e.attivo,
      motivoDisabilitazione: e.attivo ? null : 'MANUALE',
      disabilitatoIl: e.attivo ? null : e.at,
      creatoDa: e.creatoDa,
      createdAt: e.at,
    })
    .returning({ id: webhooks.id });
  return row!.id;
}

/** An update: enabling a disabled endpoint clears its failures; disabling one is a manual disabling. */
export async function updateEndpoint(
  db: DbOrTx,
  aziendaId: string,
  id: string,
  e: { url: string; descrizione: string; eventi: string[]; attivo: boolean; wasActive: boolean; at: Date },
) {
  const state =
    e.attivo === e.wasActive
      ? {}
      : e.attivo
        ? { attivo: true, motivoDisabilitazione: null, disabilitatoIl: null, falliscaDal: null }
        : { attivo: false, motivoDisabilitazione: 'MANUALE' as const, disabilitatoIl: e.at };
  await db
    .update(webhooks)
    .set({ url: e.url, descrizione: e.descrizione, eventi: e.eventi, ...state })
    .where(and(eq(webhooks.aziendaId, aziendaId), eq(webhooks.id, id)));
}

export async function setSecret(
  db: DbOrTx,
  aziendaId: string,
  id: string,
  s: { segreto: string; indizio: string; segretoPrecedente: string | null; segretoPrecedenteFino: Date | null },
) {
  await db
    .update(webhooks)
    .set(s)
    .where(and(eq(webhooks.aziendaId, aziendaId), eq(webhooks.id, id)));
}

export async function sealedSecret(db: DbOrTx, aziendaId: string, id: string) {
  const [row] = await db
    .select({ segreto: webhooks.segreto })
    .from(webhooks)
    .where(and(eq(webhooks.aziendaId, aziendaId), eq(webhooks.id, id)));
  return row?.segreto;
}

export async function deleteEndpoint(db: DbOrTx, aziendaId: string, id: string) {
  await db.delete(webhooks).where(and(eq(webhooks.aziendaId, aziendaId), eq(webhooks.id, id)));
}

/** Counts of each endpoint's messages by state. */
export async function countsByEndpoint(db: DbOrTx, aziendaId: string) {
  return db
    .select({ webhookId: webhookMessages.webhookId, stato: webhookMessages.stato, n: sql<number>`count(*)::int` })
    .from(webhookMessages)
    .where(eq(webhookMessages.aziendaId, aziendaId))
    .groupBy(webhookMessages.webhookId, webhookMessages.stato);
}

/** The active endpoints of the company subscribed to `tipo`. */
export async function subscribedEndpoints(db: DbOrTx, aziendaId: string, tipo: string): Promise<string[]> {
  const rows = await db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.aziendaId, aziendaId), eq(webhooks.attivo, true), sql`${tipo} = any(${webhooks.eventi})`));
  return rows.map((r) => r.id);
}

export interface NewMessage {
  id: string;
  aziendaId: string;
  webhookId: string;
  eventoId: string | null;
  tipo: string;
  body: string;
  at: Date;
}

/** Inserts messages, at most one per endpoint and event (an event handed twice adds nothing). */
export async function insertMessages(db: DbOrTx, messages: NewMessage[]): Promise<number> {
  if (!messages.length) return 0;
  const rows = await db
    .insert(webhookMessages)
    .values(
      messages.map((m) => ({
        id: m.id,
        aziendaId: m.aziendaId,
        webhookId: m.webhookId,
        eventoId: m.eventoId,
        tipo: m.tipo,
        body: m.body,
        stato: 'IN_ATTESA' as const,
        prossimoTentativo: m.at,
        createdAt: m.at,
      })),
    )
    .onConflictDoNothing({ target: [webhookMessages.webhookId, webhookMessages.eventoId] })
    .returning({ id: webhookMessages.id });
  return rows.length;
}

const messageColumns = {
  id: webhookMessages.id,
  seq: webhookMessages.seq,
  tipo: webhookMessages.tipo,
  stato: webhookMessages.stato,
  createdAt: webhookMessages.createdAt,
  tentativi: webhookMessages.tentativi,
  prossimoTentativo: webhookMessages.prossimoTentativo,
  ultimoStatus: webhookMessages.ultimoStatus,
};
export type MessageRow = Awaited<ReturnType<typeof pageMessages>>[number];

/** A page of the endpoint's messages, newest first, before the message `prima` (its seq), by state. */
export async function pageMessages(
  db: DbOrTx,
  aziendaId: string,
  webhookId: string,
  o: { stato?: WebhookMessageState; beforeSeq?: number; limit: number },
) {
  return db
    .select(messageColumns)
    .from(webhookMessages)
    .where(
      and(
        eq(webhookMessages.aziendaId, aziendaId),
        eq(webhookMessages.webhookId, webhookId),
        o.stato ? eq(webhookMessages.stato, o.stato) : undefined,
        o.beforeSeq !== undefined ? lt(webhookMessages.seq, o.beforeSeq) : undefined,
      ),
    )
    .orderBy(desc(webhookMessages.seq))
    .limit(o.limit);
}

export async function findMessage(db: DbOrTx, aziendaId: string, webhookId: string, id: string) {
  const [row] = await db
    .select({ ...messageColumns, body: webhookMessages.body })
    .from(webhookMessages)
    .where(
      and(
        eq(webhookMessages.aziendaId, aziendaId),
        eq(webhookMessages.webhookId, webhookId),
        eq(webhookMessages.id, id),
      ),
    );
  return row;
}

export function attemptsOf(db: DbOrTx, aziendaId: string, messageId: string) {
  return db
    .select({
      id: webhookAttempts.id,
      at: webhookAttempts.at,
      status: webhookAttempts.status,
      latenzaMs: webhookAttempts.latenzaMs,
      risposta: webhookAttempts.risposta,
      esito: webhookAttempts.esito,
    })
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.aziendaId, aziendaId), eq(webhookAttempts.messaggioId, messageId)))
    .orderBy(webhookAttempts.at, webhookAttempts.id);
}

/** Sends the message again: a new series of attempts from now, the same id. */
export async function requeue(db: DbOrTx, aziendaId: string, webhookId: string, id: string, at: Date) {
  await db
    .update(webhookMessages)
    .set({ stato: 'IN_ATTESA', tentativiSerie: 0, prossimoTentativo: at })
    .where(
      and(
        eq(webhookMessages.aziendaId, aziendaId),
        eq(webhookMessages.webhookId, webhookId),
        eq(webhookMessages.id, id),
      ),
    );
}

/** Every failed message of the endpoint created since `since`, sent again from now. */
export async function requeueFailedSince(
  db: DbOrTx,
  aziendaId: string,
  webhookId: string,
  since: Date,
  at: Date,
): Promise<number> {
  const rows = await db
    .update(webhookMessages)
    .set({ stato: 'IN_ATTESA', tentativiSerie: 0, prossimoTentativo: at })
    .where(
      and(
        eq(webhookMessages.aziendaId, aziendaId),
        eq(webhookMessages.webhookId, webhookId),
        eq(webhookMessages.stato, 'FALLITO'),
        sql`${webhookMessages.createdAt} >= ${since.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: webhookMessages.id });
  return rows.length;
}

/** The company's active administrators with an address (the mail of a disabled endpoint). */
export async function adminAddresses(db: DbOrTx, aziendaId: string): Promise<string[]> {
  const rows = await db
    .select({ email: utenti.email })
    .from(utenti)
    .where(
      and(
        eq(utenti.aziendaId, aziendaId),
        eq(utenti.role, 'admin'),
        eq(utenti.status, 'ACTIVE'),
        sql`${utenti.email} is not null`,
      ),
    );
  return rows.map((r) => r.email!).filter(Boolean);
}
