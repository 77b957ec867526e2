import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  COMPANY_MAX,
  companyUpdateRequest,
  PERMISSION_GROUP_MAX,
  permissionGroupSaveRequest,
  REGISTER_MAX,
  registerInitRequest,
  USER_MAX,
  userSaveRequest,
} from './index.js';

/**
 * The forms take their `maxLength` from these constants: each must be exactly the limit the
 * server's schema enforces (the longest value passes, one character more is refused).
 */
function limitOf(schema: z.ZodType, base: Record<string, unknown>, field: string, make: (n: number) => string) {
  /** The field's problems with a value of `n` characters. */
  const atMax = (n: number) =>
    (schema.safeParse({ ...base, [field]: make(n) }).error?.issues ?? []).filter((i) => i.path[0] === field);
  return { atMax };
}

const letters = (n: number) => 'a'.repeat(n);
const email = (n: number) => `${'a'.repeat(n - '@example.it'.length)}@example.it`;
const digits = (n: number) => '1'.repeat(n);

const company = {
  ragione_sociale: 'Rossi S.r.l.',
  partita_iva: '12345670017',
  mailPrincipale: 'info@rossi.it',
  nazione: 'IT',
  timezone: 'Europe/Rome',
};

const registration = {
  name: 'Anna',
  surname: 'Rossi',
  email: 'anna@rossi.it',
  username: 'anna',
  password: 'una-password-lunga',
  password_confirm: 'una-password-lunga',
  ragione_sociale: 'Rossi S.r.l.',
  partita_iva: '12345670017',
  subscription_type: 'premium',
  tecnici: 3,
  termini_accettati: true,
};

describe('field limits shared by forms and schemas', () => {
  it.each([
    ['name', USER_MAX.name, letters],
    ['surname', USER_MAX.surname, letters],
    ['username', USER_MAX.username, letters],
    ['email', USER_MAX.email, email],
    ['password', USER_MAX.password, letters],
  ] as const)('user %s: %i characters', (field, max, make) => {
    const { atMax } = limitOf(userSaveRequest, { username: 'anna' }, field, make);
    expect(atMax(max)).toEqual([]);
    expect(atMax(max + 1)).not.toEqual([]);
  });

  it('permission group name', () => {
    const { atMax } = limitOf(permissionGroupSaveRequest, {}, 'name', letters);
    expect(atMax(PERMISSION_GROUP_MAX.name)).toEqual([]);
    expect(atMax(PERMISSION_GROUP_MAX.name + 1)).not.toEqual([]);
  });

  it.each([
    ['ragione_sociale', COMPANY_MAX.ragione_sociale, letters],
    ['codice_fiscale', COMPANY_MAX.codice_fiscale, letters],
    ['mailPrincipale', COMPANY_MAX.email, email],
    ['pec', COMPANY_MAX.pec, email],
    ['telefono', COMPANY_MAX.telefono, digits],
    ['indirizzo', COMPANY_MAX.indirizzo, letters],
    ['citta', COMPANY_MAX.citta, letters],
    ['provincia', COMPANY_MAX.provincia, letters],
    ['cap', COMPANY_MAX.cap, digits],
  ] as const)('company %s: %i characters', (field, max, make) => {
    const { atMax } = limitOf(companyUpdateRequest, company, field, make);
    expect(atMax(max)).toEqual([]);
    expect(atMax(max + 1)).not.toEqual([]);
  });

  it('company partita IVA and SDI code: 11 digits, 7 characters', () => {
    expect(COMPANY_MAX.partita_iva).toBe(11);
    expect(companyUpdateRequest.safeParse({ ...company, codice_destinatario: 'ABC1234' }).success).toBe(true);
    expect(companyUpdateRequest.safeParse({ ...company, codice_destinatario: 'ABC12345' }).success).toBe(false);
    expect(COMPANY_MAX.codice_destinatario).toBe(7);
  });

  it.each([
    ['name', REGISTER_MAX.name, letters],
    ['surname', REGISTER_MAX.surname, letters],
    ['email', REGISTER_MAX.email, email],
    ['username', REGISTER_MAX.username, letters],
    ['ragione_sociale', REGISTER_MAX.ragione_sociale, letters],
    ['telefono', REGISTER_MAX.telefono, digits],
    ['indirizzo', REGISTER_MAX.indirizzo, letters],
    ['citta', REGISTER_MAX.citta, letters],
    ['provincia', REGISTER_MAX.provincia, letters],
    ['cap', REGISTER_MAX.cap, digits],
  ] as const)('registration %s: %i characters', (field, max, make) => {
    const { atMax } = limitOf(registerInitRequest, registration, field, make);
    expect(atMax(max)).toEqual([]);
    expect(atMax(max + 1)).not.toEqual([]);
  });
});
