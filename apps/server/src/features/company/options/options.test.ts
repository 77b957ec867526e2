import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';

let t: TestApp;
let smtp: SMTPServer;
let smtpPort: number;
beforeAll(async () => {
  t = await startTestApp();
  // A real SMTP server that signs in one user, so the stored password is proven to open.
  smtp = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === 'mailer' && auth.password === 's3cret-Pa55') return cb(null, { user: 'mailer' });
      return cb(new Error('Invalid username or password'));
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((r) => smtp?.close(() => r()));
  await t?.close();
});

type Session = { token: string; deviceId: string };
const get = async (s: Session) => (await call(t.app, 'GET', '/api/options/options', s)).json.items as any[];
const find = (items: any[], category: string) => items.find((i) => i.category === category);
const child = (items: any[], category: string, sub: string) =>
  find(items, category).child_options.find((c: any) => c.subcategory === sub);
const confirm = (s: Session, items: { category: string; subcategory: string; value: string | null }[]) =>
  call(t.app, 'POST', '/api/options/options/confirm', { ...s, body: { items } });

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as AddressInfo).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('options', () => {
  it('answers every section with defaults; the SMTP category only to those who may read the options', async () => {
    const c = await createCompany(t);
    const items = await get(await c.login('admin'));
    for (const cat of [
      'lingua_default',
      'smtp',
      'integrazione_gestionale',
      'contratti_rinnovo_automatico',
      'timbrature',
      'suggerimenti_motivazione_intervento',
      'riapertura_rapportini_chiusi',
      'geolocalizzazione',
      'trasferte',
      'livelli_macchinari',
    ]) {
      expect(find(items, cat), cat).toBeDefined();
    }
    expect(find(items, 'lingua_default')).toMatchObject({ subcategory: 'value', value: 'IT', abilitazione: true });
    expect(find(items, 'suggerimenti_motivazione_intervento')).toMatchObject({ subcategory: 'enabled', value: '0' });
    expect(child(items, 'timbrature', 'tolleranza_minuti').value).toBe('10');
    expect(child(items, 'timbrature', 'arrotondamento_minuti').value).toBe('15');
    expect(child(items, 'geolocalizzazione', 'validita_minuti').value).toBe('15');
    expect(find(items, 'geolocalizzazione').abilitazione).toBe(false);
    expect(child(items, 'smtp', 'password')).toMatchObject({ value: null, is_set: false });

    const tech = await get(await c.login('tech'));
    expect(find(tech, 'smtp')).toBeUndefined();
    expect(find(tech, 'timbrature')).toBeDefined();
  });

  it('validates every value against its type, naming the item', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    const r = await confirm(s, [
      { category: 'timbrature', subcategory: 'tolleranza_minuti', value: '121' },
      { category: 'timbrature', subcategory: 'arrotondamento_minuti', value: '7' },
      { category: 'suggerimenti_motivazione_intervento', subcategory: 'enabled', value: '2' },
      { category: 'smtp', subcategory: 'sender', value: 'not-an-email' },
      { category: 'nessuna', subcategory: 'enabled', value: '1' },
      { category: 'trasferte', subcategory: 'importo_giornaliero', value: '12,345' },
      { category: 'lingua_default', subcategory: 'value', value: 'XX' },
    ]);
    expect([r.status, r.json.code]).toEqual([400, 'VALIDATION']);
    expect(r.json.fields.map((f: any) => f.path)).toEqual([
      'items.0.value',
      'items.1.value',
      'items.2.value',
      'items.3.value',
      'items.4',
      'items.5.value',
      'items.6.value',
    ]);
    // nothing was saved
    expect(child(await get(s), 'timbrature', 'tolleranza_minuti').value).toBe('10');
    const smtpOn = await confirm(s, [{ category: 'smtp', subcategory: 'enabled', value: '1' }]);
    expect(smtpOn.json.fields.map((f: any) => f.path)).toEqual(['smtp.host', 'smtp.sender']);
  });

  it("saves values; the default language is the company's; technicians may not save", async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    const r = await confirm(s, [
      { category: 'timbrature', subcategory: 'tolleranza_minuti', value: '5' },
      { category: 'timbrature', subcategory: 'arrotondamento_minuti', value: '30' },
      { category: 'suggerimenti_motivazione_intervento', subcategory: 'enabled', value: '1' },
      { category: 'lingua_default', subcategory: 'value', value: 'EN' },
      { category: 'livelli_macchinari', subcategory: 'livello_3', value: ' Componente ' },
    ]);
    expect(r.status).toBe(200);
    expect(child(r.json.items, 'timbrature', 'tolleranza_minuti').value).toBe('5');
    const items = await get(s);
    expect(child(items, 'timbrature', 'arrotondamento_minuti').value).toBe('30');
    expect(child(items, 'livelli_macchinari', 'livello_3').value).toBe('Componente');
    expect(find(items, 'suggerimenti_motivazione_intervento').value).toBe('1');
    expect(find(items, 'lingua_default').value).toBe('EN');
    expect((await call(t.app, 'GET', '/api/aziende/azienda', s)).json.item.lingua_default).toBe('EN');

    const tech = await c.login('tech');
    const refused = await confirm(tech, [{ category: 'timbrature', subcategory: 'tolleranza_minuti', value: '1' }]);
    expect([refused.status, refused.json.code]).toEqual([403, 'FORBIDDEN']);
    expect((await call(t.app, 'GET', '/api/mail/test-smtp', tech)).status).toBe(403);
  });

  it('keeps the SMTP password encrypted and never answers it', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    const password = 'n0t-in-any-answer!';
    const r = await confirm(s, [
      { category: 'smtp', subcategory: 'host', value: 'smtp.example.test' },
      { category: 'smtp', subcategory: 'password', value: password },
    ]);
    expect(r.status).toBe(200);
    expect(r.raw.body).not.toContain(password);
    const again = await call(t.app, 'GET', '/api/options/options', s);
    expect(again.raw.body).not.toContain(password);
    expect(child(again.json.items, 'smtp', 'password')).toMatchObject({ value: null, is_set: true });
    const stored = await t.deps.database.executeSql(
      `select value from opzioni_azienda where azienda_id = $1 and category = 'smtp' and subcategory = 'password'`,
      [c.company.id],
    );
    const value = (stored.rows[0] as { value: string }).value;
    expect(value).toMatch(/^v1:/);
    expect(value).not.toContain(password);
    expect(Buffer.from(value.split(':')[3]!, 'base64').toString('utf8')).not.toContain(password);
    // null keeps it, "" removes it
    await confirm(s, [{ category: 'smtp', subcategory: 'password', value: null }]);
    expect(child(await get(s), 'smtp', 'password').is_set).toBe(true);
    await confirm(s, [{ category: 'smtp', subcategory: 'password', value: '' }]);
    expect(child(await get(s), 'smtp', 'password').is_set).toBe(false);
  });

  it("test-smtp signs in to the saved server, and shows the server's error on failure", async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    const none = await call(t.app, 'GET', '/api/mail/test-smtp', s);
    expect([none.status, none.json.code]).toEqual([502, 'SMTP_FAILED']);

    const save = (items: [string, string][]) =>
      confirm(
        s,
        items.map(([sub, value]) => ({ category: 'smtp', subcategory: sub, value })),
      );
    expect(
      (
        await save([
          ['host', '127.0.0.1'],
          ['port', String(smtpPort)],
          ['security', 'none'],
          ['user', 'mailer'],
          ['password', 's3cret-Pa55'],
          ['sender', 'officina@example.test'],
          ['enabled', '1'],
        ])
      ).status,
    ).toBe(200);
    const ok = await call(t.app, 'GET', '/api/mail/test-smtp', s);
    expect([ok.status, ok.json]).toEqual([200, { success: true }]);

    await save([['password', 'wrong']]);
    const denied = await call(t.app, 'GET', '/api/mail/test-smtp', s);
    expect([denied.status, denied.json.code]).toEqual([502, 'SMTP_FAILED']);
    expect(denied.json.message).toContain('Invalid username or password');

    const closed = await freePort();
    await save([['port', String(closed)]]);
    const refused = await call(t.app, 'GET', '/api/mail/test-smtp', s);
    expect([refused.status, refused.json.code]).toEqual([502, 'SMTP_FAILED']);
    expect(refused.json.message).toMatch(/ECONNREFUSED/);
  });

  it('paid options: only administrators change them, and switch them on only once bought', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const geo = [{ category: 'geolocalizzazione', subcategory: 'enabled', value: '1' }];
    const notBought = await confirm(admin, geo);
    expect([notBought.status, notBought.json.code]).toEqual([403, 'FORBIDDEN']);
    await t.deps.database.executeSql(
      `insert into subscription_items (azienda_id, type, quantity) values ($1, 'option:geolocalizzazione', 1)`,
      [c.company.id],
    );
    const bought = await confirm(admin, [
      ...geo,
      { category: 'geolocalizzazione', subcategory: 'validita_minuti', value: '30' },
    ]);
    expect(bought.status).toBe(200);
    expect(find(bought.json.items, 'geolocalizzazione')).toMatchObject({ value: '1', abilitazione: true });
    expect(child(bought.json.items, 'geolocalizzazione', 'validita_minuti').value).toBe('30');
  });
});
