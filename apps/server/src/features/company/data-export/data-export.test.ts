import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_FIELDS } from '@fs/contract';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany, makeReport, PASSWORD, randomPartitaIva } from '../../../test/factories.js';
import { importCsv } from '../../registries/imports/test-helpers.js';
import { PNG, upload } from '../../registries/media/test-helpers.js';
import { stringify } from 'csv-stringify/sync';
import { CSV_OPTIONS } from '../../../platform/http/csv-cell.js';
import { csvRecord } from './build.js';
import { removeExpired, runExport } from './runner.js';

let t: TestApp;
const sql = (q: string, p?: unknown[]) => t.deps.database.executeSql(q, p);
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type Session = { token: string; deviceId: string };

async function waitForExport(s: Session, id: string) {
  const seen: string[] = [];
  const until = Date.now() + 60_000;
  for (;;) {
    const r = await call(t.app, 'GET', `/api/esportazioni/${id}`, s);
    expect(r.status).toBe(200);
    seen.push(r.json.item.stato);
    if (r.json.item.stato === 'completed' || r.json.item.stato === 'failed') return { item: r.json.item, seen };
    if (Date.now() > until) throw new Error(`export ${id} still ${r.json.item.stato}`);
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

async function exportFile(s: Session, body: object) {
  const started = await call(t.app, 'POST', '/api/esportazioni', { ...s, body });
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  expect(started.json.item).toMatchObject({ stato: 'queued', percentuale: 0 });
  const { item } = await waitForExport(s, started.json.item.id);
  expect(item, JSON.stringify(item)).toMatchObject({ stato: 'completed', percentuale: 100 });
  const file = await call(t.app, 'GET', `/api/esportazioni/${item.id}/file`, s);
  expect(file.status).toBe(200);
  expect(Number(file.headers['content-length'])).toBe(item.size);
  return { item, file, bytes: file.raw.rawPayload };
}

const csvOf = async (zip: JSZip, name: string) => (await zip.file(name)!.async('string')).replace(/^\uFEFF/, '');
const linesOf = (text: string) => text.trimEnd().split('\r\n');

/** A company with two customers (one with a contact), two articles, a report with a day and a photo. */
async function seed(c: Awaited<ReturnType<typeof createCompany>>, admin: Session) {
  const id = c.company.id;
  const cl = await sql(
    `insert into clienti (azienda_id, codice, ragione_sociale, partita_iva, telefono, note, citta, provincia, km_viaggio, ore_viaggio)
     values ($1, 'C1', 'Fòrni; "Bianchi" S.r.l.', $2, '+39 0543 123456', '=SOMMA(1;2)', 'Forlì', 'FC', 12.5, 1.25),
            ($1, 'C2', 'Rossi Mario', null, null, 'riga 1
riga 2', 'Cesena', null, null, null) returning id`,
    [id, randomPartitaIva()],
  );
  const clienteId = cl.rows[0].id as string;
  await sql(`insert into clienti_recapiti (azienda_id, cliente_id, nome, email) values ($1, $2, 'Anna', 'anna@x.it')`, [
    id,
    clienteId,
  ]);
  await sql(
    `insert into articoli (azienda_id, codice, riferimento_esterno, descrizione, unita_misura, prezzo_vendita, prezzo_acquisto, note, aliquota_iva, natura_iva)
     values ($1, 'A1', 'EXT-1', 'Valvola a sfera', 'pz', 2450.5, 1200, '-sconto', 10, null),
            ($1, 'A2', null, 'Guarnizione', null, null, null, null, 0, 'N4')`,
    [id],
  );
  const report = await makeReport(t, id, { clienteId });
  await sql(
    `insert into rapportini_giornate (azienda_id, rapportino_id, ordine, data, tecnico_nome, totale_ore, km_viaggio, prezzo_impostato)
     values ($1, $2, 1, '2026-03-05', 'Tecnico', 7.5, 30, 99)`,
    [id, report.id],
  );
  const up = await upload(t, admin, `/api/media/insert/rapportino/${report.id}`, PNG, 'foto cantiere.png');
  expect(up.statusCode, up.body).toBe(200);
  return { clienteId, reportId: report.id };
}

describe('data export', () => {
  it("writes each CSV record byte for byte as csv-stringify does with the product's options", () => {
    const cells = [
      '',
      'a',
      'a;b',
      'say "hi"',
      '"',
      'two\nlines',
      'cr\ronly',
      'crlf\r\nend',
      ' spaced ',
      "'=1+2",
      'àèì €',
      '1,50',
    ];
    const records = [cells, cells.slice().reverse(), [''], ['x', '']];
    expect(records.map(csvRecord).join('')).toBe(stringify(records, { ...CSV_OPTIONS, bom: false }));
    expect(csvRecord(['a;b', 'c"d'])).toBe('"a;b";"c""d"\r\n');
  });

  it('zips every entity as CSV with the media, mails the link, and the customers and articles re-import unchanged', async () => {
    const a = await createCompany(t);
    const admin = await a.login('admin');
    await seed(a, admin);
    const all = [
      'clienti',
      'impianti',
      'macchinari',
      'articoli',
      'mansioni',
      'rapportini',
      'contratti',
      'appuntamenti',
      'timbrature',
    ];
    const { item, file, bytes } = await exportFile(admin, { formato: 'CSV_ZIP', entita: all, includiMedia: true });
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['content-disposition']).toContain(item.fileName);
    expect(item.fileName).toMatch(/^esportazione-dati-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(new Date(item.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    const zip = await JSZip.loadAsync(bytes);
    const names = Object.keys(zip.files).sort();
    const csvs = names.filter((n) => n.endsWith('.csv'));
    expect(csvs).toEqual(
      [
        'clienti',
        'clienti_recapiti',
        'impianti',
        'macchinari',
        'articoli',
        'mansioni',
        'controlli',
        'rapportini',
        'rapportini_tecnici',
        'rapportini_macchinari',
        'rapportini_mansioni',
        'rapportini_giornate',
        'rapportini_materiali',
        'rapportini_controlli',
        'campi_personalizzati',
        'rapportini_campi',
        'contratti',
        'contratti_impianti',
        'contratti_macchinari',
        'contratti_mansioni',
        'contratti_attivita',
        'attivita_date',
        'attivita_macchinari',
        'attivita_controlli',
        'appuntamenti',
        'appuntamenti_tecnici',
        'appuntamenti_macchinari',
        'timbrature',
        'utenti',
        'media',
      ]
        .map((n) => `${n}.csv`)
        .sort(),
    );
    // The photo under media/, named in media.csv.
    const media = names.filter((n) => n.startsWith('media/'));
    expect(media).toEqual([expect.stringMatching(/^media\/[0-9a-f-]{36}_foto cantiere\.png$/)]);
    expect(Buffer.compare(await zip.file(media[0]!)!.async('nodebuffer'), PNG)).toBe(0);
    expect(linesOf(await csvOf(zip, 'media.csv'))[1]).toMatch(
      /;rapportino;.*;foto cantiere\.png;image\/png;\d+;media\//,
    );

    // Customers in the import's format: its fields in its order, then the table's other columns.
    const clienti = linesOf(await csvOf(zip, 'clienti.csv'));
    const head = clienti[0]!.split(';');
    expect(head.slice(0, 16)).toEqual(IMPORT_FIELDS.clienti.map((f) => f.name));
    expect(head.slice(16)).toEqual(expect.arrayContaining(['id', 'nazione', 'created_at']));
    expect(head).not.toContain('azienda_id');
    expect(head).not.toContain('search_text');
    expect(clienti.find((l) => l.startsWith('C1;'))).toMatch(
      /^C1;"Fòrni; ""Bianchi"" S\.r\.l\.";\d{11};;'\+39 0543 123456;;;;;;Forlì;FC;;"'=SOMMA\(1;2\)";12,50;1,25;[0-9a-f-]{36};IT;/,
    );
    expect(linesOf(await csvOf(zip, 'articoli.csv'))[0]).toBe(
      [...IMPORT_FIELDS.articoli.map((f) => f.name), 'id', 'created_at', 'updated_at'].join(';'),
    );
    // Other tables as stored: days DD/MM/YYYY, decimals with a comma, instants in UTC ISO 8601.
    const giornate = linesOf(await csvOf(zip, 'rapportini_giornate.csv'));
    const gh = giornate[0]!.split(';');
    expect(gh).toEqual(expect.arrayContaining(['id', 'rapportino_id', 'data', 'totale_ore', 'prezzo_impostato']));
    expect(gh).not.toContain('azienda_id');
    const g = Object.fromEntries(gh.map((h, i) => [h, giornate[1]!.split(';')[i]]));
    expect(g).toMatchObject({ data: '05/03/2026', totale_ore: '7,50', km_viaggio: '30,0', prezzo_impostato: '99,00' });
    const rap = linesOf(await csvOf(zip, 'rapportini.csv'));
    expect(rap).toHaveLength(2);
    const created = rap[0]!.split(';').indexOf('created_at');
    expect(rap[1]!.split(';')[created]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(linesOf(await csvOf(zip, 'utenti.csv'))[0]).toBe('id;username;name;surname;email;role;status');
    expect(linesOf(await csvOf(zip, 'clienti_recapiti.csv'))).toHaveLength(2);
    expect(linesOf(await csvOf(zip, 'timbrature.csv'))).toHaveLength(1);

    // The requester is mailed the page's link.
    const mail = await t.smtp.waitFor(a.user('admin').email!);
    expect(mail.text).toMatch(/^Subject: =\?UTF-8\?Q\?La_tua_esportazione_dei_dati/m);
    expect(mail.text).toMatch(
      /Ciao Ada Admin,\s+l'esportazione dei dati che hai chiesto è pronta\. Si scarica da questa pagina fino al \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:/,
    );
    expect(mail.text).toContain(`http://app.test/data-export?id=${item.id}`);

    // Round trip: company B imports A's customers and articles through the CSV import; the rows are the same.
    const b = await createCompany(t);
    const bAdmin = await b.login('admin');
    for (const table of ['clienti', 'articoli'] as const) {
      const r = await importCsv(t, bAdmin, table, await zip.file(`${table}.csv`)!.async('nodebuffer'));
      expect(r.final, JSON.stringify(r.final)).toMatchObject({ status: 'completed', creati: 2, scartati: 0 });
      const cols = IMPORT_FIELDS[table].map((f) => `${f.name}::text`).join(', ');
      const rows = async (aziendaId: string) =>
        (await sql(`select ${cols} from ${table} where azienda_id = $1 order by codice`, [aziendaId])).rows;
      expect(await rows(b.company.id)).toEqual(await rows(a.company.id));
    }
    expect(
      (await sql(`select telefono, note from clienti where azienda_id = $1 and codice = 'C1'`, [b.company.id])).rows[0],
    ).toEqual({
      telefono: '+39 0543 123456',
      note: '=SOMMA(1;2)',
    });
  });

  it('writes one XLSX workbook, a sheet per table, prices only for who sees them', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    await seed(c, admin);
    const { item, file, bytes } = await exportFile(admin, {
      formato: 'XLSX',
      entita: ['clienti', 'articoli', 'timbrature'],
      includiMedia: true,
    });
    expect(item.includiMedia).toBe(false); // no files in a workbook
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual([
      'clienti',
      'clienti_recapiti',
      'articoli',
      'timbrature',
      'utenti',
    ]);
    const art = book.getWorksheet('articoli')!;
    const header = (art.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 9)).toEqual(IMPORT_FIELDS.articoli.map((f) => f.name));
    const a1 = [2, 3].map((n) => (art.getRow(n).values as unknown[]).slice(1)).find((r) => r[0] === 'A1')!;
    expect(a1.slice(0, 9)).toEqual(['A1', 'EXT-1', 'Valvola a sfera', 'pz', 2450.5, 1200, "'-sconto", 10, undefined]);

    // A reader with the export permission but not the prices': no price column anywhere.
    const read = {
      userRead: true,
      userWrite: false,
      userDelete: false,
      companyRead: true,
      companyWrite: false,
      companyDelete: false,
    };
    const g = await call(t.app, 'POST', '/api/gruppi/gruppo', {
      ...admin,
      body: { name: 'Esportatori', membri: [c.user('tech').id], permissions: { esportazione_dati: read } },
    });
    expect(g.status, JSON.stringify(g.json)).toBe(200);
    const tech = await c.login('tech');
    const noPrices = await exportFile(tech, {
      formato: 'CSV_ZIP',
      entita: ['articoli', 'rapportini'],
      includiMedia: false,
    });
    const zip = await JSZip.loadAsync(noPrices.bytes);
    expect(Object.keys(zip.files).some((n) => n.startsWith('media'))).toBe(false);
    expect(linesOf(await csvOf(zip, 'articoli.csv'))[0]).toBe(
      'codice;riferimento_esterno;descrizione;unita_misura;note;aliquota_iva;natura_iva;id;created_at;updated_at',
    );
    for (const name of ['rapportini.csv', 'rapportini_giornate.csv', 'rapportini_materiali.csv']) {
      expect(linesOf(await csvOf(zip, name))[0]).not.toMatch(/prezz|importo|costo|totale;|totale$/);
    }
  });

  it('answers only the requester: 403 without the permission, 404 for another user or company, 409 while one runs; expired ones go', async () => {
    const c = await createCompany(t, {
      users: [
        { username: 'admin', password: PASSWORD, role: 'admin', email: `a.${Date.now()}@test.local` },
        { username: 'admin2', password: PASSWORD, role: 'admin', email: `b.${Date.now()}@test.local` },
        { username: 'tech', password: PASSWORD, role: 'user' },
      ],
    });
    const admin = await c.login('admin');
    const tech = await c.login('tech');
    const body = { formato: 'CSV_ZIP', entita: ['clienti'], includiMedia: false };
    expect((await call(t.app, 'POST', '/api/esportazioni', { ...tech, body })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/esportazioni', tech)).status).toBe(403);
    expect((await call(t.app, 'POST', '/api/esportazioni', { ...admin, body: { ...body, entita: [] } })).status).toBe(
      400,
    );
    expect(
      (await call(t.app, 'POST', '/api/esportazioni', { ...admin, body: { ...body, entita: ['segreti'] } })).status,
    ).toBe(400);
    const { item } = await exportFile(admin, body);

    const admin2 = await c.login('admin2');
    const other = await createCompany(t);
    const otherAdmin = await other.login('admin');
    for (const s of [admin2, otherAdmin]) {
      expect((await call(t.app, 'GET', `/api/esportazioni/${item.id}`, s)).status).toBe(404);
      expect((await call(t.app, 'GET', `/api/esportazioni/${item.id}/file`, s)).status).toBe(404);
      expect((await call(t.app, 'GET', '/api/esportazioni', s)).json.items).toEqual([]);
    }
    const mine = await call(t.app, 'GET', '/api/esportazioni', admin);
    expect(mine.json.items.map((x: { id: string }) => x.id)).toEqual([item.id]);

    // A second export while one is queued is refused.
    await sql(`update esportazioni set stato = 'queued' where id = $1`, [item.id]);
    expect((await call(t.app, 'POST', '/api/esportazioni', { ...admin, body })).status).toBe(409);
    // A job run again (pg-boss past its expiry) leaves a run that still beats alone; one that stopped beating is failed.
    await sql(`update esportazioni set stato = 'running', progresso = 42, heartbeat_at = now() where id = $1`, [
      item.id,
    ]);
    await runExport(t.deps, { aziendaId: c.company.id, exportId: item.id, prices: true });
    expect((await call(t.app, 'GET', `/api/esportazioni/${item.id}`, admin)).json.item).toMatchObject({
      stato: 'running',
      percentuale: 42,
    });
    await sql(`update esportazioni set heartbeat_at = now() - interval '10 minutes' where id = $1`, [item.id]);
    expect((await call(t.app, 'GET', `/api/esportazioni/${item.id}`, admin)).json.item).toMatchObject({
      stato: 'failed',
      errore: expect.stringContaining('interrotta'),
    });
    await sql(`update esportazioni set stato = 'completed', errore = null where id = $1`, [item.id]);

    // Past its expiry: not found, then removed with its file by the cleanup.
    const key = (await sql(`select storage_key from esportazioni where id = $1`, [item.id])).rows[0].storage_key;
    await sql(`update esportazioni set expires_at = now() - interval '1 minute' where id = $1`, [item.id]);
    expect((await call(t.app, 'GET', `/api/esportazioni/${item.id}/file`, admin)).status).toBe(404);
    expect(await removeExpired(t.deps)).toBeGreaterThanOrEqual(1);
    expect((await sql(`select 1 from esportazioni where id = $1`, [item.id])).rows).toEqual([]);
    expect(await t.deps.storage.size(key)).toBeNull();
  });
});
