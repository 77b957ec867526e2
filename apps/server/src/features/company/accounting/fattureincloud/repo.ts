import { and, eq, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../../../platform/db/client.js';
import { ficConnessioni, ficOauthStati } from '../../../../platform/db/schema-accounting.js';

/** The Fatture in Cloud connection and OAuth states of a company (decision 0051). Tokens arrive sealed. */

export type ConnectionRow = typeof ficConnessioni.$inferSelect;

export async function insertState(db: DbOrTx, v: typeof ficOauthStati.$inferInsert, now: Date) {
  // The company's expired states go with each new one (a state lives 10 minutes; pending ones stay).
  await db.delete(ficOauthStati).where(and(eq(ficOauthStati.aziendaId, v.aziendaId), lte(ficOauthStati.scadeAt, now)));
  await db.insert(ficOauthStati).values(v);
}

/** Spends the company's state: its redirect address, or null when unknown, another company's, used or expired. */
export async function takeState(db: DbOrTx, aziendaId: string, state: string, now: Date): Promise<string | null> {
  const [row] = await db
    .delete(ficOauthStati)
    .where(and(eq(ficOauthStati.state, state), eq(ficOauthStati.aziendaId, aziendaId)))
    .returning({ redirectUri: ficOauthStati.redirectUri, scadeAt: ficOauthStati.scadeAt });
  return row && row.scadeAt > now ? row.redirectUri : null;
}

export async function connectionOf(db: DbOrTx, aziendaId: string, lock = false): Promise<ConnectionRow | undefined> {
  const q = db.select().from(ficConnessioni).where(eq(ficConnessioni.aziendaId, aziendaId));
  const [row] = await (lock ? q.for('update') : q);
  return row;
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  scadeAt: Date;
}

/** A new login: new tokens, no company chosen yet. */
export async function saveLogin(db: DbOrTx, aziendaId: string, t: Tokens, at: Date) {
  const values = { ...t, ficCompanyId: null, ficCompanyNome: null, updatedAt: at };
  await db
    .insert(ficConnessioni)
    .values({ aziendaId, ...values })
    .onConflictDoUpdate({ target: ficConnessioni.aziendaId, set: values });
}

export async function saveTokens(db: DbOrTx, aziendaId: string, t: Tokens, at: Date) {
  await db
    .update(ficConnessioni)
    .set({ ...t, updatedAt: at })
    .where(eq(ficConnessioni.aziendaId, aziendaId));
}

export async function saveCompany(db: DbOrTx, aziendaId: string, id: number, nome: string, at: Date) {
  await db
    .update(ficConnessioni)
    .set({ ficCompanyId: id, ficCompanyNome: nome, updatedAt: at })
    .where(eq(ficConnessioni.aziendaId, aziendaId));
}

export async function deleteConnection(db: DbOrTx, aziendaId: string) {
  await db.delete(ficConnessioni).where(eq(ficConnessioni.aziendaId, aziendaId));
}
