import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany, randomPartitaIva } from '../../../test/factories.js';
import { importCsv } from './test-helpers.js';

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
      [3002, ['partita_iva']],
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
          'C1;Primo aggiornato;;;',
          `;Secondo per IVA;${pivas[1]};RSSMRA80A01H501U;Bologna`,
          ';Secondo per codice fiscale;;RSSMRA80A01H501U;Modena',
          ';Nuovo cliente;;;Ravenna',
        ].join('\n'),
      ),
    );
    expect(second.final).toMatchObject({ status: 'completed', creati: 1, aggiornati: 3, scartati: 0 });
    const after = await rowsOf('clienti', c.company.id, 'codice, ragione_sociale, partita_iva, codice_fiscale, citta');
    expect(after).toHaveLength(3001);
    expect(after.find((r: any) => r.codice === 'C1')).toMatchObject({
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
    expect(after.find((r: any) => r.ragione_sociale === 'Nuovo cliente')).toMatchObject({
      codice: null,
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
