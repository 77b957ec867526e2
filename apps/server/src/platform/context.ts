import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Requirement } from '@fs/contract';
import { todayOn, type Clock } from './clock.js';
import type { Deps } from './deps.js';
import type { Db, DbOrTx, Tx } from './db/client.js';
import { aziende } from './db/schema.js';
import { AppError, notFound } from './errors.js';
import type { Actor } from './auth/actor.js';
import { systemPrincipal, userPrincipal, type Principal } from './auth/principal.js';
import type { AppEvent } from './events/catalog.js';
import { writeEvent, wakeDispatcher } from './events/outbox.js';

/** The company a context works for: its id, where its days are cut, its language. */
export interface Company {
  id: string;
  /** IANA time zone (aziende.timezone). */
  timezone: string;
  /** The company's default language code as stored (IT, EN, ...). */
  lingua: string;
}

/**
 * One unit of work for one company (docs/decisions/0036-company-context-and-events.md): who acts
 * (the principal), for which company, what time it is, the database handle (the pool, or the
 * transaction the work runs in) and the outbox. Built at the edge (`contextOf(request)`, or
 * `systemContext` for a job); services take it instead of `(deps, actor)` or `(db, aziendaId)`.
 */
export interface CompanyContext {
  readonly deps: Deps;
  readonly company: Company;
  readonly principal: Principal;
  readonly clock: Clock;
  /** The pool outside a transaction, the transaction inside `transaction(fn)`. */
  readonly db: DbOrTx;
  /**
   * Writes an event to the outbox in the current transaction (an event outside one would outlive a
   * change that rolls back, or announce one never made: that is a programming error and throws).
   * The dispatcher is woken once the outermost transaction has committed.
   */
  emit(event: AppEvent): Promise<void>;
  /**
   * Runs `fn` in one transaction with the same company, principal and clock: a new transaction, or
   * a savepoint of the current one. What `fn` emits is written in it and dispatched after commit.
   */
  transaction<T>(fn: (ctx: CompanyContext) => Promise<T>): Promise<T>;
}

interface Scope {
  /** Events written in the outermost transaction: the dispatcher is woken after its commit. */
  emitted: number;
}

function make(root: Deps, company: Company, principal: Principal, db: DbOrTx, scope: Scope | null): CompanyContext {
  const ctx: CompanyContext = {
    // Inside a transaction, what is handed `ctx.deps` (options, settings, media) reads through it
    // too: on PGlite the transaction holds the one connection, and a read on the pool would wait.
    deps: db === root.db ? root : { ...root, db: db as Db },
    company,
    principal,
    clock: root.clock,
    db,
    async emit(event) {
      if (!scope || !(db instanceof PgTransaction)) {
        throw new Error(`event ${event.type} emitted outside a transaction: use ctx.transaction()`);
      }
      await writeEvent(db, company.id, event);
      scope.emitted++;
    },
    async transaction(fn) {
      if (scope && db instanceof PgTransaction) {
        return db.transaction((sp) => fn(make(root, company, principal, sp, scope)));
      }
      const outer: Scope = { emitted: 0 };
      const out = await root.db.transaction((tx) => fn(make(root, company, principal, tx, outer)));
      if (outer.emitted) await wakeDispatcher(root);
      return out;
    },
  };
  return ctx;
}

/** A context for `company`, acting as `principal`, on the pool (its work opens transactions). */
export const companyContext = (deps: Deps, company: Company, principal: Principal): CompanyContext =>
  make(deps, company, principal, deps.db, null);

/** The company as stored: id, time zone, language (404 when it is gone). */
export async function companyOf(db: DbOrTx, aziendaId: string): Promise<Company> {
  const [row] = await db
    .select({ id: aziende.id, timezone: aziende.timezone, lingua: aziende.linguaDefault })
    .from(aziende)
    .where(eq(aziende.id, aziendaId));
  if (!row) throw notFound('Azienda');
  return row;
}

/**
 * A job's context: the company as stored and a `system` principal named after the job, holding
 * what the job needs (`grants`) and nothing else. A job never acts as a user it did not authenticate.
 */
export async function systemContext(
  deps: Deps,
  aziendaId: string,
  job: string,
  grants: readonly Requirement[] = [],
): Promise<CompanyContext> {
  return companyContext(deps, await companyOf(deps.db, aziendaId), systemPrincipal(job, grants));
}

/**
 * A context inside a transaction someone else opened and commits (the event dispatcher's): what
 * its work emits is written in that transaction; `emitted()` tells the opener to wake the
 * dispatcher after its commit.
 */
export function contextInTransaction(
  deps: Deps,
  company: Company,
  principal: Principal,
  tx: Tx,
): { ctx: CompanyContext; emitted: () => number } {
  const scope: Scope = { emitted: 0 };
  return { ctx: make(deps, company, principal, tx, scope), emitted: () => scope.emitted };
}

/** The context of a signed-in user's request (the guard has authenticated the actor). */
export const userContext = (deps: Deps, actor: Actor): CompanyContext =>
  companyContext(
    deps,
    { id: actor.aziendaId, timezone: actor.timezone, lingua: actor.linguaAzienda },
    userPrincipal(actor),
  );

declare module 'fastify' {
  interface FastifyRequest {
    companyContext: CompanyContext | null;
  }
}

/** The context of an authenticated route (the guard sets it with the actor). */
export function contextOf(request: FastifyRequest): CompanyContext {
  if (!request.companyContext) throw new AppError('UNAUTHENTICATED');
  return request.companyContext;
}

/** The signed-in user of a context whose route only users reach (the guard's routes today). */
export function userOf(ctx: CompanyContext) {
  if (ctx.principal.kind !== 'user') throw new AppError('FORBIDDEN', 'Operazione riservata agli utenti');
  return ctx.principal;
}

/** The language a context speaks: the signed-in user's, else the company's. */
export const languageOf = (ctx: CompanyContext): string =>
  ctx.principal.kind === 'user' ? ctx.principal.lingua : ctx.company.lingua;

/** The company's today (YYYY-MM-DD on its calendar), by the context's clock. */
export const todayOf = (ctx: CompanyContext): string => todayOn(ctx.clock, ctx.company.timezone);
