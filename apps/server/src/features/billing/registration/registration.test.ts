import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@fs/contract';
import { SANDBOX_CARDS } from '../../../platform/payments/index.js';
import { provisionCompany } from '../../company/company/provision.js';
import { call, newDeviceId, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany, randomPartitaIva } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const PASSWORD = 'Registrazione-Caldaie-2026!';

export function registration(over: Record<string, unknown> = {}) {
  const tag = randomBytes(4).toString('hex');
  return {
    name: 'Giulia',
    surname: 'Verdi',
    email: `giulia.${tag}@nuova.test`,
    username: `giulia.${tag}`,
    password: PASSWORD,
    password_confirm: PASSWORD,
    lingua: 'IT',
    ragione_sociale: `Verdi Impianti ${tag} S.r.l.`,
    partita_iva: randomPartitaIva(),
    citta: 'Bologna',
    provincia: 'bo',
    cap: '40100',
    nazione: 'it',
    subscription_type: 'premium',
    tecnici: 4,
    termini_accettati: true,
    ...over,
  } as Record<string, any>;
}

/** A VAT number with a wrong check digit. */
const badPiva = (p: string) => p.slice(0, 10) + String((Number(p[10]) + 1) % 10);

async function rowsOf(table: string, column: string, value: string) {
  return (await t.deps.database.executeSql(`select * from ${table} where ${column} = $1`, [value])).rows;
}

const card = (number: string) => ({
  number,
  exp_month: 12,
  exp_year: new Date().getFullYear() + 2,
  cvc: number.startsWith('3') ? '1234' : '123',
  holder: 'Giulia Verdi',
});

describe('POST /register/check', () => {
  it('accepts free data and answers the rules with their fields', async () => {
    const r = registration();
    expect(
      (
        await call(t.app, 'POST', '/api/register/check', {
          body: { email: r.email, username: r.username, password: r.password, password_confirm: r.password },
        })
      ).json,
    ).toEqual({ success: true });
    expect(
      (
        await call(t.app, 'POST', '/api/register/check', {
          body: { partita_iva: r.partita_iva, termini_accettati: true },
        })
      ).status,
    ).toBe(200);

    const mismatch = await call(t.app, 'POST', '/api/register/check', {
      body: { password: PASSWORD, password_confirm: 'Altro12345' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.code).toBe('VALIDATION');
    expect(mismatch.json.fields).toEqual([expect.objectContaining({ path: 'password_confirm' })]);

    const terms = await call(t.app, 'POST', '/api/register/check', { body: { termini_accettati: false } });
    expect(terms.json.fields).toEqual([expect.objectContaining({ path: 'termini_accettati' })]);

    const piva = await call(t.app, 'POST', '/api/register/check', { body: { partita_iva: badPiva(r.partita_iva) } });
    expect(piva.status).toBe(400);
    expect(piva.json.fields).toEqual([
      expect.objectContaining({
        path: 'partita_iva',
        message: 'La cifra di controllo della partita IVA non è corretta',
      }),
    ]);

    const lite = await call(t.app, 'POST', '/api/register/check', { body: { subscription_type: 'lite', tecnici: 4 } });
    expect(lite.json.fields).toEqual([expect.objectContaining({ path: 'tecnici' })]);
  });

  it('answers 0010 for an email already used as an email or as a username, any case', async () => {
    const c = await createCompany(t);
    const used = c.user('admin').email!;
    const r1 = await call(t.app, 'POST', '/api/register/check', { body: { email: used.toUpperCase() } });
    expect(r1.status).toBe(409);
    expect(r1.json).toMatchObject({ success: false, code: '0010', fields: [{ path: 'email' }] });

    const tag = randomBytes(4).toString('hex');
    const asUsername = `mario.${tag}@altra.test`;
    await createCompany(t, { users: [{ username: asUsername, password: PASSWORD, role: 'admin' }] });
    const r2 = await call(t.app, 'POST', '/api/register/check', { body: { email: asUsername } });
    expect(r2.json.code).toBe('0010');
  });

  it('refuses a VAT number already registered, clearly', async () => {
    const c = await createCompany(t);
    const r = await call(t.app, 'POST', '/api/register/check', { body: { partita_iva: c.piva } });
    expect(r.status).toBe(409);
    expect(r.json).toMatchObject({
      code: 'CONFLICT',
      fields: [{ path: 'partita_iva', message: 'Partita IVA già registrata' }],
    });
  });
});

describe('POST /register/init', () => {
  it('creates the company in a 30-day trial with the plan, licences and its admin, who signs in with the VAT number', async () => {
    const r = registration({ subscription_type: 'platinum', tecnici: 7 });
    const res = await call(t.app, 'POST', '/api/register/init', { body: r });
    expect(res.status).toBe(200);
    const item = res.json.item;
    // The trial ends 30 days after the company's today (Rome), not UTC's (a day behind after 23:00).
    const in30 = addDays(todayIn('Europe/Rome'), 30);
    expect(item).toMatchObject({
      partita_iva: r.partita_iva,
      username: r.username,
      subscription_type: 'platinum',
      tecnici: 7,
      scadenza_trial_date: in30,
    });
    expect(item.token).toMatch(/^[\w-]{40,}$/);

    const [company] = await rowsOf('aziende', 'id', item.azienda_id);
    expect(company).toMatchObject({
      ragione_sociale: r.ragione_sociale,
      subscription_type: 'platinum',
      subscription_confirmed: false,
      provincia: 'BO',
      nazione: 'IT',
      mail_principale: r.email,
    });
    expect(await rowsOf('subscription_items', 'azienda_id', item.azienda_id)).toEqual([
      expect.objectContaining({ type: 'platinum', quantity: 7 }),
    ]);
    const [admin] = await rowsOf('utenti', 'azienda_id', item.azienda_id);
    expect(admin).toMatchObject({
      username: r.username,
      email: r.email,
      role: 'admin',
      name: 'Giulia',
      surname: 'Verdi',
    });
    expect(admin.password_hash).toMatch(/^\$argon2id\$/);
    expect((await rowsOf('registrazioni_token', 'azienda_id', item.azienda_id))[0].token_hash).not.toBe(item.token);

    const login = await call(t.app, 'POST', '/api/login/login', {
      deviceId: newDeviceId(),
      body: { piva: r.partita_iva, username: r.username, password: PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(login.json.item).toMatchObject({
      role: 'admin',
      aziendamap: { subscription_type: 'platinum', scadenza_trial_date: in30, subscription_confirmed: false },
    });
  });

  it('refuses mismatched or weak passwords, terms not accepted, a bad check digit and lite over 3 technicians, writing nothing', async () => {
    for (const [over, path] of [
      [{ password_confirm: 'Diversa123' }, 'password_confirm'],
      [{ termini_accettati: false }, 'termini_accettati'],
      [{ partita_iva: badPiva(randomPartitaIva()) }, 'partita_iva'],
      [{ subscription_type: 'lite', tecnici: 4 }, 'tecnici'],
      // Too easy to guess, though long enough.
      [{ password: 'password123', password_confirm: 'password123' }, 'password'],
    ] as const) {
      const r = registration(over);
      const res = await call(t.app, 'POST', '/api/register/init', { body: r });
      expect(res.status, path).toBe(400);
      expect(res.json.fields.map((f: { path: string }) => f.path)).toContain(path);
      expect(await rowsOf('utenti', 'email', r.email)).toHaveLength(0);
    }
  });

  it('answers 0010 for a used email and 409 for a registered VAT number, writing nothing', async () => {
    const c = await createCompany(t);
    const r = registration({ email: c.user('admin').email });
    const res = await call(t.app, 'POST', '/api/register/init', { body: r });
    expect(res.json.code).toBe('0010');
    expect(await rowsOf('aziende', 'partita_iva', r.partita_iva)).toHaveLength(0);

    const r2 = registration({ partita_iva: c.piva });
    expect((await call(t.app, 'POST', '/api/register/init', { body: r2 })).json.code).toBe('CONFLICT');
    expect(await rowsOf('utenti', 'email', r2.email)).toHaveLength(0);
  });

  it('rolls the whole step back when a later write fails: no company without its admin', async () => {
    const c = await createCompany(t);
    const piva = randomPartitaIva();
    await expect(
      provisionCompany(t.deps.db, {
        ragioneSociale: 'Mezza S.r.l.',
        partitaIva: piva,
        users: [{ username: 'admin', password: PASSWORD, email: c.user('admin').email, role: 'admin' }],
      }),
    ).rejects.toThrow();
    expect(await rowsOf('aziende', 'partita_iva', piva)).toHaveLength(0);

    // Two registrations racing for one email: one wins, the other leaves no company behind.
    const email = `gara.${randomBytes(4).toString('hex')}@nuova.test`;
    const a = registration({ email });
    const b = registration({ email });
    const answers = await Promise.all([a, b].map((body) => call(t.app, 'POST', '/api/register/init', { body })));
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(answers.find((x) => x.status === 409)!.json.code).toBe('0010');
    const pivas = [a.partita_iva, b.partita_iva];
    const companies = (await t.deps.database.executeSql('select id from aziende where partita_iva = any($1)', [pivas]))
      .rows;
    expect(companies).toHaveLength(1);
  });
});

describe('steps 3 and 4: the card on file', () => {
  async function registered() {
    const res = await call(t.app, 'POST', '/api/register/init', { body: registration({ tecnici: 2 }) });
    return res.json.item as { token: string; azienda_id: string };
  }

  it('GET /register/checkout answers our own card page and what it is for', async () => {
    const reg = await registered();
    const r = await call(t.app, 'GET', `/api/register/checkout?token=${reg.token}`);
    expect(r.status).toBe(200);
    expect(r.json.hosted_page).toBe(`http://app.test/access/register?step=carta&token=${reg.token}`);
    expect(r.json.item).toMatchObject({
      subscription_type: 'premium',
      tecnici: 2,
      prezzo_annuo_cents: 58000,
      card: null,
    });
    expect((await call(t.app, 'GET', `/api/register/checkout?token=${'x'.repeat(43)}`)).status).toBe(404);
  });

  it('keeps a verified card without charging, then the token is spent', async () => {
    const reg = await registered();
    const r = await call(t.app, 'POST', '/api/register/checkout', {
      body: { token: reg.token, card: card(SANDBOX_CARDS.success) },
    });
    expect(r.status).toBe(200);
    expect(r.json.item).toEqual({ stato: 'completata', card: { last4: '4242', brand: 'visa' } });
    expect(await rowsOf('subscription_cards', 'azienda_id', reg.azienda_id)).toEqual([
      expect.objectContaining({ last4: '4242', brand: 'visa' }),
    ]);
    expect(await rowsOf('subscription_payments', 'azienda_id', reg.azienda_id)).toHaveLength(0);
    expect((await call(t.app, 'GET', `/api/register/checkout?token=${reg.token}`)).status).toBe(404);
    expect(
      (
        await call(t.app, 'POST', '/api/register/checkout', {
          body: { token: reg.token, card: card(SANDBOX_CARDS.success) },
        })
      ).status,
    ).toBe(404);
  });

  it('answers 0012 for an invalid card and 0026 for an expired one; the token stays usable', async () => {
    const reg = await registered();
    const bad = await call(t.app, 'POST', '/api/register/checkout', {
      body: { token: reg.token, card: card(SANDBOX_CARDS.invalid) },
    });
    expect(bad.json.code).toBe('0012');
    const luhn = await call(t.app, 'POST', '/api/register/checkout', {
      body: { token: reg.token, card: card('4242424242424241') },
    });
    expect(luhn.json.code).toBe('0012');
    const expired = await call(t.app, 'POST', '/api/register/checkout', {
      body: { token: reg.token, card: card(SANDBOX_CARDS.expired) },
    });
    expect(expired.json.code).toBe('0026');
    expect(await rowsOf('subscription_cards', 'azienda_id', reg.azienda_id)).toHaveLength(0);
    expect((await call(t.app, 'GET', `/api/register/checkout?token=${reg.token}`)).status).toBe(200);
  });

  it('3-D Secure: pending answers 409, passed keeps the card, failed answers CARD_3DS_FAILED', async () => {
    const reg = await registered();
    const r = await call(t.app, 'POST', '/api/register/checkout', {
      body: { token: reg.token, card: card(SANDBOX_CARDS.threeDs) },
    });
    expect(r.json.item).toMatchObject({
      stato: 'verifica_3ds',
      url: expect.stringMatching(/^\/public\/3ds-sandbox\?challenge=/),
    });
    const id = r.json.item.challenge_id as string;
    const challenge = await call(t.app, 'GET', `/api/public/3ds-sandbox/${id}`);
    expect(challenge.json.item).toMatchObject({
      amount_cents: 0,
      return_url: `/access/register?step=3ds&challenge=${id}`,
    });

    const pending = await call(t.app, 'POST', '/api/register/checkcarta3ds', {
      body: { token: reg.token, challenge_id: id },
    });
    expect(pending.status).toBe(409);
    await call(t.app, 'POST', `/api/public/3ds-sandbox/${id}`, { body: { outcome: 'pass' } });
    const done = await call(t.app, 'POST', '/api/register/checkcarta3ds', {
      body: { token: reg.token, challenge_id: id },
    });
    expect(done.json.item).toEqual({ stato: 'completata', card: { last4: '3220', brand: 'visa' } });
    expect(await rowsOf('subscription_cards', 'azienda_id', reg.azienda_id)).toHaveLength(1);

    const reg2 = await registered();
    const r2 = await call(t.app, 'POST', '/api/register/checkout', {
      body: { token: reg2.token, card: card(SANDBOX_CARDS.threeDs) },
    });
    await call(t.app, 'POST', `/api/public/3ds-sandbox/${r2.json.item.challenge_id}`, { body: { outcome: 'fail' } });
    const failed = await call(t.app, 'POST', '/api/register/checkcarta3ds', {
      body: { token: reg2.token, challenge_id: r2.json.item.challenge_id },
    });
    expect(failed.json.code).toBe('CARD_3DS_FAILED');
    expect(await rowsOf('subscription_cards', 'azienda_id', reg2.azienda_id)).toHaveLength(0);
  });

  it('a challenge of another registration is not found with this token', async () => {
    const a = await registered();
    const b = await registered();
    const r = await call(t.app, 'POST', '/api/register/checkout', {
      body: { token: a.token, card: card(SANDBOX_CARDS.threeDs) },
    });
    const id = r.json.item.challenge_id as string;
    await call(t.app, 'POST', `/api/public/3ds-sandbox/${id}`, { body: { outcome: 'pass' } });
    const other = await call(t.app, 'POST', '/api/register/checkcarta3ds', {
      body: { token: b.token, challenge_id: id },
    });
    expect(other.status).toBe(404);
    expect(await rowsOf('subscription_cards', 'azienda_id', b.azienda_id)).toHaveLength(0);
  });
});
