import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@fs/contract';
import { eq } from 'drizzle-orm';
import { vouchers } from '../../../platform/db/schema-subscription.js';
import { call, newDeviceId, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany, randomPartitaIva } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const PASSWORD = 'Promozione-Estate-2026!';
/** A day from the company's today (Rome), as the server counts trial days; not UTC's, a day behind after 23:00. */
const inDays = (n: number) => addDays(todayIn('Europe/Rome'), n);

function promo(over: Record<string, unknown> = {}) {
  const tag = randomBytes(4).toString('hex');
  return {
    name: 'Paolo',
    surname: 'Neri',
    email: `paolo.${tag}@promo.test`,
    username: `paolo.${tag}`,
    password: PASSWORD,
    password_confirm: PASSWORD,
    ragione_sociale: `Neri ${tag} S.n.c.`,
    partita_iva: randomPartitaIva(),
    coupon: 'NONESISTE',
    termini_accettati: true,
    ...over,
  } as Record<string, any>;
}

async function voucher(o: { trialDays?: number; validUntil?: string } = {}) {
  const code = `PROMO${randomBytes(3).toString('hex').toUpperCase()}`;
  await t.deps.db
    .insert(vouchers)
    .values({ code, percentOff: 10, validFrom: inDays(-1), validUntil: o.validUntil ?? inDays(30) });
  if (o.trialDays) await t.deps.db.update(vouchers).set({ trialDays: o.trialDays }).where(eq(vouchers.code, code));
  return code;
}

async function company(id: string) {
  return (await t.deps.database.executeSql('select * from aziende where id = $1', [id])).rows[0];
}

describe('POST /register/init-promo', () => {
  it("a valid coupon registers the company with the voucher's extra free-trial days", async () => {
    const code = await voucher({ trialDays: 30 });
    const body = promo({ coupon: code.toLowerCase() });
    const r = await call(t.app, 'POST', '/api/register/init-promo', { body });
    expect(r.status).toBe(200);
    expect(r.json.alert).toBeUndefined();
    expect(r.json.item).toMatchObject({
      coupon_valido: true,
      scadenza_trial_date: inDays(60),
      partita_iva: body.partita_iva,
    });
    expect(r.json.item.token_v2).toMatch(/^[\w-]{40,}$/);
    expect(
      (
        await t.deps.database.executeSql('select scadenza_trial_date::text as d from aziende where id = $1', [
          r.json.item.azienda_id,
        ])
      ).rows[0].d,
    ).toBe(inDays(60));
    // The voucher is not spent: it stays for the first purchase.
    const [v] = await t.deps.db.select().from(vouchers).where(eq(vouchers.code, code));
    expect(v!.redemptions).toBe(0);
  });

  it('a voucher without trial days keeps the standard 30-day trial', async () => {
    const code = await voucher();
    const r = await call(t.app, 'POST', '/api/register/init-promo', { body: promo({ coupon: code }) });
    expect(r.json.item).toMatchObject({ coupon_valido: true, scadenza_trial_date: inDays(30) });
  });

  it('an invalid or expired coupon still registers, with alert 0004, and the admin signs in', async () => {
    for (const coupon of ['NONESISTE', await voucher({ validUntil: inDays(-1), trialDays: 10 })]) {
      const body = promo({ coupon });
      const r = await call(t.app, 'POST', '/api/register/init-promo', { body });
      expect(r.status).toBe(200);
      expect(r.json).toMatchObject({
        success: true,
        alert: '0004',
        item: { coupon_valido: false, scadenza_trial_date: inDays(30) },
      });
      const login = await call(t.app, 'POST', '/api/login/login', {
        deviceId: newDeviceId(),
        body: { piva: body.partita_iva, username: body.username, password: PASSWORD },
      });
      expect(login.status).toBe(200);
      expect(login.json.item.role).toBe('admin');
    }
  });

  it('keeps the registration rules: 0010, VAT check digit, passwords, terms', async () => {
    const c = await createCompany(t);
    expect(
      (await call(t.app, 'POST', '/api/register/init-promo', { body: promo({ email: c.user('admin').email }) })).json
        .code,
    ).toBe('0010');
    expect(
      (await call(t.app, 'POST', '/api/register/init-promo', { body: promo({ partita_iva: c.piva }) })).json.code,
    ).toBe('CONFLICT');
    const bad = await call(t.app, 'POST', '/api/register/init-promo', {
      body: promo({ partita_iva: '12345678901', password_confirm: 'x' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fields.map((f: { path: string }) => f.path)).toContain('partita_iva');
    const terms = await call(t.app, 'POST', '/api/register/init-promo', { body: promo({ termini_accettati: false }) });
    expect(terms.json.fields.map((f: { path: string }) => f.path)).toEqual(['termini_accettati']);
    const pw = await call(t.app, 'POST', '/api/register/init-promo', {
      body: promo({ password_confirm: 'Diversa99' }),
    });
    expect(pw.json.fields.map((f: { path: string }) => f.path)).toEqual(['password_confirm']);
  });
});

describe('/register/promo-completa-dati', () => {
  it('token_v2 reads the company and completes its data once', async () => {
    const body = promo();
    const r = await call(t.app, 'POST', '/api/register/init-promo', { body });
    const token = r.json.item.token_v2 as string;
    const read = await call(t.app, 'GET', `/api/register/promo-completa-dati?token=${token}`);
    expect(read.json.item).toMatchObject({
      ragione_sociale: body.ragione_sociale,
      partita_iva: body.partita_iva,
      indirizzo: null,
    });

    const missing = await call(t.app, 'POST', '/api/register/promo-completa-dati', {
      body: { token, indirizzo: '', citta: 'Roma', cap: '00100' },
    });
    expect(missing.status).toBe(400);
    expect(missing.json.fields.map((f: { path: string }) => f.path)).toEqual(['indirizzo']);

    const done = await call(t.app, 'POST', '/api/register/promo-completa-dati', {
      body: {
        token,
        indirizzo: 'Via Appia 10',
        citta: 'Roma',
        provincia: 'rm',
        cap: '00100',
        pec: 'neri@pec.test',
        nazione: 'it',
      },
    });
    expect(done.status).toBe(200);
    expect(done.json.item).toMatchObject({
      indirizzo: 'Via Appia 10',
      provincia: 'RM',
      pec: 'neri@pec.test',
      nazione: 'IT',
    });
    expect(await company(r.json.item.azienda_id)).toMatchObject({
      indirizzo: 'Via Appia 10',
      citta: 'Roma',
      cap: '00100',
    });

    expect(
      (
        await call(t.app, 'POST', '/api/register/promo-completa-dati', {
          body: { token, indirizzo: 'Altro', citta: 'X', cap: '1' },
        })
      ).status,
    ).toBe(404);
    expect((await call(t.app, 'GET', `/api/register/promo-completa-dati?token=${token}`)).status).toBe(404);
  });

  it('a checkout token is not a token_v2, and the other way round', async () => {
    const p = await call(t.app, 'POST', '/api/register/init-promo', { body: promo() });
    expect((await call(t.app, 'GET', `/api/register/checkout?token=${p.json.item.token_v2}`)).status).toBe(404);
  });
});
