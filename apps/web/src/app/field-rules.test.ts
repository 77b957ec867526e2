import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { VAT_NUMBER_MESSAGES, REQUIRED_MESSAGE } from '@fs/contract';
import { partitaIvaError, requiredEmailError, serverFieldMessage } from './field-rules';

const t = ((k: string) => k) as unknown as TFunction;

describe('shared field rules', () => {
  it('a partita IVA says whether it is empty, not 11 digits or has a wrong check digit', () => {
    expect(partitaIvaError(t, ' ', { required: true })).toBe('common.required');
    expect(partitaIvaError(t, '', { required: false })).toBeNull();
    expect(partitaIvaError(t, '1234567001', { required: true })).toBe('common.partitaIva.format');
    expect(partitaIvaError(t, '1234567001A', { required: false })).toBe('common.partitaIva.format');
    expect(partitaIvaError(t, '12345670018', { required: true })).toBe('common.partitaIva.check');
    expect(partitaIvaError(t, ' 12345670017 ', { required: true })).toBeNull();
  });

  it('an empty required email is required, not invalid', () => {
    expect(requiredEmailError(t, '  ', 'invalid')).toBe('common.required');
    expect(requiredEmailError(t, 'info@', 'invalid')).toBe('invalid');
    expect(requiredEmailError(t, 'info@rossi.it', 'invalid')).toBeNull();
  });

  it("translates the server's shared field messages and keeps the others", () => {
    expect(serverFieldMessage(t, REQUIRED_MESSAGE)).toBe('common.required');
    expect(serverFieldMessage(t, VAT_NUMBER_MESSAGES.format)).toBe('common.partitaIva.format');
    expect(serverFieldMessage(t, VAT_NUMBER_MESSAGES.check)).toBe('common.partitaIva.check');
    expect(serverFieldMessage(t, 'Fuso orario non valido')).toBe('Fuso orario non valido');
  });
});
