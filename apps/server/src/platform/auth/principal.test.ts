import { describe, expect, it } from 'vitest';
import { adminPermissions, defaultUserPermissions, type Requirement } from '@fs/contract';
import {
  apiKeyPrincipal,
  may,
  NOBODY,
  ownIdOf,
  portalCustomerPrincipal,
  systemPrincipal,
  userIdOf,
  userPrincipal,
  type Principal,
} from './principal.js';
import type { Actor } from './actor.js';

const actor = (role: 'admin' | 'user'): Actor => ({
  userId: '11111111-1111-4111-8111-111111111111',
  aziendaId: '22222222-2222-4222-8222-222222222222',
  sessionId: '33333333-3333-4333-8333-333333333333',
  source: 'WEB',
  deviceId: 'abcdefgh12345678',
  role,
  superuser: false,
  lingua: 'EN',
  timezone: 'Europe/Rome',
  linguaAzienda: 'IT',
  permissions: role === 'admin' ? adminPermissions() : defaultUserPermissions(),
  permissionsUpdatedAt: new Date(0),
});

const readReports: Requirement = { key: 'gestione_interventi', action: 'read' };
const readCompanyReports: Requirement = { ...readReports, scope: 'company' };
const writeReports: Requirement = { key: 'gestione_interventi', action: 'write' };
const adminOnly: Requirement = { key: 'gestione_azienda', action: 'read', adminOnly: true };
const options: Requirement = { key: 'opzioni', action: 'write' };

describe('each principal answers "may I" through one function', () => {
  it('a user: the permissions of the session, adminOnly for administrators only', () => {
    const admin = userPrincipal(actor('admin'));
    const tech = userPrincipal(actor('user'));
    expect(admin).toMatchObject({ kind: 'user', role: 'admin', lingua: 'EN', sessionId: actor('admin').sessionId });
    expect([may(admin, adminOnly), may(admin, options), may(admin, [readReports, writeReports])]).toEqual([
      true,
      true,
      true,
    ]);
    // A technician: own reports (read, write), not the company's; never adminOnly; all of a list or nothing.
    expect([may(tech, readReports), may(tech, writeReports), may(tech, readCompanyReports)]).toEqual([
      true,
      true,
      false,
    ]);
    expect([may(tech, adminOnly), may(tech, options), may(tech, [readReports, options])]).toEqual([
      false,
      false,
      false,
    ]);
    expect([userIdOf(tech), ownIdOf(tech)]).toEqual([actor('user').userId, actor('user').userId]);
  });

  it('an API key: exactly its scopes, never an administrator', () => {
    const key = apiKeyPrincipal('key-1', [readCompanyReports, { key: 'anagrafica_clienti', action: 'write' }]);
    expect(key.kind).toBe('api_key');
    expect([may(key, readReports), may(key, readCompanyReports), may(key, { ...readReports, scope: 'user' })]).toEqual([
      true,
      true,
      false,
    ]);
    expect(may(key, { key: 'anagrafica_clienti', action: 'write', scope: 'company' })).toBe(true);
    expect([may(key, writeReports), may(key, options)]).toEqual([false, false]);
    expect(may(key, { ...readCompanyReports, adminOnly: true })).toBe(false);
    expect([userIdOf(key), ownIdOf(key)]).toEqual([null, NOBODY]);
  });

  it('a portal customer: reads its own records only, whatever else its map would say', () => {
    const customer = portalCustomerPrincipal('44444444-4444-4444-8444-444444444444');
    expect(customer).toMatchObject({ kind: 'portal_customer', customerId: '44444444-4444-4444-8444-444444444444' });
    expect([may(customer, readReports), may(customer, { key: 'contratti', action: 'read' })]).toEqual([true, true]);
    expect(may(customer, readCompanyReports)).toBe(false);
    expect([may(customer, writeReports), may(customer, { key: 'contratti', action: 'delete' })]).toEqual([
      false,
      false,
    ]);
    // Even a map that grants more (a mistake upstream) does not let it write or read the company's data.
    const widened: Principal = { ...customer, permissions: adminPermissions() };
    expect([may(widened, writeReports), may(widened, readCompanyReports), may(widened, options)]).toEqual([
      false,
      false,
      false,
    ]);
    expect(may(customer, { key: 'prezzi', action: 'read' })).toBe(false);
    expect(ownIdOf(customer)).toBe(NOBODY);
  });

  it('a system job: acts as itself with the grants its job needs, nothing more, never as a user', () => {
    const job = systemPrincipal('report-mail', [readCompanyReports]);
    expect(job).toMatchObject({ kind: 'system', job: 'report-mail' });
    expect([may(job, readCompanyReports), may(job, readReports)]).toEqual([true, true]);
    expect([may(job, writeReports), may(job, options), may(job, { ...readCompanyReports, adminOnly: true })]).toEqual([
      false,
      false,
      false,
    ]);
    expect([userIdOf(job), ownIdOf(job)]).toEqual([null, NOBODY]);
    expect(may(systemPrincipal('nothing', []), readReports)).toBe(false);
  });
});
