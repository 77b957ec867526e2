import { describe, expect, it } from 'vitest';
import { cardBrand, cardExpired, cvcValid, formatCardNumber, luhnValid } from '@fs/contract';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import { SANDBOX_CARDS, SandboxGateway } from './sandbox.js';

const gw = new SandboxGateway(undefined as unknown as Db, () => new Date('2025-06-15T10:00:00Z'));
const card = (number: string, o: Partial<{ exp_month: number; exp_year: number; cvc: string }> = {}) => ({
  number,
  exp_month: 12,
  exp_year: 2030,
  cvc: cardBrand(number) === 'amex' ? '1234' : '123',
  holder: 'Ada Admin',
  ...o,
});
async function codeOf(p: Promise<unknown>) {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return e instanceof AppError ? e.code : String(e);
  }
}

describe('card rules', () => {
  it('Luhn, brand, security code length, expiry, display', () => {
    expect(luhnValid('4242 4242 4242 4242')).toBe(true);
    expect(luhnValid('4242 4242 4242 4241')).toBe(false);
    expect(luhnValid('42')).toBe(false);
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('6011111111111117')).toBe('unknown');
    expect(cvcValid('378282246310005', '1234')).toBe(true);
    expect(cvcValid('378282246310005', '123')).toBe(false);
    expect(cvcValid('4242424242424242', '1234')).toBe(false);
    expect(cardExpired(6, 2025, '2025-06-30')).toBe(false);
    expect(cardExpired(5, 2025, '2025-06-01')).toBe(true);
    expect(cardExpired(1, 2026, '2025-12-31')).toBe(false);
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
  });
});

describe('sandbox gateway', () => {
  it('answers each test card deterministically', async () => {
    expect(await gw.authorize(card(SANDBOX_CARDS.success))).toEqual({
      last4: '4242',
      brand: 'visa',
      exp_month: 12,
      exp_year: 2030,
    });
    expect(await codeOf(gw.authorize(card(SANDBOX_CARDS.successAmex)))).toBe('ok');
    expect(await codeOf(gw.authorize(card(SANDBOX_CARDS.successMastercard)))).toBe('ok');
    expect(await codeOf(gw.authorize(card(SANDBOX_CARDS.invalid)))).toBe('0012');
    expect(await codeOf(gw.authorize(card(SANDBOX_CARDS.expired)))).toBe('0026');
    expect(await codeOf(gw.authorize(card(SANDBOX_CARDS.declined)))).toBe('CARD_DECLINED');
    // the 3-D Secure card authorises; the challenge comes with a charge
    expect(await codeOf(gw.authorize(card(SANDBOX_CARDS.threeDs)))).toBe('ok');
  });
  it('refuses a wrong number, a wrong security code length and a past expiry', async () => {
    expect(await codeOf(gw.authorize(card('4242424242424241')))).toBe('0012');
    expect(await codeOf(gw.authorize(card('6011111111111117')))).toBe('0012');
    expect(await codeOf(gw.authorize(card(SANDBOX_CARDS.successAmex, { cvc: '123' })))).toBe('0012');
    expect(await codeOf(gw.authorize(card(SANDBOX_CARDS.success, { cvc: '1234' })))).toBe('0012');
    expect(await codeOf(gw.authorize(card(SANDBOX_CARDS.success, { exp_month: 5, exp_year: 2025 })))).toBe('0026');
    expect(await codeOf(gw.authorize(card(SANDBOX_CARDS.success, { exp_month: 6, exp_year: 2025 })))).toBe('ok');
  });
  it('charges a plain card without a challenge and gives bank-transfer instructions', async () => {
    const r = await gw.charge({
      aziendaId: 'x',
      amountCents: 100,
      currency: 'EUR',
      description: 't',
      card: card(SANDBOX_CARDS.success),
      returnUrl: '/r',
    });
    expect(r.status).toBe('succeeded');
    const i = gw.bankTransferInstructions({ amountCents: 12345, reference: 'ABB-1', dueDate: '2025-07-15' });
    expect(i).toMatchObject({ amount_cents: 12345, reference: 'ABB-1', due_date: '2025-07-15' });
    expect(i.iban).toMatch(/^IT\d\d/);
  });
});
