import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.js';
import { aziende } from '../../../platform/db/schema.js';
import { rapportini } from '../../../platform/db/schema-contracts.js';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { reportCompany } from './test-helpers.js';

/**
 * Days are cut in the company's time zone (decision 0038). At 20:00Z on 23 November it is 21:00 on
 * the 23rd in Rome and already 05:00 on the 24th in Tokyo: the same instants fall on different days.
 */
let t: TestApp;
const clock = fixedClock('2026-11-23T20:00:00Z');
beforeAll(async () => {
  t = await startTestApp({}, { clock });
});
afterAll(() => t?.close());

async function companyIn(timezone: string) {
  const x = await reportCompany(t);
  await t.deps.db.update(aziende).set({ timezone }).where(eq(aziende.id, x.c.company.id));
  const mk = async (over: Record<string, unknown>) => {
    const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      tecnici_ids: [x.techId],
      ...over,
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return r.json.item as { id: string; data_apertura: string };
  };
  const todos = async () =>
    ((await x.get(x.tech, '/rapportini/rapportini/todos?quando=oggi')).json.items as { id: string }[]).map((i) => i.id);
  return { ...x, mk, todos };
}

describe("the company's time zone cuts the days of reports", () => {
  it("opens a new report on the company's today and lists today's appointments by its calendar", async () => {
    const rome = await companyIn('Europe/Rome');
    const tokyo = await companyIn('Asia/Tokyo');
    // No opening date given: today where the company is.
    expect((await rome.mk({})).data_apertura).toBe('2026-11-23');
    expect((await tokyo.mk({})).data_apertura).toBe('2026-11-24');
    // 14:00Z is 15:00 on the 23rd in Rome (today), 23:00 on the 23rd in Tokyo (yesterday there);
    // 16:00Z is 01:00 on the 24th in Tokyo (today).
    const opened = { data_apertura: '2026-11-01' };
    const romeAt14 = await rome.mk({ ...opened, data_appuntamento: '2026-11-23T14:00:00Z' });
    const tokyoAt14 = await tokyo.mk({ ...opened, data_appuntamento: '2026-11-23T14:00:00Z' });
    const tokyoAt16 = await tokyo.mk({ ...opened, data_appuntamento: '2026-11-23T16:00:00Z' });
    const romeToday = await rome.todos();
    const tokyoToday = await tokyo.todos();
    expect(romeToday).toContain(romeAt14.id);
    expect(tokyoToday).not.toContain(tokyoAt14.id);
    expect(tokyoToday).toContain(tokyoAt16.id);
  });

  it("writes a closing instant as the company's day in CSV and XLSX, whatever the server's zone", async () => {
    const ny = await companyIn('America/New_York');
    const r = await ny.mk({ data_apertura: '2026-11-20' });
    // 02:00Z on the 21st is 21:00 on the 20th in New York.
    await t.deps.db
      .update(rapportini)
      .set({ dataChiusura: new Date('2026-11-21T02:00:00Z') })
      .where(and(eq(rapportini.aziendaId, ny.c.company.id), eq(rapportini.id, r.id)));
    const url = (format: string) =>
      `/api/rapportini/rapportini/export?format=${format}&dal=2026-11-20&al=2026-11-20&columns=data_apertura,data_chiusura`;
    const csv = await call(t.app, 'GET', url('csv'), ny.admin);
    expect(csv.status).toBe(200);
    const lines = csv.raw.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[1]).toBe('20/11/2026;20/11/2026');
    const xlsx = await call(t.app, 'GET', url('xlsx'), ny.admin);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.raw.rawPayload as unknown as ArrayBuffer);
    const row = book.worksheets[0]!.getRow(2);
    // Excel dates are days: the cell holds the day's UTC midnight, shown dd/mm/yyyy.
    expect((row.getCell(1).value as Date).toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect((row.getCell(2).value as Date).toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(row.getCell(2).numFmt).toBe('dd/mm/yyyy');
  });
});
