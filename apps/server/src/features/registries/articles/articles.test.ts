import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@fs/contract';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';
import { lockCompany } from '../../../platform/limits.js';
import * as service from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const sql = (text: string, values: unknown[] = []) => t.deps.database.executeSql(text, values);
type S = { token: string; deviceId: string };
const save = (s: S, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/anagraficaarticoli/articoli', { ...s, body });
const admin = (s: S, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/anagraficaarticoli/articoli/admin', { ...s, body });

/** Many articles at once, straight in SQL (codes ART-00001..). */
async function bulk(aziendaId: string, n: number, prefix = 'ART') {
  await sql(
    `insert into articoli (azienda_id, codice, riferimento_esterno, descrizione, unita_misura)
     select $1, $2 || '-' || lpad(g::text, 5, '0'), 'RIF' || g, 'Articolo numero ' || g, 'pz' from generate_series(1, $3::int) g`,
    [aziendaId, prefix, n],
  );
}

describe('articles: all', () => {
  it('streams every article by code in batches, ties on the code included, with the plan limit', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    // 2,345 articles over only 7 codes: every batch boundary of 1,000 falls inside a run of equal codes.
    await sql(
      `insert into articoli (azienda_id, codice, descrizione, prezzo_vendita) select $1, 'Z' || (g % 7), 'Articolo ' || g, g / 100.0
       from generate_series(1, 2345) g`,
      [c.company.id],
    );
    const r = await call(t.app, 'GET', '/api/anagraficaarticoli/articoli/all', s);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.json.success).toBe(true);
    expect(r.json.limit).toEqual({ used: 2345, allowed: LIMITS.itemsPerSlot });
    const expected = await sql('select id from articoli where azienda_id = $1 order by codice, id', [c.company.id]);
    expect(r.json.items.map((i: any) => i.id)).toEqual(expected.rows.map((x: any) => x.id));
    expect(r.json.items[0]).toMatchObject({ codice: 'Z0', riferimento_esterno: null, unita_misura: null });
    expect(r.json.items.find((i: any) => i.descrizione === 'Articolo 1234').prezzo_vendita).toBe('12.34');
  });
});

describe('articles: create, update, duplicates, delete', () => {
  it('creates with validation, updates, refuses a repeated code, confirms a repeated external reference, deletes', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');

    const bad = await save(s, { codice: ' ', descrizione: '', prezzo_vendita: '12,345' });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('VALIDATION');
    expect(bad.json.fields.map((f: any) => f.path).sort()).toEqual(['codice', 'descrizione', 'prezzo_vendita']);
    expect(bad.json.fields.find((f: any) => f.path === 'prezzo_vendita').message).toBe('Al massimo 2 decimali');
    const negative = await save(s, { codice: 'NEG', descrizione: 'Negativo', prezzo_vendita: '-5' });
    expect(negative.json.fields).toEqual([{ path: 'prezzo_vendita', message: 'Deve essere zero o più' }]);
    const italian = await save(s, { codice: 'IT-1', descrizione: 'Caldaia', prezzo_vendita: '2.450,00' });
    expect(italian.json.item.prezzo_vendita).toBe('2450.00');
    await call(t.app, 'POST', '/api/anagraficaarticoli/articoli/remove', {
      ...s,
      body: { ids: [italian.json.item.id] },
    });

    const a = await save(s, {
      codice: 'VITE-M6',
      riferimento_esterno: 'EXT-1',
      descrizione: 'Vite M6 x 20',
      unita_misura: 'pz',
      prezzo_vendita: '0,35',
      prezzo_acquisto: '0.10',
    });
    expect(a.status).toBe(200);
    expect(a.json.item).toMatchObject({
      codice: 'VITE-M6',
      riferimento_esterno: 'EXT-1',
      prezzo_vendita: '0.35',
      prezzo_acquisto: '0.10',
      unita_misura: 'pz',
    });
    expect(a.json.warnings).toEqual([]);

    // The same code (case and spaces aside) is refused, naming the other article; nothing saved.
    const sameCode = await save(s, { codice: 'vite -m6', descrizione: 'Copia' });
    expect(sameCode.status).toBe(409);
    expect(sameCode.json).toMatchObject({
      code: 'DUPLICATE_CODE',
      fields: [{ path: 'codice', message: 'Codice già usato da «VITE-M6 Vite M6 x 20»' }],
    });
    // The same external reference asks for a confirmation, then saves with the warning.
    const unconfirmed = await save(s, { codice: 'VITE-M6B', riferimento_esterno: 'ext-1', descrizione: 'Copia' });
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.json.code).toBe('DUPLICATE');
    expect(unconfirmed.json.fields.map((f: any) => f.path)).toEqual(['riferimento_esterno']);
    const b = await save(s, {
      codice: 'VITE-M6B',
      riferimento_esterno: 'ext-1',
      descrizione: 'Copia',
      confermaDuplicati: true,
    });
    expect(b.status).toBe(200);
    expect(b.json.warnings).toEqual([
      {
        code: 'DUPLICATE',
        field: 'riferimento_esterno',
        articoli: [{ id: a.json.item.id, codice: 'VITE-M6', descrizione: 'Vite M6 x 20' }],
      },
    ]);

    // Update: no warning about itself; the other still warns.
    const upd = await save(s, {
      id: b.json.item.id,
      codice: 'VITE-M8',
      riferimento_esterno: 'EXT-1',
      descrizione: 'Vite M8',
      prezzo_vendita: '',
    });
    expect(upd.status).toBe(200);
    expect(upd.json.item).toMatchObject({ id: b.json.item.id, codice: 'VITE-M8', prezzo_vendita: null });
    expect(upd.json.warnings.map((w: any) => w.field)).toEqual(['riferimento_esterno']);

    const missing = await save(s, { id: '00000000-0000-4000-8000-000000000000', codice: 'X', descrizione: 'X' });
    expect(missing.status).toBe(404);

    // Remove is all-or-nothing: an unknown id answers 404 and nothing goes.
    const none = await call(t.app, 'POST', '/api/anagraficaarticoli/articoli/remove', {
      ...s,
      body: { ids: [a.json.item.id, '00000000-0000-4000-8000-000000000000'] },
    });
    expect(none.status).toBe(404);
    const kept = await call(t.app, 'GET', '/api/anagraficaarticoli/articoli/all', s);
    expect(kept.json.items.map((i: { id: string }) => i.id)).toContain(a.json.item.id);
    const rm = await call(t.app, 'POST', '/api/anagraficaarticoli/articoli/remove', {
      ...s,
      body: { ids: [a.json.item.id, b.json.item.id] },
    });
    expect(rm.json).toEqual({ success: true, removed: 2 });
    const all = await call(t.app, 'GET', '/api/anagraficaarticoli/articoli/all', s);
    expect(all.json.items).toEqual([]);
    expect(all.json.limit).toEqual({ used: 0, allowed: LIMITS.itemsPerSlot });
  });

  it("the plan limit, as the customers': 0006 for a new article past 6,000 per slot, 0013 for any save while over it", async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    await bulk(c.company.id, LIMITS.itemsPerSlot);
    const full = await save(s, { codice: 'ONE-MORE', descrizione: 'Oltre il limite' });
    expect(full.status).toBe(403);
    expect(full.json.code).toBe('0006');
    // Updating an existing article is still allowed at the limit.
    const [first] = (await sql('select id from articoli where azienda_id = $1 limit 1', [c.company.id])).rows;
    expect((await save(s, { id: first.id, codice: 'ART-X', descrizione: 'Cambiato' })).status).toBe(200);

    await sql(`insert into subscription_items (azienda_id, type, quantity) values ($1, 'items', 1)`, [c.company.id]);
    expect((await save(s, { codice: 'ONE-MORE', descrizione: 'Con uno slot in più' })).status).toBe(200);
    const all = await call(t.app, 'GET', '/api/anagraficaarticoli/articoli/all', s);
    expect(all.json.limit).toEqual({ used: LIMITS.itemsPerSlot + 1, allowed: 2 * LIMITS.itemsPerSlot });

    // A bulk add (the import) that does not fit in what is left: 0006.
    await expect(
      t.deps.db.transaction(async (tx) => {
        await lockCompany(tx, c.company.id);
        await service.checkLimit(tx, c.company.id, LIMITS.itemsPerSlot);
      }),
    ).rejects.toMatchObject({ code: '0006' });

    // The slot given up: more articles than allowed, so every save answers 0013 until some are deleted.
    await sql(`delete from subscription_items where azienda_id = $1 and type = 'items'`, [c.company.id]);
    for (const body of [
      { codice: 'NEW', descrizione: 'Nuovo' },
      { id: first.id, codice: 'ART-Y', descrizione: 'Di nuovo' },
    ]) {
      const r = await save(s, body);
      expect(r.status).toBe(403);
      expect(r.json.code).toBe('0013');
    }
    await call(t.app, 'POST', '/api/anagraficaarticoli/articoli/remove', { ...s, body: { ids: [first.id] } });
    const [second] = (await sql('select id from articoli where azienda_id = $1 limit 1', [c.company.id])).rows;
    expect((await save(s, { id: second.id, codice: 'ART-Z', descrizione: 'Rientrato nel limite' })).status).toBe(200);
  });

  it('upsertByKeys: the same code, else the same external reference, overwrites; otherwise creates', async () => {
    const c = await createCompany(t);
    const run = (v: Record<string, string | null>) =>
      t.deps.db.transaction(async (tx) => {
        await lockCompany(tx, c.company.id);
        return service.upsertByKeys(tx, c.company.id, {
          codice: v.codice!,
          riferimento_esterno: v.riferimento_esterno ?? null,
          descrizione: v.descrizione ?? 'd',
          unita_misura: null,
          prezzo_vendita: null,
          prezzo_acquisto: null,
          aliquota_iva: null,
          natura_iva: null,
          note: null,
        });
      });
    const a = await run({ codice: 'A1', riferimento_esterno: 'R1', descrizione: 'uno' });
    expect(a.action).toBe('created');
    const byCode = await run({ codice: 'a1', riferimento_esterno: null, descrizione: 'uno bis' });
    expect(byCode).toMatchObject({ action: 'updated', item: { id: a.item.id, codice: 'a1', descrizione: 'uno bis' } });
    // Code A1 no longer matches (now a1 — case aside it does): use a new code with the old reference.
    const byRef = await run({ codice: 'B2', riferimento_esterno: 'r1', descrizione: 'per riferimento' });
    expect(byRef.action).toBe('created'); // the reference was cleared by the update above
    const byRef2 = await run({ codice: 'C3', riferimento_esterno: 'R1', descrizione: 'di nuovo' });
    expect(byRef2).toMatchObject({ action: 'updated', item: { id: byRef.item.id, codice: 'C3' } });
    const rows = (await sql('select codice from articoli where azienda_id = $1', [c.company.id])).rows;
    expect(rows.map((r: any) => r.codice).sort()).toEqual(['C3', 'a1']);
  });
});

describe('articles: lists and search', () => {
  it("admin pages, sorts, searches and filters with totaleElementi and tableInfos with the caller's columns", async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    await bulk(c.company.id, 120);
    await save(s, {
      codice: 'ZZ-BULLONE',
      riferimento_esterno: 'FORN-777',
      descrizione: 'Bullone zincato',
      unita_misura: 'kg',
    });

    const first = await admin(s, { tableInfos: true });
    expect(first.status).toBe(200);
    expect(first.json.totaleElementi).toBe(121);
    expect(first.json.items).toHaveLength(25);
    expect(first.json.items[0].codice).toBe('ART-00001');
    expect(first.json.tableInfos).toMatchObject({ table: 'articoli', minColumns: 2, maxColumns: 6 });
    expect(first.json.tableInfos.selectedColumns).toEqual(first.json.tableInfos.defaultColumns);

    const pref = await call(t.app, 'POST', '/api/tabelle/preferenza', {
      ...s,
      body: { tabella: 'articoli', colonne: ['descrizione', 'codice'] },
    });
    expect(pref.status).toBe(200);
    const again = await admin(s, { tableInfos: true, page: 5, size: 30, sort: 'codice', dir: 'desc' });
    expect(again.json.tableInfos.selectedColumns).toEqual(['descrizione', 'codice']);
    expect(again.json.items.map((i: any) => i.codice)).toEqual(['ART-00001']);
    expect((await admin(s, { sort: 'codice', dir: 'desc', size: 1 })).json.items[0].codice).toBe('ZZ-BULLONE');
    expect((await admin(s, { sort: 'descrizione', size: 1 })).json.items[0].codice).toBe('ART-00001');
    expect((await admin(s, { sort: 'unita_misura' })).status).toBe(400);
    expect((await admin(s, { size: 500 })).status).toBe(400);

    const q = await admin(s, { q: 'zincat' });
    expect(q.json).toMatchObject({ totaleElementi: 1, items: [{ codice: 'ZZ-BULLONE' }] });
    const f = await admin(s, { filters: { codice: 'art-0010', unita_misura: 'PZ' } });
    expect(f.json.items.map((i: any) => i.codice)).toEqual([
      'ART-00100',
      'ART-00101',
      'ART-00102',
      'ART-00103',
      'ART-00104',
      'ART-00105',
      'ART-00106',
      'ART-00107',
      'ART-00108',
      'ART-00109',
    ]);
    const second = await admin(s, { q: 'articolo numero', size: 100, page: 2, sort: 'descrizione', dir: 'desc' });
    expect(second.json.totaleElementi).toBe(120);
    expect(second.json.items).toHaveLength(20);
    const descs = second.json.items.map((i: any) => i.descrizione);
    expect([...descs].sort().reverse()).toEqual(descs);
    // A page past the end of a search still answers the total.
    expect((await admin(s, { q: 'articolo numero', page: 99 })).json).toMatchObject({ items: [], totaleElementi: 120 });
    // LIKE wildcards are literal.
    expect((await admin(s, { q: '%' })).json.totaleElementi).toBe(0);
    expect((await admin(s, { filters: { colore: 'rosso' } })).status).toBe(400);

    const filtered = await call(
      t.app,
      'GET',
      '/api/anagraficaarticoli/articoli-filtered?descrizione=numero%2011&unita_misura=pz',
      s,
    );
    expect(filtered.status).toBe(200);
    expect(filtered.json.items.map((i: any) => i.codice)).toEqual([
      'ART-00011',
      'ART-00110',
      'ART-00111',
      'ART-00112',
      'ART-00113',
      'ART-00114',
      'ART-00115',
      'ART-00116',
      'ART-00117',
      'ART-00118',
      'ART-00119',
    ]);
    expect(
      (await call(t.app, 'GET', '/api/anagraficaarticoli/articoli-filtered?q=bullone', s)).json.items,
    ).toHaveLength(1);
    expect((await call(t.app, 'GET', '/api/anagraficaarticoli/articoli-filtered?prezzo=1', s)).status).toBe(400);

    const all = await call(t.app, 'GET', '/api/anagraficaarticoli/articoli/all', s);
    expect(all.json.items).toHaveLength(121);
    expect(all.json.limit.used).toBe(121);
  });

  it('searches without regard to accents, case or the order of words, in the list and the picker', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    await bulk(c.company.id, 30);
    for (const [codice, descrizione] of [
      ['VS-12', 'Valvola a sfera 1/2"'],
      ['VF-50', 'Valvola a farfalla DN50'],
      ['TS-01', 'Termostato ambiente con display più grande'],
    ])
      expect((await save(s, { codice, descrizione })).status).toBe(200);
    const codes = async (q: string) => (await admin(s, { q, size: 50 })).json.items.map((i: any) => i.codice).sort();
    expect(await codes('valvola sfera')).toEqual(['VS-12']);
    expect(await codes('SFERA valvola')).toEqual(['VS-12']);
    expect(await codes('valvola')).toEqual(['VF-50', 'VS-12']);
    expect(await codes('piu grande')).toEqual(['TS-01']);
    expect(await codes('display termostato')).toEqual(['TS-01']);
    expect(await codes('valvola dn50')).toEqual(['VF-50']);
    const picker = await call(t.app, 'POST', '/api/anagraficaarticoli/articoli/research', {
      ...s,
      body: { q: 'sfera valvola' },
    });
    expect(picker.json.items.map((i: any) => i.codice)).toEqual(['VS-12']);
    // A column filter is folded too.
    const filtered = await admin(s, { filters: { descrizione: 'più' } });
    expect(filtered.json.items.map((i: any) => i.codice)).toEqual(['TS-01']);
    expect((await admin(s, { filters: { descrizione: 'piu' } })).json.totaleElementi).toBe(1);
  });

  it('research: exact code or reference first, then prefixes, then contains from 3 characters; limited', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    await bulk(c.company.id, 60);
    await save(s, { codice: 'X-1', riferimento_esterno: 'ART-00005', descrizione: 'Rimando a un altro codice' });
    const research = (body: Record<string, unknown>) =>
      call(t.app, 'POST', '/api/anagraficaarticoli/articoli/research', { ...s, body });

    const exact = await research({ q: 'art-00005' });
    expect(exact.json.items.map((i: any) => i.codice)).toEqual(['ART-00005', 'X-1']);
    const prefix = await research({ q: 'ART-0001', limit: 5 });
    expect(prefix.json.items.map((i: any) => i.codice)).toEqual([
      'ART-00010',
      'ART-00011',
      'ART-00012',
      'ART-00013',
      'ART-00014',
    ]);
    expect((await research({ q: 'rif5' })).json.items.map((i: any) => i.codice)).toEqual([
      'ART-00005',
      ...Array.from({ length: 10 }, (_, k) => `ART-000${50 + k}`),
    ]);
    expect((await research({ q: 'altro cod' })).json.items.map((i: any) => i.codice)).toEqual(['X-1']);
    // Every word somewhere, in any order: numbers 4, 14, 24, 34, 40-49 and 54.
    expect((await research({ q: 'numero 4' })).json.items).toHaveLength(15);
    expect((await research({ q: '4 numero' })).json.items).toHaveLength(15);
    expect((await research({ q: 'er' })).json.items).toEqual([]); // under 3 characters: prefixes only
    expect((await research({ q: 'a' })).json.items).toHaveLength(20);
    expect((await research({ q: '' })).status).toBe(400);
    expect((await research({ q: 'a', limit: 51 })).status).toBe(400);
  });
});

describe('articles: permissions and tenancy', () => {
  it("a technician reads but cannot write or delete; another company's articles stay apart", async () => {
    const a = await createCompany(t);
    const b = await createCompany(t);
    const sa = await a.login('admin');
    const tech = await a.login('tech');
    const sb = await b.login('admin');
    const art = await save(sa, { codice: 'SEGRETO-A', descrizione: 'Articolo di A' });

    expect((await call(t.app, 'GET', '/api/anagraficaarticoli/articoli/all', tech)).json.items).toHaveLength(1);
    expect((await save(tech, { codice: 'T', descrizione: 'T' })).status).toBe(403);
    expect(
      (
        await call(t.app, 'POST', '/api/anagraficaarticoli/articoli/remove', {
          ...tech,
          body: { ids: [art.json.item.id] },
        })
      ).status,
    ).toBe(403);
    // A group without anagrafica_articoli read: nothing loads.
    await call(t.app, 'POST', '/api/gruppi/gruppo', {
      ...sa,
      body: { name: 'Senza articoli', membri: [a.user('tech').id] },
    });
    const noRead = await a.login('tech');
    expect((await call(t.app, 'GET', '/api/anagraficaarticoli/articoli/all', noRead)).status).toBe(403);
    expect(
      (await call(t.app, 'POST', '/api/anagraficaarticoli/articoli/research', { ...noRead, body: { q: 'seg' } }))
        .status,
    ).toBe(403);

    // B sees none of A's, cannot update or delete it, and B's duplicate does not warn about A's.
    expect((await call(t.app, 'GET', '/api/anagraficaarticoli/articoli/all', sb)).json.items).toEqual([]);
    expect(
      (await call(t.app, 'POST', '/api/anagraficaarticoli/articoli/research', { ...sb, body: { q: 'SEGRETO-A' } })).json
        .items,
    ).toEqual([]);
    expect((await admin(sb, { q: 'segreto' })).json.totaleElementi).toBe(0);
    expect((await save(sb, { id: art.json.item.id, codice: 'RUBATO', descrizione: 'x' })).status).toBe(404);
    expect(
      (
        await call(t.app, 'POST', '/api/anagraficaarticoli/articoli/remove', {
          ...sb,
          body: { ids: [art.json.item.id] },
        })
      ).status,
    ).toBe(404);
    const own = await save(sb, { codice: 'SEGRETO-A', descrizione: 'Di B' });
    expect(own.json.warnings).toEqual([]);
    const still = await sql('select codice from articoli where id = $1', [art.json.item.id]);
    expect(still.rows[0].codice).toBe('SEGRETO-A');
  });
});

describe('articles: VAT rate and nature (decision 0050)', () => {
  it('keeps a rate, needs a nature with 0% and refuses one otherwise, and the database backs it up', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    const ten = await save(s, { codice: 'PZ-10', descrizione: 'Ricambio', aliquota_iva: '10' });
    expect(ten.status, JSON.stringify(ten.json)).toBe(200);
    expect(ten.json.item).toMatchObject({ aliquota_iva: '10.00', natura_iva: null });
    const exempt = await save(s, { codice: 'ES-1', descrizione: 'Esente', aliquota_iva: '0', natura_iva: 'n4' });
    expect(exempt.json.item).toMatchObject({ aliquota_iva: '0.00', natura_iva: 'N4' });
    const unset = await save(s, { codice: 'DEF', descrizione: 'Aliquota predefinita', aliquota_iva: '' });
    expect(unset.json.item).toMatchObject({ aliquota_iva: null, natura_iva: null });

    const required = await save(s, { codice: 'X1', descrizione: 'X', aliquota_iva: '0,00' });
    expect(required.status).toBe(400);
    expect(required.json.fields).toEqual([
      { path: 'natura_iva', message: "Con l'aliquota 0% indicare la natura dell'esenzione (N1-N7)" },
    ]);
    const forbidden = await save(s, { codice: 'X1', descrizione: 'X', aliquota_iva: '22', natura_iva: 'N4' });
    expect(forbidden.json.fields).toEqual([
      { path: 'natura_iva', message: "La natura si indica solo con l'aliquota 0%" },
    ]);
    const noRate = await save(s, { codice: 'X1', descrizione: 'X', natura_iva: 'N2.2' });
    expect(noRate.json.fields.map((f: any) => f.path)).toEqual(['natura_iva']);
    const unknown = await save(s, { codice: 'X1', descrizione: 'X', aliquota_iva: 0, natura_iva: 'N2' });
    expect(unknown.json.fields[0].message).toMatch(/^Natura IVA non valida/);
    const tooHigh = await save(s, { codice: 'X1', descrizione: 'X', aliquota_iva: '100' });
    expect(tooHigh.json.fields).toEqual([{ path: 'aliquota_iva', message: 'Numero troppo grande' }]);

    await expect(sql(`update articoli set natura_iva = 'N4' where id = $1`, [ten.json.item.id])).rejects.toThrow(
      /articoli_iva_ck/,
    );
    await expect(sql(`update articoli set natura_iva = null where id = $1`, [exempt.json.item.id])).rejects.toThrow(
      /articoli_iva_ck/,
    );
  });
});
