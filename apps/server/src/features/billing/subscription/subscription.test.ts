import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { todayIn } from '@fs/contract';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';
import { aziende } from '../../../platform/db/schema.js';
import { SANDBOX_CARDS } from '../../../platform/payments/index.js';
import { addDays, addMonths } from './quote.js';
import * as repo from './repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const today = () => todayIn('Europe/Rome');
const card = (number: string, o: Record<string, unknown> = {}) => ({
  number,
  exp_month: 12,
  exp_year: new Date().getFullYear() + 3,
  cvc: '123',
  holder: 'Ada Admin',
  ...o,
});
const code = () => `T${randomBytes(4).toString('hex').toUpperCase()}`;

async function setup(patch: Partial<typeof aziende.$inferInsert> = {}) {
  const c = await createCompany(t);
  if (Object.keys(patch).length) await t.deps.db.update(aziende).set(patch).where(eq(aziende.id, c.company.id));
  const admin = await c.login('admin');
  const as = (s: { token: string; deviceId: string }) => ({ token: s.token, deviceId: s.deviceId });
  return { ...c, admin: as(admin), as };
}
const sub = async (s: { token: string; deviceId: string }) =>
  (await call(t.app, 'GET', '/api/subscription/subscription', s)).json.item;
const confirmedPatch = () => ({
  subscriptionConfirmed: true,
  scadenzaTrialDate: addDays(today(), -100),
  startAbbonamentoDate: addDays(today(), -30),
  scadenzaAbbonamentoDate: addMonths(today(), 6),
});

describe('GET /subscription/subscription', () => {
  it('answers plan, term, breakList, licences used (active and schedulable) and no card yet', async () => {
    const c = await setup();
    const item = await sub(c.admin);
    expect(item.sub).toMatchObject({
      subscription_type: 'premium',
      subscription_billing_period: 'yearly',
      subscription_confirmed: false,
      state: 'free_trial',
      renewListino: { breakList: [{ type: 'premium', quantity: 3 }] },
    });
    expect(item.licences).toEqual({ total: 3, used: 1, limit: null });
    expect(item.card).toBeNull();
    expect(item.usage.storage_limit_bytes).toBe(4 * 1024 ** 3);
  });
  it('needs gestione_abbonamento read: a technician is refused', async () => {
    const c = await setup();
    const tech = await c.login('tech');
    expect((await call(t.app, 'GET', '/api/subscription/subscription', tech)).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/subscription/subscription')).status).toBe(401);
  });
});

describe('POST /v2/subscription/estimate', () => {
  it('quotes lines and a VAT-excluded total', async () => {
    const c = await setup();
    const r = await call(t.app, 'POST', '/api/v2/subscription/estimate', {
      ...c.admin,
      body: {
        items: [
          { type: 'premium', quantity: 1 },
          { type: 'storage', quantity: 2 },
        ],
        vouchers: [],
      },
    });
    expect(r.status).toBe(200);
    expect(r.json.success).toBe(true);
    const e = r.json.estimate[0];
    expect(e.mode).toBe('new_term');
    expect(e.lines).toEqual([
      { type: 'premium', quantity: 4, unit_cents: 29000, months: 12, amount_cents: 116000 },
      { type: 'storage', quantity: 2, unit_cents: 3000, months: 12, amount_cents: 6000 },
    ]);
    expect(e.total_cents).toBe(122000);
  });
  it('refuses yearly billing for a term shorter than a calendar year, and over 3 lite technicians', async () => {
    const c = await setup(confirmedPatch());
    const yearly = await call(t.app, 'POST', '/api/v2/subscription/estimate', {
      ...c.admin,
      body: { items: [{ type: 'premium', quantity: 1 }], billingPeriod: 'yearly' },
    });
    expect(yearly.status).toBe(400);
    expect(yearly.json.fields[0].path).toBe('billingPeriod');
    const monthly = await call(t.app, 'POST', '/api/v2/subscription/estimate', {
      ...c.admin,
      body: { items: [{ type: 'premium', quantity: 1 }], billingPeriod: 'monthly' },
    });
    expect(monthly.json.estimate[0]).toMatchObject({ mode: 'addition', yearlyAllowed: false });
    const lite = await call(t.app, 'POST', '/api/v2/subscription/estimate', {
      ...c.admin,
      body: { items: [{ type: 'lite', quantity: 4 }], replace: true, renew: true },
    });
    expect(lite.status).toBe(400);
    expect(lite.json.code).toBe('VALIDATION');
  });
  it('answers 0011 for an unknown voucher and discounts a valid one', async () => {
    const c = await setup();
    const bad = await call(t.app, 'POST', '/api/v2/subscription/estimate', {
      ...c.admin,
      body: { items: [], vouchers: ['NOPE'] },
    });
    expect([bad.status, bad.json.code]).toEqual([400, '0011']);
    const k = code();
    await repo.insertVoucher(t.deps.db, { code: k, amountOffCents: 1000 });
    const ok = await call(t.app, 'POST', '/api/v2/subscription/estimate', {
      ...c.admin,
      body: { items: [], vouchers: [k.toLowerCase()] },
    });
    expect(ok.json.estimate[0]).toMatchObject({
      subtotal_cents: 87000,
      total_cents: 86000,
      discounts: [{ code: k, amount_cents: 1000 }],
    });
  });
});

describe('POST /subscription/voucher', () => {
  it('checks validity window, cap and single use per company (0011 otherwise)', async () => {
    const c = await setup();
    const check = (v: string) => call(t.app, 'POST', '/api/subscription/voucher', { ...c.admin, body: { code: v } });
    const fresh = code();
    await repo.insertVoucher(t.deps.db, { code: fresh, percentOff: 15, validUntil: addDays(today(), 3) });
    expect((await check(fresh)).json.item).toEqual({
      code: fresh,
      percent_off: 15,
      amount_off_cents: null,
      valid_until: addDays(today(), 3),
    });
    const past = code();
    await repo.insertVoucher(t.deps.db, { code: past, percentOff: 15, validUntil: addDays(today(), -1) });
    const future = code();
    await repo.insertVoucher(t.deps.db, { code: future, percentOff: 15, validFrom: addDays(today(), 1) });
    const capped = code();
    await repo.insertVoucher(t.deps.db, { code: capped, percentOff: 15, maxRedemptions: 1, redemptions: 1 });
    for (const v of [past, future, capped, 'MAI-VISTO']) {
      const r = await check(v);
      expect([r.status, r.json.code], v).toEqual([400, '0011']);
    }
    // used once by this company: no longer valid for it
    const buy = await call(t.app, 'POST', '/api/v2/subscription/confirm', {
      ...c.admin,
      body: { items: [], vouchers: [fresh] },
    });
    expect(buy.status).toBe(200);
    expect((await check(fresh)).json.code).toBe('0011');
  });
});

describe('POST /v2/subscription/confirm (bank transfer)', () => {
  it('records a pending transfer with instructions and confirms the subscription in one go', async () => {
    const c = await setup();
    const r = await call(t.app, 'POST', '/api/v2/subscription/confirm', {
      ...c.admin,
      body: { items: [{ type: 'premium', quantity: 2 }], billingPeriod: 'monthly' },
    });
    expect(r.status).toBe(200);
    expect(r.json.item.status).toBe('pending_transfer');
    expect(r.json.item.instructions).toMatchObject({ amount_cents: 5 * 2900, due_date: addDays(today(), 30) });
    expect(r.json.item.instructions.reference).toContain(c.piva);
    const s = await sub(c.admin);
    expect(s.sub).toMatchObject({
      subscription_confirmed: true,
      subscription_payment_method: 'bank_transfer',
      subscription_billing_period: 'monthly',
      state: 'active',
    });
    expect(s.licences.total).toBe(5);
    expect(s.pending_transfer.reference).toBe(r.json.item.instructions.reference);
  });
  it('is for administrators only', async () => {
    const c = await setup();
    const tech = await c.login('tech');
    const r = await call(t.app, 'POST', '/api/v2/subscription/confirm', { ...tech, body: { items: [] } });
    expect([r.status, r.json.code]).toEqual([403, 'FORBIDDEN']);
  });
});

describe('POST /v2/subscription/confirm/card', () => {
  const buy = (
    s: { token: string; deviceId: string },
    number: string,
    o: Record<string, unknown> = {},
    body: Record<string, unknown> = {},
  ) =>
    call(t.app, 'POST', '/api/v2/subscription/confirm/card', {
      ...s,
      body: { items: [{ type: 'premium', quantity: 1 }], card: card(number, o), ...body },
    });

  it('pays with a good card: licences go up, card last4 kept, never the number', async () => {
    const c = await setup();
    const r = await buy(c.admin, SANDBOX_CARDS.success);
    expect(r.json.item).toMatchObject({ status: 'succeeded', estimate: { total_cents: 116000 } });
    const s = await sub(c.admin);
    expect(s.licences.total).toBe(4);
    expect(s.card).toEqual({ last4: '4242', brand: 'visa', exp_month: 12, exp_year: new Date().getFullYear() + 3 });
    expect(s.sub.subscription_confirmed).toBe(true);
    const stored = await t.deps.database.executeSql('select * from subscription_payments where azienda_id = $1', [
      c.company.id,
    ]);
    expect(JSON.stringify(stored.rows)).not.toContain(SANDBOX_CARDS.success);
  });
  it('answers 0012 invalid, 0026 expired, CARD_DECLINED; nothing is bought', async () => {
    const c = await setup();
    const cases: [string, Record<string, unknown>, string][] = [
      ['4242424242424241', {}, '0012'],
      [SANDBOX_CARDS.invalid, {}, '0012'],
      [SANDBOX_CARDS.successAmex, { cvc: '123' }, '0012'],
      [SANDBOX_CARDS.expired, {}, '0026'],
      [SANDBOX_CARDS.success, { exp_year: 2020 }, '0026'],
      [SANDBOX_CARDS.declined, {}, 'CARD_DECLINED'],
    ];
    for (const [n, o, expected] of cases) {
      const r = await buy(c.admin, n, o);
      expect([r.status, r.json.code], n).toEqual([402, expected]);
    }
    expect((await sub(c.admin)).licences.total).toBe(3);
  });
  it('a declined renewal of a confirmed subscription sets dunning (payment failed); a paid one clears it', async () => {
    const c = await setup(confirmedPatch());
    const r = await buy(c.admin, SANDBOX_CARDS.declined, {}, { items: [], renew: true });
    expect(r.json.code).toBe('CARD_DECLINED');
    expect((await sub(c.admin)).sub).toMatchObject({ dunning: true, state: 'payment_failed' });
    const ok = await buy(c.admin, SANDBOX_CARDS.success, {}, { items: [], renew: true });
    expect(ok.json.item.status).toBe('succeeded');
    const s = await sub(c.admin);
    expect(s.sub.dunning).toBe(false);
    expect(s.sub.scadenza_abbonamento_date).toBe(addMonths(addDays(addMonths(today(), 6), 1), 12));
  });

  it('3-D Secure passed: requires_action, the sandbox page, then our completion applies the purchase once', async () => {
    const c = await setup();
    const r = await buy(c.admin, SANDBOX_CARDS.threeDs);
    expect(r.json.item.status).toBe('requires_action');
    const id = r.json.item.challenge_id as string;
    expect(r.json.item.challenge_url).toBe(`/public/3ds-sandbox?challenge=${id}`);
    expect((await sub(c.admin)).licences.total).toBe(3);
    const complete = () =>
      call(t.app, 'POST', '/api/v2/subscription/confirm/card/3ds', { ...c.admin, body: { challenge_id: id } });
    expect((await complete()).json.code).toBe('CONFLICT'); // still pending
    const page = await call(t.app, 'GET', `/api/public/3ds-sandbox/${id}`);
    expect(page.json.item).toMatchObject({
      status: 'pending',
      amount_cents: 116000,
      last4: '3220',
      return_url: `/subscription-plan/checkout?challenge=${id}`,
    });
    expect(
      (await call(t.app, 'POST', `/api/public/3ds-sandbox/${id}`, { body: { outcome: 'pass' } })).json.item.status,
    ).toBe('passed');
    expect((await call(t.app, 'POST', `/api/public/3ds-sandbox/${id}`, { body: { outcome: 'fail' } })).status).toBe(
      409,
    );
    const done = await complete();
    expect(done.json.item.status).toBe('succeeded');
    expect((await complete()).json.item.status).toBe('succeeded'); // idempotent
    expect((await sub(c.admin)).licences.total).toBe(4);
  });
  it('3-D Secure failed: CARD_3DS_FAILED and nothing bought; another company cannot complete it', async () => {
    const c = await setup();
    const other = await setup();
    const r = await buy(c.admin, SANDBOX_CARDS.threeDs);
    const id = r.json.item.challenge_id as string;
    const fromOther = await call(t.app, 'POST', '/api/v2/subscription/confirm/card/3ds', {
      ...other.admin,
      body: { challenge_id: id },
    });
    expect(fromOther.status).toBe(404);
    await call(t.app, 'POST', `/api/public/3ds-sandbox/${id}`, { body: { outcome: 'fail' } });
    const done = await call(t.app, 'POST', '/api/v2/subscription/confirm/card/3ds', {
      ...c.admin,
      body: { challenge_id: id },
    });
    expect([done.status, done.json.code]).toEqual([402, 'CARD_3DS_FAILED']);
    expect((await sub(c.admin)).licences.total).toBe(3);
  });
});

describe('expired subscription', () => {
  it('keeps the basics and the subscription open and refuses the rest with 402 SUBSCRIPTION_EXPIRED', async () => {
    const c = await setup({ scadenzaTrialDate: addDays(today(), -5) });
    for (const url of [
      '/api/session/session',
      '/api/session/permissions',
      '/api/aziende/azienda',
      '/api/navigazione/pagine-attive',
      '/api/nazioni/nazioni',
      '/api/lingue/lingue',
      '/api/subscription/subscription',
    ]) {
      expect((await call(t.app, 'GET', url, c.admin)).status, url).toBe(200);
    }
    expect((await sub(c.admin)).sub.state).toBe('expired');
    const blocked = t.routes
      .filter((r) => r.auth === 'session' && r.method === 'GET' && !r.path.includes(':'))
      .map((r) => r.path)
      .filter(
        (u) =>
          !/^\/api\/(session|login|aziende\/azienda|navigazione|nazioni|lingue|subscription|v2\/subscription)/.test(u),
      );
    expect(blocked.length).toBeGreaterThan(0);
    for (const url of blocked) {
      const r = await call(t.app, 'GET', url, c.admin);
      expect([r.status, r.json?.code], url).toEqual([402, 'SUBSCRIPTION_EXPIRED']);
    }
    // paying brings the company back
    const paid = await call(t.app, 'POST', '/api/v2/subscription/confirm/card', {
      ...c.admin,
      body: { items: [], card: card(SANDBOX_CARDS.success) },
    });
    expect(paid.json.item.estimate).toMatchObject({ start: today(), end: addMonths(today(), 12) });
    for (const url of blocked) expect((await call(t.app, 'GET', url, c.admin)).status, url).not.toBe(402);
  });
});
