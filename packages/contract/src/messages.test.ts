import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  articleSaveRequest,
  companyUpdateRequest,
  customerSaveRequest,
  plantSaveRequest,
  VAT_NUMBER_MESSAGES,
  vatNumberProblem,
  registerCheckRequest,
  registerInitRequest,
  REQUIRED_MESSAGE,
  userSaveRequest,
} from './index.js';

/** The messages a schema gives for one field. */
const messagesOf = (schema: z.ZodType, body: unknown, field: string) =>
  (schema.safeParse(body).error?.issues ?? []).filter((i) => i.path[0] === field).map((i) => i.message);

const company = {
  ragione_sociale: 'Rossi S.r.l.',
  partita_iva: '12345670017',
  mailPrincipale: 'info@rossi.it',
  nazione: 'IT',
  timezone: 'Europe/Rome',
};

describe('partita IVA messages', () => {
  it('tell a wrong check digit from a wrong length or format', () => {
    expect(vatNumberProblem('12345670017')).toBeNull();
    expect(vatNumberProblem('12345670018')).toBe('check');
    expect(vatNumberProblem('1234567001')).toBe('format');
    expect(vatNumberProblem('123456700171')).toBe('format');
    expect(vatNumberProblem('1234567001A')).toBe('format');
  });

  it.each([
    ['12345670018', [VAT_NUMBER_MESSAGES.check]],
    ['1234567001', [VAT_NUMBER_MESSAGES.format]],
    ['IT12345670017', [VAT_NUMBER_MESSAGES.format]],
    ['', [REQUIRED_MESSAGE]],
    ['  12345670017 ', []],
  ])('company %j: %j', (partita_iva, expected) => {
    expect(messagesOf(companyUpdateRequest, { ...company, partita_iva }, 'partita_iva')).toEqual(expected);
  });

  it('the wording says what is wrong, in Italian', () => {
    expect(VAT_NUMBER_MESSAGES.check).toBe('La cifra di controllo della partita IVA non è corretta');
    expect(VAT_NUMBER_MESSAGES.format).toBe('La partita IVA deve avere 11 cifre');
  });

  it('registration and customers give the same messages; a customer may have none', () => {
    expect(messagesOf(registerCheckRequest, { partita_iva: '12345670018' }, 'partita_iva')).toEqual([
      VAT_NUMBER_MESSAGES.check,
    ]);
    expect(messagesOf(registerCheckRequest, { partita_iva: '123' }, 'partita_iva')).toEqual([
      VAT_NUMBER_MESSAGES.format,
    ]);
    expect(
      messagesOf(customerSaveRequest, { ragione_sociale: 'X', partita_iva: '12345670018' }, 'partita_iva'),
    ).toEqual([VAT_NUMBER_MESSAGES.check]);
    expect(
      messagesOf(customerSaveRequest, { ragione_sociale: 'X', partita_iva: '123456700170' }, 'partita_iva'),
    ).toEqual([VAT_NUMBER_MESSAGES.format]);
    const none = customerSaveRequest.safeParse({ ragione_sociale: 'X', partita_iva: '' });
    expect(none.success && none.data.partita_iva).toBeNull();
  });
});

describe('required email', () => {
  it('an empty company email is required, not invalid; a wrong one is invalid', () => {
    expect(messagesOf(companyUpdateRequest, { ...company, mailPrincipale: '' }, 'mailPrincipale')).toEqual([
      REQUIRED_MESSAGE,
    ]);
    expect(messagesOf(companyUpdateRequest, { ...company, mailPrincipale: '   ' }, 'mailPrincipale')).toEqual([
      REQUIRED_MESSAGE,
    ]);
    expect(messagesOf(companyUpdateRequest, { ...company, mailPrincipale: 'info@' }, 'mailPrincipale')).toEqual([
      'Indirizzo email non valido',
    ]);
  });

  it("the registration's administrator email too, and it is stored in lower case", () => {
    expect(messagesOf(registerInitRequest, { email: '' }, 'email')).toEqual([REQUIRED_MESSAGE]);
    expect(messagesOf(registerInitRequest, { email: 'anna' }, 'email')).toEqual(['Indirizzo email non valido']);
    expect(registerCheckRequest.parse({ email: ' Anna@Rossi.IT ' }).email).toBe('anna@rossi.it');
  });
});

describe('one wording for a required field', () => {
  it.each([
    ['company name', companyUpdateRequest, { ...company, ragione_sociale: ' ' }, 'ragione_sociale'],
    ['customer name', customerSaveRequest, { ragione_sociale: '' }, 'ragione_sociale'],
    ['plant name', plantSaveRequest, { clienteId: '00000000-0000-4000-8000-000000000000', nome: '' }, 'nome'],
    ['article code', articleSaveRequest, { codice: '', descrizione: 'x' }, 'codice'],
    ['username', userSaveRequest, { username: '' }, 'username'],
    ['registration name', registerInitRequest, { name: '' }, 'name'],
    ['registration username', registerInitRequest, { username: ' ' }, 'username'],
  ] as const)('%s', (_, schema, body, field) => {
    expect(messagesOf(schema, body, field)).toEqual([REQUIRED_MESSAGE]);
    expect(REQUIRED_MESSAGE).toBe('Campo obbligatorio');
  });
});
