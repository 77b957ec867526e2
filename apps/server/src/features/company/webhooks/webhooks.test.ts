import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_TEST_EVENT } from '@fs/contract';
import { companyOf, companyContext } from '../../../platform/context.js';
import { systemPrincipal } from '../../../platform/auth/principal.js';
import { EVENTS } from '../../../platform/events/catalog.js';
import { call } from '../../../test/harness.js';
import { webhooksKit } from '../../../test/webhooks-kit.js';
import { webhooksFanout } from './subscriber.js';

/**
 * Webhooks (issue 28 part 2, decision 0049): saved endpoints, the fan-out of events, delivery to a receiver on
 * loopback (WEBHOOKS_ALLOW_PRIVATE), Standard Webhooks signatures, retries on the schedule with a test clock,
 * Retry-After, 410, the 5-day disabling, replays, rotation. Deliveries' order, a dying worker and tenancy:
 * delivery.test.ts.
 */
const k = webhooksKit();
const { clock, settle, deliverNow, setup, emit, messagesOf, detail } = k;

describe('webhooks', () => {
  it('are saved by admins with events of the dictionary, their secret shown at creation and sealed at rest', async () => {
    const { c, admin, id, secret, base } = await setup(['report.completed', 'customer.created']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const dict = await call(k.t.app, 'GET', '/api/webhooks/ditionary', admin);
    expect(dict.status).toBe(200);
    expect(dict.json.items.map((e: { evento: string }) => e.evento)).toEqual(Object.keys(EVENTS));
    expect(dict.json.items[0].esempio).toMatchObject({ type: dict.json.items[0].evento, data: expect.any(Object) });
    const list = await call(k.t.app, 'GET', '/api/webhooks/webhooks', admin);
    expect(list.json.items).toEqual([
      expect.objectContaining({
        id,
        url: k.rx.url(),
        stato: 'ATTIVO',
        eventi: ['report.completed', 'customer.created'],
        indizioSegreto: `${secret.slice(0, 10)}…`,
        creatoDa: expect.objectContaining({ id: c.user('admin').id }),
        conteggi: { inAttesa: 0, consegnati: 0, falliti: 0 },
      }),
    ]);
    expect(JSON.stringify(list.json)).not.toContain(secret.slice(10));
    expect((await call(k.t.app, 'GET', `${base}/secret`, admin)).json.segreto).toBe(secret);
    const rows = await k.t.deps.database.executeSql(`select row_to_json(w)::text as j from webhooks w where id = $1`, [
      id,
    ]);
    expect((rows.rows[0] as { j: string }).j).not.toContain(secret.slice(6));
    // Unknown events, a bad URL: 400; a technician: 403; the 21st endpoint: 409.
    const save = (body: object) => call(k.t.app, 'POST', '/api/webhooks/webhook', { ...admin, body });
    const unknown = await save({ url: k.rx.url(), eventi: ['report.exploded'] });
    expect(unknown.status).toBe(400);
    expect(unknown.json.fields).toEqual([expect.objectContaining({ path: 'eventi' })]);
    expect((await save({ url: 'ftp://example.com/x', eventi: ['report.completed'] })).status).toBe(400);
    expect((await save({ url: 'https://user:pw@example.com/x', eventi: ['report.completed'] })).status).toBe(400);
    expect((await save({ url: k.rx.url(), eventi: [WEBHOOK_TEST_EVENT] })).status).toBe(400);
    const tech = await c.login('tech');
    expect((await call(k.t.app, 'GET', '/api/webhooks/webhooks', tech)).status).toBe(403);
    for (let i = 1; i < 20; i++)
      expect((await save({ url: k.rx.url(`/h${i}`), eventi: ['report.closed'] })).status).toBe(200);
    const over = await save({ url: k.rx.url('/h21'), eventi: ['report.closed'] });
    expect(over.status).toBe(409);
    // An update keeps the secret and answers none; disabling is manual.
    const upd = await save({ id, url: k.rx.url('/nuovo'), eventi: ['customer.created'], attivo: false });
    expect(upd.status, JSON.stringify(upd.json)).toBe(200);
    expect(upd.json.segreto).toBeUndefined();
    expect(upd.json.item).toMatchObject({
      url: k.rx.url('/nuovo'),
      stato: 'DISABILITATO',
      motivoDisabilitazione: 'MANUALE',
    });
    expect((await call(k.t.app, 'GET', `${base}/secret`, admin)).json.segreto).toBe(secret);
    // Deleting takes the messages along.
    await call(k.t.app, 'POST', `${base}/test`, admin); // 409: disabled
    const del = await call(k.t.app, 'DELETE', base, admin);
    expect(del.status).toBe(200);
    expect((await call(k.t.app, 'GET', `${base}/secret`, admin)).status).toBe(404);
  });

  it('deliver each event once per subscribed endpoint, signed as Standard Webhooks says', async () => {
    const { c, admin, secret, base } = await setup();
    await emit(c.company.id);
    await emit(c.company.id, 'customer.created'); // not subscribed
    await settle();
    expect(k.rx.received).toHaveLength(1);
    const got = k.rx.received[0]!;
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['webhook-id']).toMatch(/^msg_[0-9A-Za-z]{24}$/);
    expect(got.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    const body = new Webhook(secret).verify(got.body, got.headers as Record<string, string>);
    expect(body).toEqual({
      type: 'report.completed',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: EVENTS['report.completed'].example,
    });
    // A tampered body or another secret does not verify.
    expect(() => new Webhook(secret).verify(got.body.replace('2450', '9999'), got.headers as never)).toThrow();
    expect(() =>
      new Webhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw').verify(got.body, got.headers as never),
    ).toThrow();
    const page = await messagesOf(admin, base);
    expect(page.items).toEqual([
      expect.objectContaining({
        id: got.headers['webhook-id'],
        evento: 'report.completed',
        stato: 'CONSEGNATO',
        tentativi: 1,
      }),
    ]);
    const d = await detail(admin, base, page.items[0].id);
    expect(d.payload).toEqual(body);
    expect(d.tentativiDettaglio).toEqual([
      expect.objectContaining({ status: 200, esito: 'OK', risposta: 'ok', latenzaMs: expect.any(Number) }),
    ]);
    // The dispatcher hands an event at least once: the same event twice adds no second message.
    const [ev] = (
      await k.t.deps.database.executeSql(
        `select id from outbox_events where azienda_id = $1 and tipo = 'report.completed'`,
        [c.company.id],
      )
    ).rows as { id: string }[];
    const ctx = companyContext(k.t.deps, await companyOf(k.t.deps.db, c.company.id), systemPrincipal('test', []));
    await ctx.transaction(async (tx) => {
      await webhooksFanout.handle(tx, {
        id: ev!.id,
        seq: '0',
        aziendaId: c.company.id,
        type: 'report.completed',
        version: 1,
        aggregateId: ev!.id,
        payload: EVENTS['report.completed'].example,
        createdAt: new Date(),
      } as never);
    });
    expect((await messagesOf(admin, base)).items).toHaveLength(1);
  });

  it('retry on the schedule with jitter, honour a longer Retry-After, and fail after the last attempt', async () => {
    const s = await setup();
    const { c, base } = s;
    let admin = s.admin;
    k.rx.answerAlways({ status: 500, body: 'x'.repeat(2000) });
    k.rx.answers.push({ status: 503, headers: { 'retry-after': '120' }, body: 'occupato' });
    await emit(c.company.id);
    await settle();
    let [m] = (await messagesOf(admin, base)).items;
    expect(m).toMatchObject({ stato: 'IN_ATTESA', tentativi: 1, ultimoStatus: 503 });
    // Retry-After 120 s is longer than the 5 s (±20 %) of the schedule: honoured.
    expect(new Date(m.prossimoTentativo).getTime() - clock.now().getTime()).toBe(120_000);
    for (let n = 2; n <= WEBHOOK_RETRY_DELAYS_MS.length; n++) {
      const before = clock.now().getTime();
      clock.set(new Date(m.prossimoTentativo));
      if (n > 2) {
        // Each wait is the schedule's, within ±20 %.
        const waited = clock.now().getTime() - before;
        const base = WEBHOOK_RETRY_DELAYS_MS[n - 1]!;
        expect(waited).toBeGreaterThanOrEqual(Math.floor(base * 0.8));
        expect(waited).toBeLessThanOrEqual(Math.ceil(base * 1.2));
      }
      await deliverNow();
      [m] = (await messagesOf(await c.login('admin'), base)).items;
      expect(m.tentativi).toBe(n);
    }
    expect(m).toMatchObject({ stato: 'FALLITO', prossimoTentativo: null, ultimoStatus: 500 });
    admin = await c.login('admin');
    const d = await detail(admin, base, m.id);
    expect(d.tentativiDettaglio).toHaveLength(WEBHOOK_RETRY_DELAYS_MS.length);
    expect(d.tentativiDettaglio[1].risposta).toHaveLength(500);
    expect(k.rx.received).toHaveLength(WEBHOOK_RETRY_DELAYS_MS.length);
    expect(new Set(k.rx.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([m.id]));
    // Still failing, not disabled (the 8 attempts take about 28 hours, not 5 days).
    const ep = (await call(k.t.app, 'GET', '/api/webhooks/webhooks', admin)).json.items[0];
    expect(ep).toMatchObject({
      stato: 'ATTIVO',
      falliscaDal: expect.any(String),
      conteggi: { inAttesa: 0, consegnati: 0, falliti: 1 },
    });
    // A redirect is not followed: a failure.
    k.rx.answers.push({ status: 302, headers: { location: 'http://169.254.169.254/' } });
    const test = await call(k.t.app, 'POST', `${base}/test`, admin);
    expect(test.status).toBe(200);
    await settle();
    const tm = await detail(admin, base, test.json.item.id);
    expect(tm.tentativiDettaglio[0]).toMatchObject({ status: 302, esito: 'ERRORE' });
    expect(tm.tentativiDettaglio[0].risposta).toContain('Reindirizzamento non seguito');
    // A success clears the failures.
    k.rx.answerAlways({ status: 204 });
    clock.set(new Date(new Date(tm.prossimoTentativo).getTime()));
    await deliverNow();
    expect((await detail(admin, base, tm.id)).stato).toBe('CONSEGNATO');
    expect((await call(k.t.app, 'GET', '/api/webhooks/webhooks', admin)).json.items[0].falliscaDal).toBeNull();
  });

  it('disable an endpoint on 410, and after 5 days of failures with a mail to the admins', async () => {
    const gone = await setup();
    k.rx.answerAlways({ status: 410, body: 'gone' });
    await emit(gone.c.company.id);
    await settle();
    const item = (await call(k.t.app, 'GET', '/api/webhooks/webhooks', gone.admin)).json.items[0];
    expect(item).toMatchObject({ stato: 'DISABILITATO', motivoDisabilitazione: 'GONE_410' });
    expect((await messagesOf(gone.admin, gone.base)).items[0]).toMatchObject({ stato: 'FALLITO', ultimoStatus: 410 });
    // Disabled: no new message, no test.
    await emit(gone.c.company.id);
    await settle();
    expect((await messagesOf(gone.admin, gone.base)).items).toHaveLength(1);
    expect((await call(k.t.app, 'POST', `${gone.base}/test`, gone.admin)).status).toBe(409);

    const { c, base } = await setup();
    k.rx.answerAlways({ status: 500, body: 'errore' });
    await emit(c.company.id);
    await settle();
    const list = async () =>
      (await call(k.t.app, 'GET', '/api/webhooks/webhooks', await c.login('admin'))).json.items[0];
    expect((await list()).falliscaDal).toBe(clock.now().toISOString());
    clock.advance(4 * 86_400_000);
    await call(k.t.app, 'POST', `${base}/test`, await c.login('admin'));
    await settle();
    expect((await list()).stato).toBe('ATTIVO');
    clock.advance(86_400_000);
    await call(k.t.app, 'POST', `${base}/test`, await c.login('admin'));
    await settle();
    const off = await list();
    expect(off).toMatchObject({ stato: 'DISABILITATO', motivoDisabilitazione: 'FALLIMENTI' });
    const mail = await k.t.smtp.waitFor(c.user('admin').email!);
    expect(mail.text).toContain(`il webhook verso ${k.rx.url()} =C3=A8 stato disattivato`.replace('=C3=A8', 'è'));
    expect(mail.text).toContain('da 5 giorni');
    expect(k.t.smtp.mails.some((m) => m.to.includes(c.user('tech').email!))).toBe(false);
    // Enabled again: its failures are forgotten.
    const on = await call(k.t.app, 'POST', '/api/webhooks/webhook', {
      ...(await c.login('admin')),
      body: { id: off.id, url: off.url, eventi: off.eventi, attivo: true },
    });
    expect(on.json.item).toMatchObject({ stato: 'ATTIVO', motivoDisabilitazione: null, falliscaDal: null });
  });

  it('replay one message with the same id, or every failed one since a time', async () => {
    const { c, admin, base, id } = await setup();
    await emit(c.company.id);
    await settle();
    const [m] = (await messagesOf(admin, base)).items;
    const replay = await call(k.t.app, 'POST', `${base}/messages/${m.id}/replay`, admin);
    expect(replay.status, JSON.stringify(replay.json)).toBe(200);
    await settle();
    expect(k.rx.received.map((r) => r.headers['webhook-id'])).toEqual([m.id, m.id]);
    expect(await detail(admin, base, m.id)).toMatchObject({ stato: 'CONSEGNATO', tentativi: 2 });
    // Two failed messages, one older than `dal`: only the newer is sent again.
    await emit(c.company.id);
    await emit(c.company.id);
    await settle();
    const [newer, older] = (await messagesOf(admin, base)).items;
    await k.t.deps.database.executeSql(
      `update webhook_messages set stato = 'FALLITO', prossimo_tentativo = null,
        created_at = case when id = $1 then $3::timestamptz - interval '2 days' else $3::timestamptz end
       where id in ($1, $2)`,
      [older.id, newer.id, clock.now().toISOString()],
    );
    k.rx.received.length = 0;
    const dal = new Date(clock.now().getTime() - 86_400_000).toISOString();
    const rf = await call(k.t.app, 'POST', `${base}/replay-failed`, { ...admin, body: { dal } });
    expect(rf.json).toEqual({ success: true, rimessi: 1 });
    await settle();
    expect(k.rx.received.map((r) => r.headers['webhook-id'])).toEqual([newer.id]);
    expect((await messagesOf(admin, base, '?stato=FALLITO')).items.map((x: { id: string }) => x.id)).toEqual([
      older.id,
    ]);
    // Paging: newest first, `prossima` for the next page.
    const p1 = await messagesOf(admin, base, '?limit=2');
    expect(p1.items).toHaveLength(2);
    const p2 = await messagesOf(admin, base, `?limit=2&prima=${p1.prossima}`);
    expect(p2.items.map((x: { id: string }) => x.id)).toEqual([m.id]);
    expect(p2.prossima).toBeNull();
    expect(id).toBeTruthy();
  });

  it('sign with both secrets for 24 hours after a rotation', async () => {
    const { admin, base, secret } = await setup();
    const rot = await call(k.t.app, 'POST', `${base}/rotate-secret`, admin);
    expect(rot.status).toBe(200);
    const fresh = rot.json.segreto as string;
    expect(fresh).not.toBe(secret);
    expect(new Date(rot.json.item.segretoPrecedenteFino).getTime()).toBe(clock.now().getTime() + 24 * 3_600_000);
    await call(k.t.app, 'POST', `${base}/test`, admin);
    await settle();
    const got = k.rx.received.at(-1)!;
    expect((got.headers['webhook-signature'] as string).split(' ')).toHaveLength(2);
    for (const s of [fresh, secret]) {
      expect(new Webhook(s).verify(got.body, got.headers as never)).toMatchObject({ type: WEBHOOK_TEST_EVENT });
    }
    expect((await call(k.t.app, 'GET', `${base}/secret`, admin)).json.segreto).toBe(fresh);
  });
});
