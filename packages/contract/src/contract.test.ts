import { describe, expect, it } from 'vitest';
import {
  ALERT_CODES,
  adminPermissions,
  can,
  defaultUserPermissions,
  isAlertCode,
  isValidVatNumber,
  mayListUsers,
  PAGE_KEYS,
  PAGES,
  companyUpdateRequest,
  statusOf,
} from './index.js';

describe('partita IVA check digit', () => {
  it('accepts valid numbers and refuses wrong check digits, lengths and letters', () => {
    expect(isValidVatNumber('12345670017')).toBe(true);
    expect(isValidVatNumber('00743110157')).toBe(true);
    expect(isValidVatNumber('12345670018')).toBe(false);
    expect(isValidVatNumber('1234567001')).toBe(false);
    expect(isValidVatNumber('1234567001A')).toBe(false);
  });
});

describe('alert codes', () => {
  it('maps the session codes to 401 and the in-use codes to 403', () => {
    for (const c of ['0014', '0015', '0016', '0017', '0018', '0019', '0020', '0021'] as const)
      expect(statusOf(c)).toBe(401);
    for (const c of ['0027', '0028', '0032', '0033', '0034', '0035'] as const) expect(statusOf(c)).toBe(403);
    expect(isAlertCode('0017')).toBe(true);
    expect(isAlertCode('9999')).toBe(false);
    expect(Object.keys(ALERT_CODES)).toContain('VALIDATION');
  });
});

describe('permissions', () => {
  it('gives admins everything and technicians only their own work by default', () => {
    const admin = adminPermissions();
    expect(PAGE_KEYS.every((k) => can(admin, k, 'delete', 'company'))).toBe(true);
    const user = defaultUserPermissions();
    expect(can(user, 'gestione_interventi', 'write', 'user')).toBe(true);
    expect(can(user, 'gestione_interventi', 'write', 'company')).toBe(false);
    expect(can(user, 'gestione_azienda', 'read')).toBe(false);
    expect(can(user, 'anagrafica_articoli', 'read', 'company')).toBe(true);
  });

  it('loads the user list only with technicians read, planning write or interventions write (spec 6)', () => {
    const none = Object.fromEntries(
      Object.entries(adminPermissions()).map(([k, v]) => [
        k,
        Object.fromEntries(Object.keys(v).map((a) => [a, false])),
      ]),
    ) as unknown as ReturnType<typeof adminPermissions>;
    expect(mayListUsers(none)).toBe(false);
    for (const [key, action] of [
      ['gestione_tecnici', 'userRead'],
      ['pianificazione_interventi', 'userWrite'],
      ['gestione_interventi', 'companyWrite'],
    ] as const) {
      expect(mayListUsers({ ...none, [key]: { ...none[key], [action]: true } }), key).toBe(true);
    }
    expect(mayListUsers({ ...none, gestione_interventi: { ...none.gestione_interventi, userRead: true } })).toBe(false);
  });

  it('names a page key or none for every page', () => {
    for (const p of PAGES) expect(p.pageKey === null || PAGE_KEYS.includes(p.pageKey)).toBe(true);
  });
});

describe('company update schema', () => {
  const base = {
    ragione_sociale: 'A',
    partita_iva: '12345670017',
    mailPrincipale: 'a@b.it',
    timezone: 'Europe/Rome',
  };
  it('normalises empty optional text to null and upper-cases codes', () => {
    const r = companyUpdateRequest.parse({ ...base, pec: '', codice_destinatario: 'abc1234', telefono: '' });
    expect(r).toMatchObject({
      pec: null,
      codice_destinatario: 'ABC1234',
      telefono: null,
      nazione: 'IT',
      lingua_default: 'IT',
    });
  });
  it('refuses a bad recipient code and an unknown time zone', () => {
    const r = companyUpdateRequest.safeParse({ ...base, codice_destinatario: 'AB', timezone: 'Nowhere/City' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['codice_destinatario', 'timezone']);
  });
});
