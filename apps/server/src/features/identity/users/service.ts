import type { z } from 'zod';
import {
  can,
  licenceCount,
  mayListUsers as mayListUsersBy,
  technicianLimit,
  type Licences,
  type User,
  type userSaveRequest,
  REQUIRED_MESSAGE,
} from '@fs/contract';
import { AppError, forbidden, notFound } from '../../../platform/errors.js';
import { hashPassword } from '../../../platform/auth/crypto.js';
import { isAdmin, ownIdOf, userIdOf } from '../../../platform/auth/principal.js';
import { userOf, type CompanyContext } from '../../../platform/context.js';
import type { DbOrTx } from '../../../platform/db/client.js';
import { endUserAccess, revokeUserSessions } from '../../../platform/auth/sessions.js';
import { mansioniByUser, setUserMansioni } from '../../registries/index.js';
import * as repo from './repo.js';
import { toUser } from './presenter.js';
import { uniqueViolation } from '../../../platform/db/pg-errors.js';
import { lockCompany } from '../../../platform/limits.js';
import { assertStrongPassword } from '../../../platform/auth/password-strength.js';
import { verifyPassword } from '../../../platform/auth/crypto.js';
import { securityEvent } from '../../../platform/rate-limit.js';

type SaveInput = z.output<typeof userSaveRequest>;

/** Spec section 6: the user list loads with gestione_tecnici read, or planning or interventions write. */
export const mayListUsers = (ctx: CompanyContext): boolean => mayListUsersBy(ctx.principal.permissions);

export async function licencesOf(db: DbOrTx, aziendaId: string): Promise<Licences> {
  const [items, plan, used] = await Promise.all([
    repo.subscriptionItemsOf(db, aziendaId),
    repo.planOf(db, aziendaId),
    repo.countTechnicians(db, aziendaId),
  ]);
  const licences = licenceCount(items);
  const planLimit = plan ? technicianLimit(plan) : null;
  return { used, licences, planLimit, allowed: planLimit === null ? licences : Math.min(licences, planLimit) };
}

export async function listUsers(ctx: CompanyContext): Promise<{ items: User[]; licences: Licences }> {
  if (!mayListUsers(ctx)) throw forbidden();
  const full = can(ctx.principal.permissions, 'gestione_tecnici', 'read');
  const [rows, licences] = await Promise.all([
    repo.listUsers(ctx.db, ctx.company.id),
    licencesOf(ctx.db, ctx.company.id),
  ]);
  const jobs = await mansioniByUser(
    ctx.db,
    ctx.company.id,
    rows.map((r) => r.user.id),
  );
  return { items: rows.map((r) => toUser(r, full, jobs.get(r.user.id))), licences };
}

export async function getUser(ctx: CompanyContext, id: string): Promise<User> {
  if (id !== ownIdOf(ctx.principal) && !can(ctx.principal.permissions, 'gestione_tecnici', 'read')) throw forbidden();
  const row = await repo.findUser(ctx.db, ctx.company.id, id);
  if (!row) throw notFound('Utente');
  return toUser(row, true, (await mansioniByUser(ctx.db, ctx.company.id, [id])).get(id));
}

const conflict = (path: string, message: string) => new AppError('CONFLICT', message, [{ path, message }]);

async function assertCurrentPassword(ctx: CompanyContext, current: string | undefined): Promise<void> {
  const { userId } = userOf(ctx);
  if (!current) {
    throw new AppError('VALIDATION', 'Per cambiare la tua password serve quella attuale', [
      { path: 'passwordAttuale', message: 'Campo obbligatorio per cambiare la propria password' },
    ]);
  }
  const me = await repo.findUser(ctx.db, ctx.company.id, userId);
  if (!me || !(await verifyPassword(me.user.passwordHash, current))) {
    securityEvent(ctx.deps, 'wrong_current_password', { aziendaId: ctx.company.id, userId });
    throw new AppError('VALIDATION', 'Password attuale non corretta', [
      { path: 'passwordAttuale', message: 'Password attuale non corretta' },
    ]);
  }
}

/**
 * Creates (no id) or updates a user. Without gestione_tecnici write a user may
 * only change their own language and time zone; only admins touch admins.
 * Licences, unique username and email, and the last active admin are checked
 * under a lock on the company, in one transaction.
 */
export async function saveUser(ctx: CompanyContext, input: SaveInput): Promise<User> {
  const manager = can(ctx.principal.permissions, 'gestione_tecnici', 'write');
  const isSelf = input.id === ownIdOf(ctx.principal);
  // The session the caller keeps when their own access changes (a principal that is no user has none).
  const ownSession = ctx.principal.kind === 'user' ? ctx.principal.sessionId : undefined;
  if (!manager) {
    if (!isSelf) throw forbidden();
    // Left out, each stays as it is.
    const own = {
      ...(input.lingua ? { lingua: input.lingua } : {}),
      ...(input.timezone ? { timezone: input.timezone } : {}),
    };
    if (Object.keys(own).length) await repo.updateUser(ctx.db, ctx.company.id, input.id!, own);
    return getUser(ctx, input.id!);
  }
  if (!input.id && !input.password) {
    throw new AppError('VALIDATION', 'Password obbligatoria', [{ path: 'password', message: REQUIRED_MESSAGE }]);
  }
  if (input.role === 'admin' && !isAdmin(ctx.principal))
    throw forbidden('Solo un amministratore può assegnare il ruolo di amministratore');
  if (isSelf && input.status === 'DISABLED') {
    throw new AppError('VALIDATION', 'Non puoi disattivare il tuo utente', [
      { path: 'status', message: 'Non puoi disattivare il tuo utente' },
    ]);
  }
  if (input.password) {
    // One's own new password needs the current one (a session left open is not enough to take the account).
    if (isSelf) await assertCurrentPassword(ctx, input.passwordAttuale);
    await assertStrongPassword(input.password, [input.username, input.email, input.name, input.surname]);
  }
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  try {
    const id = await ctx.transaction(async ({ db: tx }) => {
      const company = await lockCompany(tx, ctx.company.id);
      if (!company) throw notFound('Azienda');
      const existing = input.id ? (await repo.findUser(tx, ctx.company.id, input.id))?.user : undefined;
      if (input.id && !existing) throw notFound('Utente');
      if (existing?.role === 'admin' && !isAdmin(ctx.principal))
        throw forbidden('Solo un amministratore può modificare un amministratore');

      const sameName = await repo.findByUsername(tx, ctx.company.id, input.username);
      if (sameName && sameName.id !== existing?.id)
        throw conflict('username', 'Nome utente già usato in questa azienda');
      if (input.email) {
        const sameEmail = await repo.findByEmail(tx, input.email);
        if (sameEmail && sameEmail.id !== existing?.id) throw conflict('email', 'Indirizzo email già registrato');
      }
      const wasActiveAdmin = existing?.role === 'admin' && existing.status === 'ACTIVE';
      const staysActiveAdmin = input.role === 'admin' && input.status === 'ACTIVE';
      if (
        wasActiveAdmin &&
        !staysActiveAdmin &&
        (await repo.countActiveAdmins(tx, ctx.company.id, existing.id)) === 0
      ) {
        throw new AppError(
          'LAST_ADMIN',
          "Serve almeno un amministratore attivo: impossibile togliere i diritti all'ultimo",
        );
      }
      const wasTechnician = existing?.status === 'ACTIVE' && existing.scheduleenabled === 'Y';
      const isTechnician = input.status === 'ACTIVE' && input.scheduleenabled === 'Y';
      if (isTechnician && !wasTechnician) {
        const lic = await licencesOf(tx, ctx.company.id);
        if (lic.used + 1 > lic.allowed) {
          throw new AppError(
            '0006',
            lic.planLimit !== null && lic.allowed === lic.planLimit
              ? `Il piano ${company.subscriptionType} consente al massimo ${lic.planLimit} tecnici`
              : `Licenze tecnico esaurite (${lic.used} di ${lic.allowed} in uso)`,
          );
        }
      }
      const values = {
        name: input.name,
        surname: input.surname,
        username: input.username,
        email: input.email,
        lingua: input.lingua,
        role: input.role,
        scheduleenabled: input.scheduleenabled,
        status: input.status,
        netPriceKm: input.netPriceKm,
        netPriceOreViaggio: input.netPriceOreViaggio,
        netPriceTecnico: input.netPriceTecnico,
        timezone: input.timezone,
      };
      if (!existing) {
        const defaults = await repo.companyDefaults(tx, ctx.company.id);
        const newId = await repo.insertUser(tx, {
          ...values,
          lingua: input.lingua ?? defaults.lingua,
          timezone: input.timezone ?? defaults.timezone,
          aziendaId: ctx.company.id,
          passwordHash: passwordHash!,
          ordine: await repo.nextOrdine(tx, ctx.company.id),
        });
        if (input.mansioni) await setUserMansioni(tx, ctx.company.id, newId, input.mansioni);
        return newId;
      }
      if (input.mansioni) await setUserMansioni(tx, ctx.company.id, existing.id, input.mansioni);
      const roleChanged = existing.role !== input.role;
      await repo.updateUser(tx, ctx.company.id, existing.id, {
        ...values,
        ...(passwordHash ? { passwordHash } : {}),
        // Admins cannot be in a custom group; their permissions change with the role.
        ...(input.role === 'admin' ? { gruppoId: null } : {}),
        ...(roleChanged ? { permissionsUpdatedAt: new Date() } : {}),
      });
      // Disabled, or no longer a technician (the licence taken away): everything they hold ends with it.
      const disabled = existing.status === 'ACTIVE' && input.status === 'DISABLED';
      const licenceRemoved = existing.scheduleenabled === 'Y' && input.scheduleenabled === 'N';
      if (disabled || licenceRemoved) {
        await endUserAccess(
          tx,
          ctx.company.id,
          existing.id,
          disabled ? 'disabled' : 'licence',
          isSelf ? ownSession : undefined,
        );
      } else if (passwordHash) {
        await revokeUserSessions(tx, ctx.company.id, existing.id, 'password', isSelf ? ownSession : undefined);
      }
      return existing.id;
    });
    return await getUser(ctx, id);
  } catch (e) {
    const constraint = uniqueViolation(e);
    if (constraint?.includes('email')) throw conflict('email', 'Indirizzo email già registrato');
    if (constraint) throw conflict('username', 'Nome utente già usato in questa azienda');
    throw e;
  }
}

/** Removes a user's signature: one's own, or anyone's with gestione_tecnici write. */
export async function deleteSignature(ctx: CompanyContext, id: string | undefined): Promise<User> {
  const self = userIdOf(ctx.principal);
  // Without an id, one's own: a principal that is no user has none and must name the user.
  const target = id ?? userOf(ctx).userId;
  if (target !== self && !can(ctx.principal.permissions, 'gestione_tecnici', 'write')) throw forbidden();
  const row = await repo.findUser(ctx.db, ctx.company.id, target);
  if (!row) throw notFound('Utente');
  if (row.user.role === 'admin' && target !== self && !isAdmin(ctx.principal)) throw forbidden();
  await repo.updateUser(ctx.db, ctx.company.id, target, { signature: null });
  return getUser(ctx, target);
}

/** Swaps the display order of two users of the company. */
export async function swapOrder(ctx: CompanyContext, id1: string, id2: string): Promise<void> {
  if (id1 === id2) return;
  await ctx.transaction(async ({ db: tx }) => {
    await lockCompany(tx, ctx.company.id);
    await repo.renumber(tx, ctx.company.id);
    const rows = await repo.ordineOf(tx, ctx.company.id, [id1, id2]);
    const a = rows.find((r) => r.id === id1);
    const b = rows.find((r) => r.id === id2);
    if (!a || !b) throw notFound('Utente');
    await repo.updateUser(tx, ctx.company.id, a.id, { ordine: b.ordine });
    await repo.updateUser(tx, ctx.company.id, b.id, { ordine: a.ordine });
  });
}
