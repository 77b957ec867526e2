import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMERS_TABLE, ARTICLES_TABLE } from '@fs/contract';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';
import { countCap, eachPage, pageRead } from '../../../platform/lists.js';
import * as clientiRepo from './repo.js';
import * as articoliRepo from '../articles/repo.js';
import { bulkClienti } from './test-helpers.js';

let t: TestApp;
const sql = (q: string, p?: unknown[]) => t.deps.database.executeSql(q, p);
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const ROWS = 257;
const SIZE = 7; // 37 pages, the last one partial

describe('backwards paging', () => {
  it('plans a page from the nearer end, a partial last page with fewer rows, nothing past the end', () => {
    expect(pageRead(0, 25, 100)).toEqual({ offset: 0, limit: 25, reverse: false });
    expect(pageRead(25, 25, 100)).toEqual({ offset: 25, limit: 25, reverse: false });
    expect(pageRead(50, 25, 100)).toEqual({ offset: 25, limit: 25, reverse: true });
    expect(pageRead(90, 25, 100)).toEqual({ offset: 0, limit: 10, reverse: true });
    expect(pageRead(100, 25, 100)).toBeNull();
    expect(pageRead(0, 25, 0)).toBeNull();
  });

  it('answers every customers page exactly as forward paging does: every sort, both directions, ties and NULLs', async () => {
    const c = await createCompany(t);
    const az = c.company.id;
    // Few distinct values (ties), NULLs in every nullable sort column, equal created_at for all.
    await sql(
      `insert into clienti (azienda_id, ragione_sociale, codice, partita_iva, codice_fiscale, citta, provincia)
       select $1, (array['Colombo', 'co-op', 'Bianchi', 'bianchi', 'Zeta'])[1 + g % 5] || case when g % 3 = 0 then '' else ' ' || (g % 4) end,
              case when g % 4 = 0 then null else 'C' || (g % 9) end, case when g % 5 = 0 then null else lpad((g % 11)::text, 11, '0') end,
              case when g % 2 = 0 then null else 'CF' || (g % 3) end, case when g % 6 = 0 then null else (array['Milano', 'bari', 'Ávila'])[1 + g % 3] end,
              case when g % 7 = 0 then null else (array['MI', 'BA', 'TO'])[1 + g % 3] end
       from generate_series(1, $2::int) g`,
      [az, ROWS],
    );
    const sorts = CUSTOMERS_TABLE.columns.filter((col) => col.sortable).map((col) => col.key);
    expect(sorts.length).toBeGreaterThanOrEqual(7);
    let compared = 0;
    for (const q of [undefined, 'co', 'bianchi']) {
      for (const sort of sorts) {
        for (const dir of ['asc', 'desc'] as const) {
          const list = (page: number, size: number) =>
            clientiRepo.listPage(t.deps.db, az, { page, size, sort, dir, q, tableInfos: false }, {} as any);
          // One forward read of everything (offset 0 is always read forwards) is the reference.
          const all = await list(1, 1000);
          const ids = all.rows.map((r) => r.id);
          expect(new Set(ids).size).toBe(all.total);
          const pages = Math.ceil(all.total / SIZE) + 1; // and one past the end
          for (let p = 1; p <= pages; p++) {
            const r = await list(p, SIZE);
            expect(r.total).toBe(all.total);
            expect(
              r.rows.map((x) => x.id),
              `${q} ${sort} ${dir} page ${p}`,
            ).toEqual(ids.slice((p - 1) * SIZE, p * SIZE));
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(900);
    // The picker pages the same way.
    const refsAll = await clientiRepo.listRefs(t.deps.db, az, 'co', 1000, 0);
    for (let offset = 0; offset < refsAll.total; offset += SIZE) {
      const r = await clientiRepo.listRefs(t.deps.db, az, 'co', SIZE, offset);
      expect(r.rows).toEqual(refsAll.rows.slice(offset, offset + SIZE));
    }
  });

  it('answers every articles page exactly as forward paging does (NULL external references, searches)', async () => {
    const c = await createCompany(t);
    const az = c.company.id;
    await sql(
      `insert into articoli (azienda_id, codice, riferimento_esterno, descrizione)
       select $1, 'A' || (g % 13), case when g % 3 = 0 then null else 'R' || (g % 5) end, (array['Valvola', 'valvola', 'Tubo'])[1 + g % 3]
       from generate_series(1, $2::int) g`,
      [az, ROWS],
    );
    for (const [q, hits] of [
      [undefined, ROWS],
      ['va', 171],
      ['valvola', 171],
    ] as const) {
      for (const sort of ARTICLES_TABLE.columns.filter((col) => col.sortable).map((col) => col.key)) {
        for (const dir of ['asc', 'desc'] as const) {
          const list = (page: number, size: number) =>
            articoliRepo.page(t.deps.db, az, { page, size, sort, dir, q, filters: {} as any });
          const all = await list(1, 1000);
          expect(all.total).toBe(hits);
          for (let p = 1; p <= Math.ceil(hits / SIZE) + 1; p++) {
            const r = await list(p, SIZE);
            expect(r.total).toBe(hits);
            expect(
              r.rows.map((x) => x.id),
              `${q} ${sort} ${dir} page ${p}`,
            ).toEqual(all.rows.slice((p - 1) * SIZE, p * SIZE).map((x) => x.id));
          }
        }
      }
    }
  });
});

describe('known totals', () => {
  it('a later page trusts the total sent back for the same search, a page in the back half counts again', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    await sql(
      `insert into clienti (azienda_id, ragione_sociale) select $1, 'Cliente ' || lpad(g::text, 2, '0') from generate_series(1, 30) g`,
      [c.company.id],
    );
    const list = async (qs: string) => {
      const r = await call(t.app, 'GET', `/api/clienti/clienti-filtered?size=5&sort=ragione_sociale&${qs}`, admin);
      expect(r.status).toBe(200);
      return { total: r.json.totaleElementi, names: r.json.items.map((i: any) => i.ragione_sociale) };
    };
    const page2 = ['Cliente 06', 'Cliente 07', 'Cliente 08', 'Cliente 09', 'Cliente 10'];
    expect(await list('page=1')).toMatchObject({ total: 30 });
    expect(await list('page=2')).toEqual({ total: 30, names: page2 });
    // Sent back: not counted (a total that is no longer true stays until page 1 is read again)...
    expect(await list('page=2&totale=31')).toEqual({ total: 31, names: page2 });
    // ...page 1 always counts, and so does a page read from the end.
    expect((await list('page=1&totale=31')).total).toBe(30);
    expect(await list('page=6&totale=31')).toEqual({
      total: 30,
      names: ['Cliente 26', 'Cliente 27', 'Cliente 28', 'Cliente 29', 'Cliente 30'],
    });
    // Articles take it in the body.
    await sql(
      `insert into articoli (azienda_id, codice, descrizione) select $1, 'A' || lpad(g::text, 2, '0'), 'Articolo' from generate_series(1, 12) g`,
      [c.company.id],
    );
    const art = async (body: Record<string, unknown>) =>
      (await call(t.app, 'POST', '/api/anagraficaarticoli/articoli/admin', { ...admin, body: { size: 3, ...body } }))
        .json;
    expect((await art({ page: 2, totale: 99 })).totaleElementi).toBe(99);
    expect((await art({ page: 2, totale: 99 })).items.map((a: any) => a.codice)).toEqual(['A04', 'A05', 'A06']);
    expect((await art({ page: 4, totale: 12 })).items.map((a: any) => a.codice)).toEqual(['A10', 'A11', 'A12']);
    const bad = await call(t.app, 'GET', '/api/clienti/clienti-filtered?page=2&totale=-1', admin);
    expect([bad.status, bad.json.code]).toEqual([400, 'VALIDATION']);
  });

  it('a search of 3+ characters counts its hits and pages them, a page past the end empty', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    await sql(
      `insert into clienti (azienda_id, ragione_sociale, citta) select $1, 'Termo ' || g, case when g % 2 = 0 then 'Forlì' else 'Cesena' end
       from generate_series(1, 9) g`,
      [c.company.id],
    );
    const r = async (qs: string) =>
      (await call(t.app, 'GET', `/api/clienti/clienti-filtered?q=forl&size=2&sort=ragione_sociale&${qs}`, admin)).json;
    expect((await r('page=1')).totaleElementi).toBe(4);
    expect((await r('page=2')).items.map((i: any) => i.ragione_sociale)).toEqual(['Termo 6', 'Termo 8']);
    expect(await r('page=3')).toMatchObject({ totaleElementi: 4, items: [] });
  });
});

describe('short searches', () => {
  it('matches names starting with a 1-2 character term and anywhere from 3 characters', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    await sql(
      `insert into clienti (azienda_id, ragione_sociale, codice, citta) values
       ($1, 'Colombo S.r.l.', 'X1', 'Milano'), ($1, 'CO2 Impianti', 'X2', 'Como'), ($1, 'Idraulica Colombo', 'CO7', 'Bari'),
       ($1, 'Acme', 'X3', 'Como'), ($1, '_Sottolineato', 'X4', 'Bari'), ($1, '100% Service', 'X5', 'Bari')`,
      [c.company.id],
    );
    const names = async (q: string, extra = '') => {
      const r = await call(
        t.app,
        'GET',
        `/api/clienti/clienti-filtered?q=${encodeURIComponent(q)}&size=50${extra}`,
        admin,
      );
      expect(r.status).toBe(200);
      return { total: r.json.totaleElementi, names: r.json.items.map((i: any) => i.ragione_sociale) };
    };
    // 1-2 characters: the start of the name only (not the city Como, the code CO7, nor "Idraulica Colombo").
    expect(await names('co')).toEqual({ total: 2, names: ['CO2 Impianti', 'Colombo S.r.l.'] });
    expect(await names('C')).toEqual({ total: 2, names: ['CO2 Impianti', 'Colombo S.r.l.'] });
    expect(await names('co', '&sort=citta&dir=desc')).toEqual({ total: 2, names: ['Colombo S.r.l.', 'CO2 Impianti'] });
    // No wildcards: _ and % are literal.
    expect(await names('_')).toEqual({ total: 1, names: ['_Sottolineato'] });
    expect(await names('10')).toEqual({ total: 1, names: ['100% Service'] });
    expect((await names('%')).total).toBe(0);
    // 3+ characters: anywhere in name, registry id, VAT, tax code and city.
    expect(await names('col')).toEqual({ total: 2, names: ['Colombo S.r.l.', 'Idraulica Colombo'] });
    expect((await names('com')).names).toEqual(['Acme', 'CO2 Impianti']);
    // The picker and the admin list search the same way.
    const refs = await call(t.app, 'GET', '/api/clienti/clienti?q=co', admin);
    expect(refs.json.items.map((i: any) => i.ragione_sociale)).toEqual(['CO2 Impianti', 'Colombo S.r.l.']);
    const adm = await call(t.app, 'POST', '/api/clienti/clienti/admin', {
      ...admin,
      body: { page: 1, size: 10, sort: 'ragione_sociale', dir: 'desc', q: 'co', filters: {} },
    });
    expect(adm.json.items.map((i: any) => i.ragione_sociale)).toEqual(['Colombo S.r.l.', 'CO2 Impianti']);
  });

  it('matches article descriptions starting with a 1-2 character term and anywhere from 3 characters', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    await sql(
      `insert into articoli (azienda_id, codice, riferimento_esterno, descrizione) values
       ($1, 'VA-1', 'VAL-9', 'Tubo per valvola'), ($1, 'T-2', null, 'Valvola a sfera'), ($1, 'T-3', 'X', 'vaso di espansione'),
       ($1, 'T-4', 'VA-7', 'Raccordo'), ($1, 'T-5', null, '_Speciale')`,
      [c.company.id],
    );
    const codes = async (q: string, sort = 'codice', dir = 'asc') => {
      const r = await call(t.app, 'POST', '/api/anagraficaarticoli/articoli/admin', {
        ...admin,
        body: { page: 1, size: 50, sort, dir, q, filters: {} },
      });
      expect(r.status).toBe(200);
      expect(r.json.totaleElementi).toBe(r.json.items.length);
      return r.json.items.map((i: any) => i.codice);
    };
    // 1-2 characters: the start of the description (not the code VA-1, the reference VA-7, nor "Tubo per valvola").
    expect(await codes('va')).toEqual(['T-2', 'T-3']);
    expect(await codes('V', 'descrizione', 'desc')).toEqual(['T-3', 'T-2']);
    expect(await codes('va', 'riferimento_esterno', 'desc')).toEqual(['T-2', 'T-3']);
    expect(await codes('_')).toEqual(['T-5']);
    // 3+ characters: anywhere in code, reference and description.
    expect(await codes('val')).toEqual(['T-2', 'VA-1']);
    const filtered = await call(t.app, 'GET', '/api/anagraficaarticoli/articoli-filtered?q=va', admin);
    expect(filtered.json.items.map((i: any) => i.codice)).toEqual(['T-2', 'T-3']);
  });
});

describe('capped totals', () => {
  it('a capped count covers the page and one row more; an export never takes a lower bound for a total', async () => {
    expect(countCap(0, 25, 1000)).toBe(1000);
    expect(countCap(950, 25, 1000)).toBe(1000);
    expect(countCap(975, 25, 1000)).toBe(2000); // the last page of 1,000: one more row shows whether a page 41 exists
    expect(countCap(1000, 25, 1000)).toBe(2000);
    expect(countCap(0, 200, 10)).toBe(210);
    // A lower bound (more) is never passed on as the known total; only a short page ends the list.
    const asked: (number | undefined)[] = [];
    const rows = [];
    for await (const r of eachPage(async (page, size, known) => {
      asked.push(known);
      const n = page < 3 ? size : 7;
      return { rows: Array.from({ length: n }, (_, i) => (page - 1) * size + i), total: page * size, more: true };
    }))
      rows.push(r);
    expect(asked).toEqual([undefined, undefined, undefined]);
    expect(rows).toHaveLength(2007);
  });

  it('with a small threshold, every page of every sort and direction is the exact one; the total says "more" past the count', async () => {
    const c = await createCompany(t);
    const az = c.company.id;
    await sql(
      `insert into clienti (azienda_id, ragione_sociale, codice, partita_iva, citta, provincia)
       select $1, (array['Colombo', 'co-op', 'Bianchi', 'bianchi', 'Zeta'])[1 + g % 5] || case when g % 3 = 0 then '' else ' ' || (g % 4) end,
              case when g % 4 = 0 then null else 'C' || (g % 9) end, case when g % 5 = 0 then null else lpad((g % 11)::text, 11, '0') end,
              case when g % 6 = 0 then null else (array['Milano', 'bari', 'Ávila'])[1 + g % 3] end,
              case when g % 7 = 0 then null else (array['MI', 'BA', 'TO'])[1 + g % 3] end
       from generate_series(1, $2::int) g`,
      [az, 1200],
    );
    // Hits at the start of the name order (bianchi), late in it (zeta: a walk of the name index reads 1,000 rows
    // for a page of 25 and does not reach them, the hits sorted answer), spread (co: a prefix), and few (colombo 1).
    const threshold = 10;
    const size = 25;
    let capped = 0;
    // PostgreSQL checks every page (and one past the last). PGlite runs one query at a time inside the test's
    // process: every page of every case took minutes in a full suite, so it checks the first pages, the pages
    // around the count's cap and the last ones.
    const pagesToCheck = (last: number) => {
      const every = Array.from({ length: last + 1 }, (_, i) => i + 1);
      if (t.deps.database.kind === 'postgres') return every;
      return every.filter((p) => p <= 2 || p >= last || p % 6 === 0);
    };
    // The sorts by an expression and by plain columns, NULLs included (every sort is in the test above).
    for (const q of ['bianchi', 'zeta', 'co', 'colombo 1']) {
      for (const sort of ['ragione_sociale', 'citta', 'codice', 'partita_iva'] as const) {
        for (const dir of ['asc', 'desc'] as const) {
          const list = (page: number, pageSize: number, countUpTo: number, totale?: number) =>
            clientiRepo.listPage(
              t.deps.db,
              az,
              { page, size: pageSize, sort, dir, q, totale, tableInfos: false },
              {},
              { countUpTo },
            );
          const all = await list(1, 1000, Infinity);
          expect(all.more).toBeUndefined();
          for (const p of pagesToCheck(Math.ceil(all.total / size))) {
            const r = await list(p, size, threshold);
            const cap = countCap((p - 1) * size, size, threshold);
            const where = `${q} ${sort} ${dir} page ${p}`;
            // Exact up to the cap; past it a lower bound (`more`), unless every hit was read anyway (sorted).
            if (r.more) {
              expect([r.total, all.total > cap], where).toEqual([cap, true]);
              capped++;
            } else expect(r.total, where).toBe(all.total);
            if (all.total <= cap) expect(r.more, where).toBeUndefined();
            expect(
              r.rows.map((x) => x.id),
              where,
            ).toEqual(all.rows.slice((p - 1) * size, p * size).map((x) => x.id));
            // A later page with an exact total sent back (over the threshold: its hits are "many") reads the same rows.
            if (p === 2 || p === Math.ceil(all.total / size)) {
              const known = await list(p, size, threshold, all.total);
              expect(
                known.rows.map((x) => x.id),
                `${where} (total known)`,
              ).toEqual(r.rows.map((x) => x.id));
            }
          }
        }
      }
    }
    expect(capped).toBeGreaterThan(t.deps.database.kind === 'postgres' ? 150 : 40);
    // The picker: its fields only, the same rows as the admin list by name, the total capped too.
    const refs = await clientiRepo.listRefs(t.deps.db, az, 'bianchi', SIZE, 0, { countUpTo: threshold });
    expect(refs).toMatchObject({ total: threshold, more: true });
    expect(Object.keys(refs.rows[0]!).sort()).toEqual(['citta', 'codice', 'id', 'ragioneSociale']);
    const byName = await clientiRepo.listPage(
      t.deps.db,
      az,
      { page: 1, size: SIZE, sort: 'ragione_sociale', dir: 'asc', q: 'bianchi', tableInfos: false },
      {},
    );
    expect(refs.rows.map((r) => r.id)).toEqual(byName.rows.map((r) => r.id));
  }, 300_000);

  it('articles: every page of a search and of a column filter is exact under a small threshold', async () => {
    const c = await createCompany(t);
    const az = c.company.id;
    await sql(
      `insert into articoli (azienda_id, codice, riferimento_esterno, descrizione)
       select $1, 'A' || (g % 13), case when g % 3 = 0 then null else 'R' || (g % 5) end, (array['Valvola', 'valvola', 'Tubo'])[1 + g % 3]
       from generate_series(1, $2::int) g`,
      [az, ROWS],
    );
    for (const [q, filters] of [
      ['valvola', {}],
      ['va', {}],
      [undefined, { descrizione: 'tubo' }],
      [undefined, { codice: 'a1' }],
    ] as const) {
      for (const sort of ARTICLES_TABLE.columns.filter((col) => col.sortable).map((col) => col.key)) {
        for (const dir of ['asc', 'desc'] as const) {
          const list = (page: number, size: number, countUpTo: number) =>
            articoliRepo.page(t.deps.db, az, { page, size, sort, dir, q, filters: filters as any }, { countUpTo });
          const all = await list(1, 1000, Infinity);
          for (let p = 1; p <= Math.ceil(all.total / SIZE) + 1; p++) {
            const r = await list(p, SIZE, 10);
            const cap = countCap((p - 1) * SIZE, SIZE, 10);
            const where = `${q ?? JSON.stringify(filters)} ${sort} ${dir} page ${p}`;
            if (r.more) expect([r.total, all.total > cap], where).toEqual([cap, true]);
            else expect(r.total, where).toBe(all.total);
            if (all.total <= cap) expect(r.more, where).toBeUndefined();
            expect(
              r.rows.map((x) => x.id),
              where,
            ).toEqual(all.rows.slice((p - 1) * SIZE, p * SIZE).map((x) => x.id));
          }
        }
      }
    }
  });

  it('over HTTP: a search past 1,000 hits says "more than 1,000", its next pages stay reachable, the export holds every hit', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    await bulkClienti(sql, c.company.id, 1050, 'Rossi');
    await sql(`insert into clienti (azienda_id, ragione_sociale) values ($1, 'Verdi')`, [c.company.id]);
    const get = async (url: string) => {
      const r = await call(t.app, 'GET', url, admin);
      expect(r.status, url).toBe(200);
      return r.json;
    };
    const list = (qs: string) => get(`/api/clienti/clienti-filtered?size=25&sort=ragione_sociale&${qs}`);
    const first = await list('q=rossi');
    expect(first).toMatchObject({ totaleElementi: 1000, totalePiuDi: true });
    expect(first.items[0].ragione_sociale).toBe('Rossi 000001');
    // Page 40 is the last the first answer shows: it counts on to 2,000 and finds them all.
    const page40 = await list('q=rossi&page=40');
    expect(page40.totaleElementi).toBe(1050);
    expect(page40.totalePiuDi).toBeUndefined();
    expect(page40.items.at(-1).ragione_sociale).toBe('Rossi 001000');
    expect((await list('q=rossi&page=42&totale=1050')).items.map((i: any) => i.ragione_sociale)).toEqual(
      Array.from({ length: 25 }, (_, i) => `Rossi ${String(1026 + i).padStart(6, '0')}`),
    );
    // 1-2 characters (a prefix) count the same way; the whole list and a filter stay exact.
    expect(await list('q=r')).toMatchObject({ totaleElementi: 1000, totalePiuDi: true });
    const whole = await list('');
    expect(whole.totaleElementi).toBe(1051);
    expect(whole.totalePiuDi).toBeUndefined();
    expect((await list('provincia=TO')).totaleElementi).toBe(525);
    // Few hits: exact.
    expect(await list('q=verdi')).toMatchObject({ totaleElementi: 1, items: [{ ragione_sociale: 'Verdi' }] });
    // The picker counts up to 1,000 with or without a search.
    const picker = await get('/api/clienti/clienti?q=ross&size=20');
    expect(picker).toMatchObject({ totaleElementi: 1000, totalePiuDi: true });
    expect(Object.keys(picker.items[0]).sort()).toEqual(['citta', 'codice', 'id', 'ragione_sociale']);
    expect(await get('/api/clienti/clienti?size=20')).toMatchObject({ totaleElementi: 1000, totalePiuDi: true });
    // The export of the same search holds every hit.
    const csv = await call(t.app, 'GET', '/api/clienti/clienti/export?q=rossi&columns=ragione_sociale', admin);
    expect(
      csv.raw.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(1 + 1050);

    // Articles: the search box and the column filters alike.
    await sql(
      `insert into articoli (azienda_id, codice, descrizione) select $1, 'V' || lpad(g::text, 5, '0'), 'Valvola a sfera'
       from generate_series(1, 1010) g`,
      [c.company.id],
    );
    const art = async (body: Record<string, unknown>) => {
      const r = await call(t.app, 'POST', '/api/anagraficaarticoli/articoli/admin', { ...admin, body });
      expect(r.status).toBe(200);
      return r.json;
    };
    expect(await art({ q: 'sfera' })).toMatchObject({ totaleElementi: 1000, totalePiuDi: true });
    expect(await art({ filters: { descrizione: 'valvola' } })).toMatchObject({
      totaleElementi: 1000,
      totalePiuDi: true,
    });
    const all = await art({});
    expect(all.totaleElementi).toBe(1010);
    expect(all.totalePiuDi).toBeUndefined();
    const exported = await call(t.app, 'GET', '/api/anagraficaarticoli/articoli/export?q=sfera&columns=codice', admin);
    expect(
      exported.raw.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(1 + 1010);
  });
});
