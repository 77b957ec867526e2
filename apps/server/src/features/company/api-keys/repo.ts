import { and, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ApiKeyScope } from '@fs/contract';
import type { DbOrTx } from '../../../platform/db/client.js';
import { apiKeys } from '../../../platform/db/schema-api-keys.js';
import { utenti } from '../../../platform/db/schema.js';

/** The company's API keys (decision 0048): only hashes are stored. */

const creator = alias(utenti, 'creator');

const columns = {
  id: apiKeys.id,
  nome: apiKeys.nome,
  indizio: apiKeys.indizio,
  scopes: apiKeys.scopes,
  limiteMinuto: apiKeys.limiteMinuto,
  scadenza: apiKeys.scadenza,
  ultimoUso: apiKeys.ultimoUso,
  revocataIl: apiKeys.revocataIl,
  sostituitaDa: apiKeys.sostituitaDa,
  creataIl: apiKeys.creataIl,
  creatorId: creator.id,
  creatorName: creator.name,
  creatorSurname: creator.surname,
  creatorUsername: creator.username,
};

export type KeyListRow = Awaited<ReturnType<typeof listKeys>>[number];

function select(db: DbOrTx) {
  return db
    .select(columns)
    .from(apiKeys)
    .leftJoin(creator, and(eq(creator.id, apiKeys.creataDa), eq(creator.aziendaId, apiKeys.aziendaId)));
}

export function listKeys(db: DbOrTx, aziendaId: string) {
  return select(db).where(eq(apiKeys.aziendaId, aziendaId)).orderBy(desc(apiKeys.creataIl), apiKeys.id);
}

export async function findKey(db: DbOrTx, aziendaId: string, id: string) {
  const [row] = await select(db).where(and(eq(apiKeys.aziendaId, aziendaId), eq(apiKeys.id, id)));
  return row;
}

/** The key's row locked for a roll or a revocation. */
export async function lockKey(db: DbOrTx, aziendaId: string, id: string) {
  const [row] = await db
    .select({ id: apiKeys.id, revocataIl: apiKeys.revocataIl, scadenza: apiKeys.scadenza })
    .from(apiKeys)
    .where(and(eq(apiKeys.aziendaId, aziendaId), eq(apiKeys.id, id)))
    .for('update');
  return row;
}

export interface NewKey {
  aziendaId: string;
  nome: string;
  hash: string;
  indizio: string;
  scopes: ApiKeyScope[];
  limiteMinuto: number;
  scadenza: Date | null;
  creataDa: string | null;
}

export async function insertKey(db: DbOrTx, k: NewKey): Promise<string> {
  const [row] = await db.insert(apiKeys).values(k).returning({ id: apiKeys.id });
  return row!.id;
}

export async function fetchFull(db: DbOrTx, aziendaId: string, id: string) {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.aziendaId, aziendaId), eq(apiKeys.id, id)));
  return row;
}

/** A roll: the old key points to its successor and stops at `until` (or earlier, if it already stopped sooner). */
export async function markRolled(db: DbOrTx, aziendaId: string, id: string, successor: string, until: Date) {
  const old = await fetchFull(db, aziendaId, id);
  const stop = old?.scadenza && old.scadenza < until ? old.scadenza : until;
  await db
    .update(apiKeys)
    .set({ sostituitaDa: successor, scadenza: stop })
    .where(and(eq(apiKeys.aziendaId, aziendaId), eq(apiKeys.id, id)));
}

export async function revoke(db: DbOrTx, aziendaId: string, id: string, by: string | null, at: Date) {
  await db
    .update(apiKeys)
    .set({ revocataIl: at, revocataDa: by })
    .where(and(eq(apiKeys.aziendaId, aziendaId), eq(apiKeys.id, id), isNull(apiKeys.revocataIl)));
}
