import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';
import { drainJobs } from '../../../test/jobs.js';
import type { ReceivedMail } from '../../../test/smtp.js';
import { reportMailJob } from './report-mail.js';
import { day, reportCompany, type S } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  // Retries at once: a failing sending reaches errore in a few seconds.
  t = await startTestApp({ MAIL_RETRY_DELAY_SEC: '0' });
});
afterAll(() => t?.close());

const tag = () => Math.random().toString(36).slice(2, 8);

async function setup() {
  const x = await reportCompany(t);
  const email = `cliente.${tag()}@example.test`;
  const c = await x.post(x.admin, '/clienti/cliente', { ragione_sociale: `Cliente ${tag()} S.r.l.`, email });
  expect(c.status, JSON.stringify(c.json)).toBe(200);
  const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
    cliente_id: c.json.item.id,
    richiesta_iniziale: 'Caldaia in blocco',
    tecnici_ids: [x.techId],
    giornate: [day(x.techId, '2026-11-20')],
  });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  const id = r.json.item.id as string;
  const send = (s: S, destinatari: unknown) => x.post(s, '/rapportini/rapportino/invio', { id, destinatari });
  const log = (s: S) => x.get(s, `/mail/logs/rapportino/${id}`);
  /** Waits until the newest entry is no longer in_coda. */
  const settled = async () => {
    for (let i = 0; i < 150; i++) {
      const l = await log(x.admin);
      if (l.json.items[0]?.stato !== 'in_coda') return l.json.items[0];
      await new Promise((w) => setTimeout(w, 200));
    }
    throw new Error('mail still in_coda');
  };
  return { ...x, id, email, numero: r.json.item.numero_assistenza as string, send, log, settled };
}

/** A header's value with its RFC 2047 encoded words decoded. */
function header(mail: ReceivedMail, name: string): string {
  const [head] = mail.raw.split(/\r?\n\r?\n/);
  const m = new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head!);
  if (!m) return '';
  return m[1]!
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_a, enc: string, v: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(v, 'base64').toString('utf8')
        : Buffer.from(
            v.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_b, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** The bytes of the mail's application/pdf part, and its file name. */
function pdfPart(mail: ReceivedMail): { filename: string; bytes: Buffer } {
  const part = mail.raw.split(/\r?\n--/).find((p) => /content-type: application\/pdf/i.test(p));
  if (!part) throw new Error('no PDF attachment');
  const [head, ...body] = part.split(/\r?\n\r?\n/);
  const filename = /filename="?([^"\r\n;]+)"?/i.exec(head!)?.[1] ?? '';
  return { filename, bytes: Buffer.from(body.join('').replace(/\s+/g, ''), 'base64') };
}

const closedPort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

describe('mailing the report to the customer', () => {
  it('sends the PDF to the recipients, logs it inviato and marks the report inviato', async () => {
    const x = await setup();
    const other = `ufficio.${tag()}@example.test`;
    const queued = await x.send(x.admin, [x.email, `  ${other.toUpperCase()} `]);
    expect(queued.status, JSON.stringify(queued.json)).toBe(200);
    const subject = `Rapporto di intervento N. ${x.numero} – ${x.c.company.ragioneSociale}`;
    expect(queued.json.item).toMatchObject({ stato: 'in_coda', destinatari: [x.email, other], oggetto: subject });

    const mail = await t.smtp.waitFor(x.email);
    expect(mail.to.sort()).toEqual([x.email, other].sort());
    expect(header(mail, 'Subject')).toBe(subject);
    const { filename, bytes } = pdfPart(mail);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/rapportini/rapportino/${x.id}/pdf`,
      headers: { authorization: `Bearer ${x.admin.token}`, 'device-id': x.admin.deviceId },
    });
    expect(pdf.statusCode).toBe(200);
    expect(bytes.equals(pdf.rawPayload)).toBe(true);
    expect(pdf.headers['content-disposition']).toContain(encodeURIComponent(filename).slice(0, 10));

    const entry = await x.settled();
    expect(entry).toMatchObject({ stato: 'inviato', errore: null, tentativi: 1, destinatari: [x.email, other] });
    expect(Date.parse(entry.inviato_il)).toBeGreaterThan(0);
    const report = await x.get(x.admin, `/rapportini/rapportini/admin/${x.id}`);
    expect(report.json.item.inviato).toBe(true);
    // The same job again (a retry after a lost acknowledgement): the row is inviato, nothing is sent twice.
    await reportMailJob.run(t.deps, { aziendaId: x.c.company.id, logId: entry.id });
    await drainJobs(t, { queues: [reportMailJob.queue] });
    expect(t.smtp.mails.filter((m) => m.to.includes(x.email))).toHaveLength(1);
    expect((await x.log(x.admin)).json.items[0]).toMatchObject({ stato: 'inviato', tentativi: 1 });
    // The technician assigned to the report reads the log too.
    expect((await x.log(x.tech)).json.items).toHaveLength(1);
  });

  it("goes through the company's own SMTP server when its option is on, from its sender", async () => {
    const x = await setup();
    const sender = `officina.${tag()}@example.test`;
    const set = await x.setOptions([
      { category: 'smtp', subcategory: 'enabled', value: '1' },
      { category: 'smtp', subcategory: 'host', value: '127.0.0.1' },
      { category: 'smtp', subcategory: 'port', value: String(t.smtp.port) },
      { category: 'smtp', subcategory: 'security', value: 'none' },
      { category: 'smtp', subcategory: 'sender', value: sender },
    ]);
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    expect((await x.send(x.admin, [x.email])).status).toBe(200);
    const mail = await t.smtp.waitFor(x.email);
    expect(header(mail, 'From')).toContain(sender);
    expect((await x.settled()).stato).toBe('inviato');
  });

  it('records the SMTP error after the retries (errore), the report not inviato', async () => {
    const x = await setup();
    await x.setOptions([
      { category: 'smtp', subcategory: 'enabled', value: '1' },
      { category: 'smtp', subcategory: 'host', value: '127.0.0.1' },
      { category: 'smtp', subcategory: 'port', value: String(await closedPort()) },
      { category: 'smtp', subcategory: 'security', value: 'none' },
      { category: 'smtp', subcategory: 'sender', value: `officina.${tag()}@example.test` },
    ]);
    expect((await x.send(x.admin, [x.email])).status).toBe(200);
    const entry = await x.settled();
    expect(entry).toMatchObject({ stato: 'errore', tentativi: 4, inviato_il: null });
    expect(entry.errore).toMatch(/ECONNREFUSED|connect/i);
    expect((await x.get(x.admin, `/rapportini/rapportini/admin/${x.id}`)).json.item.inviato).toBe(false);
    expect(t.smtp.mails.some((m) => m.to.includes(x.email))).toBe(false);
  }, 60_000);

  it('validates the recipients; another company gets 404', async () => {
    const x = await setup();
    for (const bad of [
      [],
      ['non-una-mail'],
      [x.email, x.email.toUpperCase()],
      Array.from({ length: 11 }, (_, i) => `a${i}@b.test`),
    ]) {
      const r = await x.send(x.admin, bad);
      expect([r.status, r.json.code], JSON.stringify(bad)).toEqual([400, 'VALIDATION']);
    }
    const other = await createCompany(t);
    const s = await other.login('admin');
    const sent = await call(t.app, 'POST', '/api/rapportini/rapportino/invio', {
      ...s,
      body: { id: x.id, destinatari: ['x@example.test'] },
    });
    expect(sent.status).toBe(404);
    expect((await call(t.app, 'GET', `/api/mail/logs/rapportino/${x.id}`, s)).status).toBe(404);
    expect((await x.log(x.admin)).json.items).toEqual([]);
  });
});

describe("the company's hourly allowance of mail recipients (issue 22)", () => {
  it('counts reports and signing links together, all or nothing, per company; 429 with Retry-After past it', async () => {
    const config = t.deps.config as { MAIL_RECIPIENTS_PER_HOUR: number };
    const before = config.MAIL_RECIPIENTS_PER_HOUR;
    config.MAIL_RECIPIENTS_PER_HOUR = 12;
    try {
      const x = await setup();
      const addresses = (n: number, p = tag()) => Array.from({ length: n }, (_, i) => `r${i}.${p}@example.test`);
      expect((await x.send(x.admin, addresses(10))).status).toBe(200);

      // 3 more do not fit in the 2 left: refused whole, nothing queued, the answer says what is left and when.
      const over = await x.send(x.admin, addresses(3));
      expect([over.status, over.json.code]).toEqual([429, 'MAIL_LIMIT_REACHED']);
      const retry = Number(over.headers['retry-after']);
      expect(retry).toBeGreaterThan(3500);
      expect(retry).toBeLessThanOrEqual(3600);
      expect(over.json.message).toBe(
        "Limite di invii: la tua azienda può inviare rapportini e link di firma a 12 destinatari all'ora e in " +
          "quest'ora ne restano 2. Togli dei destinatari o riprova tra 60 minuti.",
      );
      expect((await x.log(x.admin)).json.items).toHaveLength(1);

      // The 2 left fit exactly; then a signing link (1 recipient) is refused too.
      expect((await x.send(x.admin, addresses(2))).status).toBe(200);
      const link = await x.post(x.admin, '/rapportini/rapportino/firma/link', { id: x.id });
      expect([link.status, link.json.code]).toEqual([429, 'MAIL_LIMIT_REACHED']);
      expect(link.json.message).toMatch(
        /^Limite di invii raggiunto: .* a 12 destinatari all'ora\. Riprova tra \d+ minuti\.$/,
      );
      expect(link.headers['retry-after']).toBeDefined();

      // Another company has its own allowance.
      const y = await setup();
      expect((await y.send(y.admin, addresses(10))).status).toBe(200);

      // An hour later the window starts again.
      await t.deps.database.executeSql(
        `update rate_limits set window_started_at = window_started_at - interval '1 hour' where key = $1`,
        [`mail-recipients-company|${x.c.company.id}`],
      );
      expect((await x.post(x.admin, '/rapportini/rapportino/firma/link', { id: x.id })).status).toBe(200);
    } finally {
      config.MAIL_RECIPIENTS_PER_HOUR = before;
    }
  });

  it('concurrent sendings cannot together take more than the allowance', async () => {
    const config = t.deps.config as { MAIL_RECIPIENTS_PER_HOUR: number };
    const before = config.MAIL_RECIPIENTS_PER_HOUR;
    config.MAIL_RECIPIENTS_PER_HOUR = 12;
    try {
      const x = await setup();
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          x.send(x.admin, [`a${i}@example.test`, `b${i}@example.test`, `c${i}@example.test`]),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 429, 429]);
      expect((await x.log(x.admin)).json.items).toHaveLength(4);
    } finally {
      config.MAIL_RECIPIENTS_PER_HOUR = before;
    }
  });
});
