import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { eventsOf, failCommitOn } from '../../../test/outbox.js';
import { day, reportCompany } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ MAIL_RETRY_DELAY_SEC: '0' });
});
afterAll(() => t?.close());

/** A 1x1 grey PNG. */
function png(): string {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8;
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 128]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return bytes.toString('base64');
}

describe('report events in the outbox', () => {
  it('report.created for the office, the technician and a visit; not for a save of an existing report', async () => {
    const x = await reportCompany(t);
    const az = x.c.company.id;
    const office = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      tecnici_ids: [x.techId],
      data_apertura: '2026-11-20',
    });
    expect(office.status, JSON.stringify(office.json)).toBe(200);
    const mine = await x.post(x.tech, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      tecnici_ids: [x.techId],
      giornate: [day(x.techId, '2026-11-21')],
    });
    expect(mine.status, JSON.stringify(mine.json)).toBe(200);
    const edit = await x.post(x.admin, '/rapportini/rapportino/admin/update', {
      id: office.json.item.id,
      cliente_id: x.clienteId,
      note: 'modificato',
    });
    expect(edit.status, JSON.stringify(edit.json)).toBe(200);
    const visit = await x.post(x.admin, '/schedule/appointment', {
      titolo: 'Visita',
      cliente_id: x.clienteId,
      tecnici_ids: [x.techId],
      inizio: '2026-11-25T08:00:00.000Z',
      fine: '2026-11-25T10:00:00.000Z',
      conferma: true,
    });
    expect(visit.status, JSON.stringify(visit.json)).toBe(200);
    const fromVisit = await x.post(x.tech, `/schedule/appointment/${visit.json.item.id}/rapportino`, {});
    expect(fromVisit.status, JSON.stringify(fromVisit.json)).toBe(200);

    const created = await eventsOf(t, az, 'report.created');
    expect(created.map((e) => e.aggregate_id)).toEqual([
      office.json.item.id,
      mine.json.item.id,
      fromVisit.json.item.id,
    ]);
    expect(created[0]).toMatchObject({
      azienda_id: az,
      payload: {
        id: office.json.item.id,
        numero_assistenza: office.json.item.numero_assistenza,
        cliente_id: x.clienteId,
        data_apertura: '2026-11-20',
      },
    });
  });

  it('a creation whose commit fails writes no report.created', async () => {
    const x = await reportCompany(t);
    await failCommitOn(t, 'rapportini', 'note', 'ROLLBACK-EVENTS-TEST');
    const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      note: 'ROLLBACK-EVENTS-TEST',
    });
    expect(r.status).toBe(500);
    const left = await t.deps.database.executeSql('select count(*)::int as n from rapportini where azienda_id = $1', [
      x.c.company.id,
    ]);
    expect(left.rows[0].n).toBe(0);
    expect(await eventsOf(t, x.c.company.id, 'report.*')).toEqual([]);
  });

  it('report.sent with the recipients when the PDF mail is recorded sent; report.signed with the signer', async () => {
    const x = await reportCompany(t);
    const az = x.c.company.id;
    const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      tecnici_ids: [x.techId],
      giornate: [day(x.techId, '2026-11-20')],
    });
    const id = r.json.item.id as string;
    const signed = await x.post(x.tech, '/rapportini/rapportino/firma', { id, firmatario: 'Anna Bianchi', png: png() });
    expect(signed.status, JSON.stringify(signed.json)).toBe(200);
    const [sig] = await eventsOf(t, az, 'report.signed');
    expect(sig).toMatchObject({
      aggregate_id: id,
      payload: {
        id,
        cliente_id: x.clienteId,
        firmatario: 'Anna Bianchi',
        firmato_at: signed.json.item.firma.firmato_il,
      },
    });

    const to = ['amministrazione@cliente.example.test', 'ufficio@cliente.example.test'];
    const sent = await x.post(x.admin, '/rapportini/rapportino/invio', { id, destinatari: to });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    // Queued is not sent: the event comes with the job's record of the sending.
    let events = await eventsOf(t, az, 'report.sent');
    for (let i = 0; i < 150 && !events.length; i++) {
      await new Promise((w) => setTimeout(w, 200));
      events = await eventsOf(t, az, 'report.sent');
    }
    const log = await x.get(x.admin, `/mail/logs/rapportino/${id}`);
    expect(log.json.items[0].stato).toBe('inviato');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      aggregate_id: id,
      payload: {
        id,
        numero_assistenza: r.json.item.numero_assistenza,
        cliente_id: x.clienteId,
        destinatari: to,
        inviato_at: log.json.items[0].inviato_il,
      },
    });
  });
});
