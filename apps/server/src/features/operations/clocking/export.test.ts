import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, calculateInterval, dayIn, zonedInstant, type ClockingRules } from '@fs/contract';
import type { Db } from '../../../platform/db/client.js';
import { timbrature } from '../../../platform/db/schema-clocking.js';
import { opzioniAzienda } from '../../../platform/db/schema-options.js';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';
import { eachRecord } from './export-repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const ZONE = 'Europe/Rome';
const RULES: ClockingRules = { toleranceMinutes: 10, roundingMinutes: 15, timeZone: ZONE };
const at = (day: string, time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return zonedInstant(day, ZONE, h, m);
};

interface Fixture {
  tipo: 'LAVORO' | 'ANDATA' | 'RITORNO';
  day: string;
  start: string;
  end: string | null;
  /** The office's correction of the start. */
  correctedStart?: string;
  km?: string;
  clienteId?: string;
  ritornoNonNecessario?: boolean;
  /** The end is on the next day. */
  endNextDay?: boolean;
}

/** Writes records as the clock would (calculated times by the company's rules on the effective times). */
async function clock(aziendaId: string, utenteId: string, rows: Fixture[]) {
  for (const r of rows) {
    const start = at(r.day, r.start);
    const end = r.end ? at(r.endNextDay ? addDays(r.day, 1) : r.day, r.end) : null;
    const corrected = r.correctedStart ? at(r.day, r.correctedStart) : null;
    const calc = calculateInterval(corrected ?? start, end, RULES);
    await (t.deps.db as Db).insert(timbrature).values({
      aziendaId,
      utenteId,
      tipo: r.tipo,
      giorno: dayIn(corrected ?? start, ZONE),
      timbraturaStart: start,
      timbraturaEnd: end,
      timbraturaStartCorretta: corrected,
      timbraturaEndCorretta: corrected ? end : null,
      timbraturaStartCalcolata: calc.start,
      timbraturaEndCalcolata: calc.end,
      minutiCalcolati: calc.minutes,
      aperta: end === null,
      timezone: ZONE,
      km: r.km ?? null,
      clienteId: r.clienteId ?? null,
      ritornoNonNecessario: r.ritornoNonNecessario ?? false,
      versione: corrected ? 1 : 0,
    });
  }
}

/** A cell's number as Excel stores it: exceljs reads a number formatted [h]:mm back as a date since 30/12/1899. */
const serial = (v: unknown) =>
  v instanceof Date ? (v.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000 : Number(v ?? 0);

const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

describe('the clocking exports', () => {
  it('write every record with raw, corrected and calculated times, [h]:mm durations, allowances and totals', async () => {
    const a = await createCompany(t);
    const b = await createCompany(t);
    const aId = a.company.id;
    await (t.deps.db as Db).insert(opzioniAzienda).values([
      { aziendaId: aId, category: 'trasferte', subcategory: 'enabled', value: '1' },
      { aziendaId: aId, category: 'trasferte', subcategory: 'importo_giornaliero', value: '45.00' },
      { aziendaId: aId, category: 'trasferte', subcategory: 'distanza_minima_km', value: '50' },
    ]);
    const admin = await a.login('admin');
    const cliente = await call(t.app, 'POST', '/api/clienti/cliente', {
      ...admin,
      body: { ragione_sociale: '=HYPERLINK("http://x.example")', citta: 'Cesena' },
    });
    expect(cliente.status, JSON.stringify(cliente.json)).toBe(200);
    const tech = a.user('tech').id;
    await clock(aId, tech, [
      // A trip begun before the range: its days in the range earn the allowance (120 km one way).
      { tipo: 'ANDATA', day: '2026-09-29', start: '07:00', end: '08:00', km: '120' },
      { tipo: 'LAVORO', day: '2026-10-01', start: '08:09', end: '12:31' }, // 08:00-12:30, 4:30
      { tipo: 'LAVORO', day: '2026-10-01', start: '13:30', end: '16:52' }, // 13:30-17:00, 3:30
      { tipo: 'RITORNO', day: '2026-10-02', start: '17:00', end: '18:20', km: '120' }, // 17:00-18:30, 1:30
      // Corrected by the office: 08:40 raw, 08:11 corrected, counted from 08:15; out 16:33 counts 16:30: 8:15.
      { tipo: 'LAVORO', day: '2026-10-05', start: '08:40', correctedStart: '08:11', end: '16:33' },
      // Too short a trip for the allowance, its return not necessary: 0:30 of travel.
      {
        tipo: 'ANDATA',
        day: '2026-10-06',
        start: '07:30',
        end: '08:00',
        km: '30',
        clienteId: cliente.json.item.id,
        ritornoNonNecessario: true,
      },
      // A forgotten exit.
      { tipo: 'LAVORO', day: '2026-10-07', start: '08:00', end: null },
    ]);
    await clock(aId, a.user('admin').id, [
      { tipo: 'LAVORO', day: '2026-10-15', start: '09:00', end: '18:00' },
      // A night across midnight, the night clocks go back (25 October): 5 hours on the wall, 6 real ones.
      { tipo: 'LAVORO', day: '2026-10-24', start: '23:00', end: '04:00', endNextDay: true },
    ]);
    await clock(b.company.id, b.user('tech').id, [{ tipo: 'LAVORO', day: '2026-10-01', start: '08:00', end: '17:00' }]);

    const q = 'from=2026-10-01&to=2026-10-31';
    const csv = await call(t.app, 'GET', `/api/stats/csv/export-timbrature?${q}`, admin);
    expect(csv.status, csv.raw.body.slice(0, 300)).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.raw.body.startsWith('\uFEFF')).toBe(true);
    const lines = csvLines(csv.raw.body);
    expect(lines[0]).toBe(
      'Tecnico;Giorno;Tipo;Entrata;Uscita;Entrata corretta;Uscita corretta;Entrata calcolata;Uscita calcolata;' +
        'Lavoro (ore);Viaggio (ore);Cliente;Km;Giorni di trasferta;Indennità di trasferta (€);Anomalie',
    );
    // The admin (Admin Ada) sorts before the technician (no name: their username).
    expect(lines.slice(1)).toEqual([
      'Admin Ada;15/10/2026;Lavoro;09:00;18:00;;;09:00;18:00;9:00;;;;;;',
      'Admin Ada;24/10/2026;Lavoro;23:00;04:00 (25/10);;;23:00;04:00 (25/10);6:00;;;;;;',
      'Admin Ada;;Totale;;;;;;;15:00;0:00;;;0;0,00;0',
      'tech;01/10/2026;Lavoro;08:09;12:31;;;08:00;12:30;4:30;;;;1;45,00;',
      'tech;01/10/2026;Lavoro;13:30;16:52;;;13:30;17:00;3:30;;;;;;',
      'tech;02/10/2026;Viaggio ritorno;17:00;18:20;;;17:00;18:30;;1:30;;120;1;45,00;',
      'tech;05/10/2026;Lavoro;08:40;16:33;08:11;16:33;08:15;16:30;8:15;;;;;;',
      // The customer's name would start a formula: neutralised.
      `tech;06/10/2026;Viaggio andata;07:30;08:00;;;07:30;08:00;;0:30;"'=HYPERLINK(""http://x.example"")";30;;;`,
      'tech;07/10/2026;Lavoro;08:00;;;;08:00;;;;;;;;Uscita mancante',
      'tech;;Totale;;;;;;;16:15;2:00;;;2;90,00;1',
    ]);

    const xlsx = await call(t.app, 'GET', `/api/timbrature/trasferte/export-xlsx?${q}&utenteId=${tech}`, admin);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('trasferte-2026-10-01-2026-10-31.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.raw.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Timbrature')!;
    const rows: ExcelJS.Row[] = [];
    sheet.eachRow((r) => rows.push(r));
    expect(rows).toHaveLength(1 + 6 + 1);
    const first = rows[1]!;
    expect(first.getCell(1).value).toBe('tech');
    expect(first.getCell(2).value).toEqual(new Date('2026-10-01T00:00:00Z'));
    expect(first.getCell(2).numFmt).toBe('dd/mm/yyyy');
    expect(first.getCell(10).numFmt).toBe('[h]:mm');
    // Durations are fractions of a day: the column sums to the totals row.
    const total = rows.at(-1)!;
    expect(total.getCell(3).value).toBe('Totale');
    const sum = (col: number) => rows.slice(1, -1).reduce((s, r) => s + serial(r.getCell(col).value), 0);
    expect(Math.round(serial(total.getCell(10).value) * 1440)).toBe(16 * 60 + 15);
    expect(Math.round(sum(10) * 1440)).toBe(16 * 60 + 15);
    expect(Math.round(serial(total.getCell(11).value) * 1440)).toBe(120);
    expect(Math.round(sum(11) * 1440)).toBe(120);
    expect([total.getCell(14).value, total.getCell(15).value, sum(15)]).toEqual([2, 90, 90]);
    expect(total.getCell(15).numFmt).toBe('#,##0.00');
    expect(rows[5]!.getCell(12).value).toBe(`'=HYPERLINK("http://x.example")`);
    const days: unknown[][] = [];
    book.getWorksheet('Trasferte')!.eachRow((r) => days.push((r.values as unknown[]).slice(1)));
    expect(days).toEqual([
      ['Tecnico', 'Giorno', 'Indennità (€)'],
      ['tech', new Date('2026-10-01T00:00:00Z'), 45],
      ['tech', new Date('2026-10-02T00:00:00Z'), 45],
    ]);

    // A middle day of a trip without any record still earns its allowance, on a line of its own.
    const mid = await call(
      t.app,
      'GET',
      `/api/stats/csv/export-timbrature?from=2026-09-30&to=2026-10-01&utenteId=${tech}`,
      admin,
    );
    expect(csvLines(mid.raw.body).slice(1)).toEqual([
      'tech;30/09/2026;Trasferta;;;;;;;;;;;1;45,00;',
      'tech;01/10/2026;Lavoro;08:09;12:31;;;08:00;12:30;4:30;;;;1;45,00;',
      'tech;01/10/2026;Lavoro;13:30;16:52;;;13:30;17:00;3:30;;;;;;',
      'tech;;Totale;;;;;;;8:00;0:00;;;2;90,00;0',
    ]);

    // Read in batches (keyset on the day, the effective start, the id): the same records in the same order.
    const read = async (batch: number) => {
      const ids: string[] = [];
      for await (const r of eachRecord(
        t.deps.db,
        aId,
        tech,
        { from: '2026-10-01', to: '2026-10-31', timeZone: ZONE },
        batch,
      ))
        ids.push(r.id);
      return ids;
    };
    const whole = await read(1000);
    expect(whole).toHaveLength(6);
    expect(await read(2)).toEqual(whole);
    expect(await read(1)).toEqual(whole);

    // Ranges: from after to, more than a year.
    const bad = await call(t.app, 'GET', '/api/stats/csv/export-timbrature?from=2026-10-02&to=2026-10-01', admin);
    expect(bad.status).toBe(400);
    const long = await call(t.app, 'GET', '/api/timbrature/trasferte/export-xlsx?from=2025-09-30&to=2026-10-01', admin);
    expect(long.status).toBe(400);
    const year = await call(t.app, 'GET', '/api/stats/csv/export-timbrature?from=2025-10-01&to=2026-10-01', admin);
    expect(year.status).toBe(200);

    // A technician without the clocking administration: 403.
    const techSession = await a.login('tech');
    expect((await call(t.app, 'GET', `/api/stats/csv/export-timbrature?${q}`, techSession)).status).toBe(403);
    expect((await call(t.app, 'GET', `/api/timbrature/trasferte/export-xlsx?${q}`, techSession)).status).toBe(403);

    // Another company sees only its own: the first company's technician is nobody there.
    const other = await b.login('admin');
    const theirs = csvLines((await call(t.app, 'GET', `/api/stats/csv/export-timbrature?${q}`, other)).raw.body);
    expect(theirs.slice(1).map((l) => l.split(';')[0])).toEqual(['tech', 'tech']);
    expect(theirs[1]).toBe('tech;01/10/2026;Lavoro;08:00;17:00;;;08:00;17:00;9:00;;;;;;');
    const foreign = await call(t.app, 'GET', `/api/stats/csv/export-timbrature?${q}&utenteId=${tech}`, other);
    expect([foreign.status, csvLines(foreign.raw.body).length]).toEqual([200, 1]);
    const foreignX = await call(t.app, 'GET', `/api/timbrature/trasferte/export-xlsx?${q}&utenteId=${tech}`, other);
    const fb = new ExcelJS.Workbook();
    await fb.xlsx.load(foreignX.raw.rawPayload as unknown as ArrayBuffer);
    expect(fb.getWorksheet('Timbrature')!.rowCount).toBe(1);
  });
});
