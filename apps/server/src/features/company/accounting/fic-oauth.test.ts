import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ficConnessioni, ficOauthStati } from '../../../platform/db/schema-accounting.js';
import { createCompany } from '../../../test/factories.js';
import { ficKit } from '../../../test/fic-kit.js';

const k = ficKit();
const row = async (aziendaId: string) =>
  (await k.kit.t.deps.db.select().from(ficConnessioni).where(eq(ficConnessioni.aziendaId, aziendaId)))[0];

describe('Fatture in Cloud OAuth', () => {
  it('connects through the consent page with a state checked once, keeps the tokens sealed, chooses a company', async () => {
    const c = await createCompany(k.kit.t);
    const admin = await c.login('admin');
    const before = await k.api(admin, 'GET', '/fattureincloud/oauth/check');
    expect(before.json).toMatchObject({ connected: false, configured: true, companies: [], company: null });

    const { code, state, init, html } = await k.consent(admin);
    const url = new URL(init.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${k.kit.fake.base}/oauth/authorize`);
    expect(url.searchParams.get('state')).toBe(state);
    expect(url.searchParams.get('redirect_uri')).toBe('http://app.test/oauth20/fattureincloud');
    // The scopes the export needs and no more.
    expect(url.searchParams.get('scope')!.split(' ').sort()).toEqual([
      'entity.clients:a',
      'issued_documents.delivery_notes:a',
      'issued_documents.invoices:a',
      'issued_documents.orders:a',
      'issued_documents.proformas:a',
      'issued_documents.work_reports:a',
      'settings:r',
    ]);
    expect(html).toContain('Autorizza');

    // A state the server did not hand out is refused, and the code is not spent.
    const wrong = await k.api(admin, 'POST', '/fattureincloud/oauth/login', { code, state: 'not-the-state' });
    expect([wrong.status, wrong.json.code]).toEqual([400, 'FIC_STATE']);
    const ok = await k.api(admin, 'POST', '/fattureincloud/oauth/login', { code, state });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    // The example user's companies, the accountant's own left out: several, so none is chosen yet.
    expect(ok.json.connected).toBe(true);
    expect(ok.json.company).toBeNull();
    const ids = ok.json.companies.map((x: { id: number }) => x.id);
    expect(ids).toContain(12347);
    expect(ids).not.toContain(12345);
    // Used once.
    const again = await k.api(admin, 'POST', '/fattureincloud/oauth/login', { code, state });
    expect(again.json.code).toBe('FIC_STATE');

    const stored = await row(c.company.id);
    const plainTokens = k.kit.fake.requests.filter((r) => r.token).map((r) => r.token!);
    expect(plainTokens.length).toBeGreaterThan(0);
    for (const t of plainTokens) {
      expect(stored!.accessToken).not.toContain(t);
      expect(stored!.refreshToken).not.toContain(t);
    }
    expect(stored!.accessToken).toMatch(/^v1:/);

    const notOffered = await k.api(admin, 'POST', '/fattureincloud/company', { id: 999 });
    expect([notOffered.status, notOffered.json.code]).toEqual([400, 'VALIDATION']);
    const chosen = await k.api(admin, 'POST', '/fattureincloud/company', { id: 12347 });
    expect(chosen.json.company).toMatchObject({ id: 12347, name: 'Mario Rossi SRL' });
    expect((await k.api(admin, 'GET', '/fattureincloud/oauth/check')).json.company.id).toBe(12347);
    expect(k.kit.fake.invalid).toEqual([]);
  });

  it('refreshes a token about to expire (the old one no longer works), and forgets everything on logout', async () => {
    const c = await createCompany(k.kit.t);
    const admin = await c.login('admin');
    await k.connect(admin);
    const first = await row(c.company.id);
    k.kit.fake.expireTokens();
    await k.kit.t.deps.db
      .update(ficConnessioni)
      .set({ scadeAt: new Date(Date.now() + 60_000) })
      .where(eq(ficConnessioni.aziendaId, c.company.id));
    const check = await k.api(admin, 'GET', '/fattureincloud/oauth/check');
    expect(check.status, JSON.stringify(check.json)).toBe(200);
    expect(check.json).toMatchObject({ connected: true, company: { id: 12347 } });
    const after = await row(c.company.id);
    expect(after!.refreshToken).not.toBe(first!.refreshToken);
    expect(after!.scadeAt.getTime()).toBeGreaterThan(Date.now() + 3_000_000);

    const out = await k.api(admin, 'DELETE', '/fattureincloud/oauth/logout');
    expect(out.json).toMatchObject({ connected: false, company: null });
    expect(await row(c.company.id)).toBeUndefined();
    expect((await k.api(admin, 'GET', '/fattureincloud/oauth/check')).json.connected).toBe(false);
    const choose = await k.api(admin, 'POST', '/fattureincloud/company', { id: 12347 });
    expect([choose.status, choose.json.code]).toEqual([409, 'FIC_NOT_CONNECTED']);
  });

  it("keeps each company's connection its own: another company cannot spend its state or see it; admins only", async () => {
    const a = await createCompany(k.kit.t);
    const b = await createCompany(k.kit.t);
    const adminA = await a.login('admin');
    const adminB = await b.login('admin');
    const { code, state } = await k.consent(adminA);
    const stolen = await k.api(adminB, 'POST', '/fattureincloud/oauth/login', { code, state });
    expect(stolen.json.code).toBe('FIC_STATE');
    expect(await row(b.company.id)).toBeUndefined();
    expect((await k.api(adminA, 'POST', '/fattureincloud/oauth/login', { code, state })).status).toBe(200);
    expect((await k.api(adminB, 'GET', '/fattureincloud/oauth/check')).json.connected).toBe(false);
    await k.api(adminB, 'DELETE', '/fattureincloud/oauth/logout');
    expect(await row(a.company.id)).toBeDefined();
    const tech = await a.login('tech');
    expect((await k.api(tech, 'GET', '/fattureincloud/oauth/check')).status).toBe(403);
  });

  it('keeps a pending state while another is handed out (two tabs), and refuses one past its 10 minutes', async () => {
    const c = await createCompany(k.kit.t);
    const admin = await c.login('admin');
    const first = await k.consent(admin);
    const second = await k.consent(admin);
    const login = { code: first.code, state: first.state };
    expect((await k.api(admin, 'POST', '/fattureincloud/oauth/login', login)).status).toBe(200);
    await k.kit.t.deps.db
      .update(ficOauthStati)
      .set({ scadeAt: new Date(Date.now() - 1000) })
      .where(eq(ficOauthStati.state, second.state));
    const late = await k.api(admin, 'POST', '/fattureincloud/oauth/login', { code: second.code, state: second.state });
    expect([late.status, late.json.code]).toEqual([400, 'FIC_STATE']);
  });

  it('answers FIC_NOT_CONFIGURED without a client id, and a refused code with FiC’s message', async () => {
    const c = await createCompany(k.kit.t);
    const admin = await c.login('admin');
    const config = k.kit.t.deps.config;
    const id = config.FIC_CLIENT_ID;
    config.FIC_CLIENT_ID = undefined;
    try {
      const r = await k.api(admin, 'GET', '/fattureincloud/oauth/init?redirectUri=http%3A%2F%2Fapp.test%2Fx');
      expect([r.status, r.json.code]).toEqual([409, 'FIC_NOT_CONFIGURED']);
      expect((await k.api(admin, 'GET', '/fattureincloud/oauth/check')).json.configured).toBe(false);
    } finally {
      config.FIC_CLIENT_ID = id;
    }
    const { state } = await k.consent(admin);
    const bad = await k.api(admin, 'POST', '/fattureincloud/oauth/login', { code: 'forged', state });
    expect([bad.status, bad.json.code]).toEqual([502, 'FIC_ERROR']);
    expect(bad.json.message).toContain('authorization code is invalid');
  });
});
