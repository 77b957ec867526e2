import { and, eq, sql } from 'drizzle-orm';
import { prepared } from '../db/prepared.js';
import {
  adminPermissions,
  defaultUserPermissions,
  groupPermissionMap,
  type PagePermission,
  type PageKey,
  type PermissionMap,
  type Source,
} from '@fs/contract';
import type { Db } from '../db/client.js';
import { aziende, gruppi, sessioni, utenti, type RevokeReason } from '../db/schema.js';

/** Who is calling: set on every authenticated request by the auth hook. */
export interface Actor {
  userId: string;
  aziendaId: string;
  sessionId: string;
  source: Source;
  deviceId: string;
  role: 'admin' | 'user';
  superuser: boolean;
  /** Interface language code as stored (IT, EN, ...). */
  lingua: string;
  /** The company's IANA time zone (where its days are cut). */
  timezone: string;
  /** The company's default language (aziende.lingua_default). */
  linguaAzienda: string;
  permissions: PermissionMap;
  permissionsUpdatedAt: Date;
}

export interface SessionRow {
  sessionId: string;
  revokedReason: RevokeReason | null;
  revokedAt: Date | null;
  deviceId: string;
  userId: string;
  role: 'admin' | 'user';
  superuser: boolean;
  status: 'ACTIVE' | 'DISABLED';
  lingua: string;
  permissionsUpdatedAt: Date;
  /** The custom permission group's stored permissions, when the user is in one. */
  groupPermissions: GroupPermissions | null;
  /** The company's subscription dates, for the expired-company rule. */
  subscription_confirmed: boolean;
  scadenza_trial_date: string | null;
  scadenza_abbonamento_date: string | null;
  dunning: boolean;
  timezone: string;
  linguaAzienda: string;
}

type GroupPermissions = Partial<Record<PageKey, PagePermission>>;

/** The session lookup every authenticated request runs: built and prepared once per database. */
function sessionQuery(db: Db) {
  return db
    .select({
      sessionId: sessioni.id,
      revokedReason: sessioni.revokedReason,
      revokedAt: sessioni.revokedAt,
      deviceId: sessioni.deviceId,
      userId: utenti.id,
      role: utenti.role,
      superuser: utenti.superuser,
      status: utenti.status,
      lingua: utenti.lingua,
      permissionsUpdatedAt: utenti.permissionsUpdatedAt,
      groupPermissions: gruppi.permissions,
      subscription_confirmed: aziende.subscriptionConfirmed,
      scadenza_trial_date: aziende.scadenzaTrialDate,
      scadenza_abbonamento_date: aziende.scadenzaAbbonamentoDate,
      dunning: aziende.dunning,
      timezone: aziende.timezone,
      linguaAzienda: aziende.linguaDefault,
    })
    .from(sessioni)
    .innerJoin(utenti, and(eq(utenti.id, sessioni.utenteId), eq(utenti.aziendaId, sessioni.aziendaId)))
    .innerJoin(aziende, eq(aziende.id, sessioni.aziendaId))
    .leftJoin(gruppi, and(eq(gruppi.id, utenti.gruppoId), eq(gruppi.aziendaId, utenti.aziendaId)))
    .where(and(eq(sessioni.aziendaId, sql.placeholder('aziendaId')), eq(sessioni.id, sql.placeholder('sessionId'))))
    .prepare('find_session');
}
/** The session and its user, within the company the token names. */
export async function findSession(db: Db, aziendaId: string, sessionId: string): Promise<SessionRow | undefined> {
  const rows = await prepared(db, 'find_session', () => sessionQuery(db)).execute({ aziendaId, sessionId });
  return rows[0];
}

/**
 * Admins have every permission; a user in a custom group has exactly the
 * group's (page keys it leaves out allow nothing); other users the defaults.
 */
export function permissionsFor(user: {
  role: 'admin' | 'user';
  groupPermissions?: GroupPermissions | null;
}): PermissionMap {
  if (user.role === 'admin') return adminPermissions();
  return user.groupPermissions ? groupPermissionMap(user.groupPermissions) : defaultUserPermissions();
}
