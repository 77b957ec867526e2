import {
  can,
  PAGE_KEYS,
  type Action,
  type PagePermission,
  type PageKey,
  type PermissionMap,
  type Requirement,
  type Source,
} from '@fs/contract';
import type { Actor } from './actor.js';

/**
 * Who acts in a company context (docs/decisions/0036-company-context-and-events.md). Every kind
 * carries the permissions it holds as a permission map and answers "may I" through `may`, so the
 * access check stays one function at the edge whatever the caller is.
 */
export type Principal = UserPrincipal | ApiKeyPrincipal | PortalCustomerPrincipal | SystemPrincipal;
export type PrincipalKind = Principal['kind'];

/** A signed-in user's session (web or app). */
export interface UserPrincipal {
  kind: 'user';
  userId: string;
  sessionId: string;
  deviceId: string;
  source: Source;
  role: 'admin' | 'user';
  superuser: boolean;
  /** The user's interface language as stored (IT, EN, ...). */
  lingua: string;
  permissions: PermissionMap;
  permissionsUpdatedAt: Date;
}

/** An integration calling with a company's API key: its scopes, as permissions (issue of the API keys). */
export interface ApiKeyPrincipal {
  kind: 'api_key';
  keyId: string;
  permissions: PermissionMap;
}

/** A customer signed in to the portal: reads its own records, never writes (issue of the portal). */
export interface PortalCustomerPrincipal {
  kind: 'portal_customer';
  customerId: string;
  permissions: PermissionMap;
}

/** A background job or event subscriber, named: acts as itself with what its work needs. */
export interface SystemPrincipal {
  kind: 'system';
  job: string;
  permissions: PermissionMap;
}

const NONE: PagePermission = {
  userRead: false,
  userWrite: false,
  userDelete: false,
  companyRead: false,
  companyWrite: false,
  companyDelete: false,
};

const FLAG = { read: 'Read', write: 'Write', delete: 'Delete' } as const satisfies Record<Action, string>;

/** The permission map that grants exactly `grants` (a grant without scope grants both scopes). */
export function permissionsOf(grants: readonly Requirement[]): PermissionMap {
  const map = Object.fromEntries(PAGE_KEYS.map((k) => [k, { ...NONE }])) as PermissionMap;
  for (const g of grants) {
    const p = map[g.key];
    if (g.scope !== 'company') p[`user${FLAG[g.action]}`] = true;
    if (g.scope !== 'user') p[`company${FLAG[g.action]}`] = true;
  }
  return map;
}

/** The pages a portal customer reads, for its own records only (the portal issue decides the list). */
export const PORTAL_PAGES: readonly PageKey[] = [
  'gestione_interventi',
  'contratti',
  'clienti_impianti',
  'clienti_macchinari',
];

export const userPrincipal = (a: Actor): UserPrincipal => ({
  kind: 'user',
  userId: a.userId,
  sessionId: a.sessionId,
  deviceId: a.deviceId,
  source: a.source,
  role: a.role,
  superuser: a.superuser,
  lingua: a.lingua,
  permissions: a.permissions,
  permissionsUpdatedAt: a.permissionsUpdatedAt,
});

export const apiKeyPrincipal = (keyId: string, scopes: readonly Requirement[]): ApiKeyPrincipal => ({
  kind: 'api_key',
  keyId,
  permissions: permissionsOf(scopes.map(({ key, action, scope }) => ({ key, action, ...(scope ? { scope } : {}) }))),
});

export const portalCustomerPrincipal = (customerId: string): PortalCustomerPrincipal => ({
  kind: 'portal_customer',
  customerId,
  permissions: permissionsOf(PORTAL_PAGES.map((key) => ({ key, action: 'read', scope: 'user' }))),
});

export const systemPrincipal = (job: string, grants: readonly Requirement[]): SystemPrincipal => ({
  kind: 'system',
  job,
  permissions: permissionsOf(grants),
});

/**
 * "May I": one requirement (or its `orElse`) or all of several. Only a user who is the company's administrator meets
 * `adminOnly`; a portal customer only ever reads its own records, whatever its map says; the other
 * kinds hold what their map grants.
 */
export function may(p: Principal, need: Requirement | readonly Requirement[]): boolean {
  if (isList(need)) return need.every((one) => may(p, one));
  if (need.orElse && may(p, need.orElse)) return true;
  if (need.adminOnly && !isAdmin(p)) return false;
  if (p.kind === 'portal_customer' && (need.action !== 'read' || need.scope === 'company')) return false;
  const scope = p.kind === 'portal_customer' ? 'user' : (need.scope ?? 'any');
  return can(p.permissions, need.key, need.action, scope);
}

const isList = (need: Requirement | readonly Requirement[]): need is readonly Requirement[] => Array.isArray(need);

/** Whether the principal is a signed-in administrator of the company (what `adminOnly` asks). */
export const isAdmin = (p: Principal): boolean => p.kind === 'user' && p.role === 'admin';

/** The signed-in user behind a principal, when it is one (own-data rules, "created by"). */
export const userIdOf = (p: Principal): string | null => (p.kind === 'user' ? p.userId : null);

/** A short name for logs and audit columns: "user:<id>", "system:<job>", ... */
export function describePrincipal(p: Principal): string {
  switch (p.kind) {
    case 'user':
      return `user:${p.userId}`;
    case 'api_key':
      return `api_key:${p.keyId}`;
    case 'portal_customer':
      return `portal_customer:${p.customerId}`;
    case 'system':
      return `system:${p.job}`;
  }
}

/** The nil id: no user has it, so no record is "own" data of a principal that is no user. */
export const NOBODY = '00000000-0000-0000-0000-000000000000';

/** The id own-data rules compare with: the user's, or one that owns nothing. Never written as an author. */
export const ownIdOf = (p: Principal): string => userIdOf(p) ?? NOBODY;
