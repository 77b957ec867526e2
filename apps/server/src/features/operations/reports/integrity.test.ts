import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSignaturePng } from '../../../demo/signature-png.js';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { drainJobs } from '../../../test/jobs.js';
import { NO_SMTP_REASON } from '../../company/mail/service.js';
import { day, reportCompany, type S } from './test-helpers.js';

/**
 * Issue 24's integrity: the customer's signature locks when the report closes (reopening says whether to clear
 * it); a mail with no SMTP server is non_inviato with the reason, never inviato; the sender's subject and
 * message; a signing link awaited on the report and in the log; the signing page names the company.
 */

let t: TestApp;
let noSmtp: TestApp;
beforeAll(async () => {
  t = await startTestApp({ MAIL_RETRY_DELAY_SEC: '0' });
  noSmtp = await startTestApp({ SMTP_HOST: '', MAIL_RETRY_DELAY_SEC: '0' });
});
afterAll(async () => {
  await t?.close();
  await noSmtp?.close();
});

const png = (i = 1) => `data:image/png;base64,${demoSignaturePng(i).toString('base64')}`;
const tag = () => Math.random().toString(36).slice(2, 8);

async function setup(app: TestApp) {
  const x = await reportCompany(app);
  const email = `cliente.${tag()}@example.test`;
  const c = await x.post(x.admin, '/clienti/cliente', { ragione_sociale: `Cliente ${tag()} S.r.l.`, email });
  const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
    cliente_id: c.json.item.id,
    tecnici_ids: [x.techId],
    giornate: [day(x.techId, '2026-11-20')],
  });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  const id = r.json.item.id as string;
  return {
    ...x,
    id,
    email,
    sign: (s: S, i = 1) => x.post(s, '/rapportini/rapportino/firma', { id, firmatario: 'Anna Bianchi', png: png(i) }),
    unsign: (s: S) => call(app.app, 'DELETE', `/api/rapportini/rapportino/firma/${id}`, s),
    close: (body: Record<string, unknown> = {}) => x.post(x.admin, '/rapportini/rapportino/chiusura', { id, ...body }),
    report: async () => (await x.get(x.admin, `/rapportini/rapportini/admin/${id}`)).json.item,
    log: async () => (await x.get(x.admin, `/mail/logs/rapportino/${id}`)).json.items as Record<string, any>[],
  };
}

describe("the customer's signature locks when the report closes", () => {
  it('refuses to replace or clear it once closed; reopening keeps it or clears it as asked', async () => {
    const x = await setup(t);
    expect((await x.sign(x.tech)).status).toBe(200);
    // Open: signed again and cleared freely.
    expect((await x.sign(x.tech, 2)).status).toBe(200);
    expect((await x.close()).status).toBe(200);
    expect((await x.report()).firmabile).toBe(false);
    for (const refused of [await x.sign(x.tech, 3), await x.sign(x.admin, 3), await x.unsign(x.admin)]) {
      expect(refused.status).toBe(409);
      expect(refused.json.code).toBe('SIGNATURE_LOCKED');
    }
    const link = await x.post(x.admin, '/rapportini/rapportino/firma/link', { id: x.id, email: x.email });
    expect(link.json.code).toBe('SIGNATURE_LOCKED');
    const signed = (await x.report()).firma;
    expect(signed).toMatchObject({ firmatario: 'Anna Bianchi' });
    // Reopening needs the option, and says what becomes of the signature.
    const noOption = await x.close({ azione: 'riapri', cancella_firma: false });
    expect([noOption.status, noOption.json.code]).toEqual([409, 'REPORT_NOT_EDITABLE']);
    await x.setOptions([{ category: 'riapertura_rapportini_chiusi', subcategory: 'enabled', value: '1' }]);
    const unsaid = await x.close({ azione: 'riapri' });
    expect([unsaid.status, unsaid.json.fields?.[0]?.path]).toEqual([400, 'cancella_firma']);
    const kept = await x.close({ azione: 'riapri', cancella_firma: false });
    expect(kept.status, JSON.stringify(kept.json)).toBe(200);
    expect(kept.json.item).toMatchObject({ stato: 'APERTO', data_chiusura: null, firma: signed, firmabile: true });
    expect((await x.close({ azione: 'riapri', cancella_firma: false })).json.code).toBe('REPORT_NOT_CLOSED');
    expect((await x.close()).status).toBe(200);
    const cleared = await x.close({ azione: 'riapri', cancella_firma: true });
    expect(cleared.json.item).toMatchObject({ stato: 'APERTO', firma: null });
    const file = await t.deps.database.executeSql('select count(*)::int as n from media where id = $1', [
      signed.media_id,
    ]);
    expect((file.rows[0] as { n: number }).n).toBe(0);
    // Closed without a signature, the customer may still sign once; then it is locked.
    expect((await x.close()).status).toBe(200);
    expect((await x.report()).firmabile).toBe(true);
    expect((await x.sign(x.tech, 4)).status).toBe(200);
    expect((await x.sign(x.tech, 5)).json.code).toBe('SIGNATURE_LOCKED');
  });
});

describe('mail states', () => {
  it('with no SMTP server the sending is non_inviato with the reason, and the report is not sent', async () => {
    const x = await setup(noSmtp);
    const sent = await x.post(x.admin, '/rapportini/rapportino/invio', { id: x.id, destinatari: [x.email] });
    expect(sent.json.item.stato).toBe('in_coda');
    await drainJobs(noSmtp);
    const [entry] = await x.log();
    expect(entry).toMatchObject({ tipo: 'rapportino', stato: 'non_inviato', errore: NO_SMTP_REASON, inviato_il: null });
    expect((await x.report()).inviato).toBe(false);
    // The signing link too: not sent, so not awaited.
    const link = await x.post(x.admin, '/rapportini/rapportino/firma/link', { id: x.id, email: x.email });
    expect(link.status, JSON.stringify(link.json)).toBe(200);
    await drainJobs(noSmtp);
    const [linkEntry] = await x.log();
    expect(linkEntry).toMatchObject({ tipo: 'link_firma', stato: 'non_inviato', in_attesa_firma: false });
    expect((await x.report()).attesa_firma).toBeNull();
  });

  it("sends the office's subject and message; a signing link is awaited until the customer signs", async () => {
    const x = await setup(t);
    const sent = await x.post(x.admin, '/rapportini/rapportino/invio', {
      id: x.id,
      destinatari: [x.email],
      oggetto: 'Il vostro intervento di oggi',
      messaggio: 'Buongiorno,\nin allegato il rapporto firmato.\nMario',
    });
    expect(sent.json.item).toMatchObject({ oggetto: 'Il vostro intervento di oggi', tipo: 'rapportino' });
    const mail = await t.smtp.waitFor(x.email);
    expect(mail.raw).toContain('Il vostro intervento di oggi');
    expect(mail.text).toContain('in allegato il rapporto firmato.');
    await drainJobs(t);
    expect((await x.log())[0]).toMatchObject({ stato: 'inviato', errore: null });
    expect((await x.report()).inviato).toBe(true);

    const email2 = `firma.${tag()}@example.test`;
    expect((await x.post(x.admin, '/rapportini/rapportino/firma/link', { id: x.id, email: email2 })).status).toBe(200);
    const linkMail = await t.smtp.waitFor(email2);
    const token = /\/firma\/([A-Za-z0-9_-]+)/.exec(linkMail.text)![1]!;
    await drainJobs(t);
    const [linkEntry] = await x.log();
    expect(linkEntry).toMatchObject({
      tipo: 'link_firma',
      stato: 'inviato',
      in_attesa_firma: true,
      destinatari: [email2],
    });
    expect((await x.report()).attesa_firma).toMatchObject({ stato: 'in_attesa_firma', email: email2 });
    // The page names the company that asks, with its contacts.
    await t.deps.database.executeSql(
      `update aziende set indirizzo = 'Via Roma 1', cap = '47121', citta = 'Forlì', telefono = '0543 000111',
         mail_principale = 'ufficio@example.test' where id = $1`,
      [x.c.company.id],
    );
    const page = await call(t.app, 'GET', `/api/public/firma/${token}`);
    expect(page.json.item.azienda).toBe(x.c.company.ragioneSociale);
    expect(page.json.item.azienda_contatti).toEqual({
      indirizzo: 'Via Roma 1, 47121 Forlì',
      telefono: '0543 000111',
      email: 'ufficio@example.test',
    });
    const signed = await call(t.app, 'POST', `/api/public/firma/${token}`, {
      body: { firmatario: 'Carla Neri', png: png(7) },
    });
    expect(signed.status, JSON.stringify(signed.json)).toBe(200);
    expect((await x.report()).attesa_firma).toBeNull();
    expect((await x.log()).every((e) => !e.in_attesa_firma)).toBe(true);
  });
});
