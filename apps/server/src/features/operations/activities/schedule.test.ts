import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '@fs/contract';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { activityCompany } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const today = todayIn('Europe/Rome');
const plus = (d: string, n: number) => {
  const x = new Date(`${d}T00:00:00Z`);
  x.setUTCDate(x.getUTCDate() + n);
  return x.toISOString().slice(0, 10);
};
const compact = (d: string) => d.replaceAll('-', '');

/** A contract from 60 days ago for a year, one activity every 2 weeks from its start. */
async function setup(regole?: Record<string, number>) {
  const x = await activityCompany(t);
  const c = await x.contract({ dataInizio: plus(today, -60), dataFine: plus(today, 304) });
  const add = await x.post(x.admin, '/contratti/contratto/lista-attivita', {
    contrattoId: c.id,
    attivita: [x.activity({ frequenza: { tipo: 'fissa', ogni: 2, unita: 'settimane' }, durata_minuti: 90, regole })],
  });
  expect(add.status, JSON.stringify(add.json)).toBe(200);
  const a = add.json.items[0];
  const dates = a.contratto_date as { id: string; data: string; stato: string }[];
  const next = dates.find((d) => d.data > plus(today, 1))!;
  const past = dates.filter((d) => d.data < today);
  return { ...x, c, a, dates, next, past };
}

describe('GET /attivita/attivita/start/{YYYYMMDD}/end/{YYYYMMDD}', () => {
  it('answers the range with contract, customer, plant, job role, duration, and the overdue ones', async () => {
    const x = await setup();
    const from = plus(today, 1);
    const to = plus(today, 30);
    const r = await x.get(x.admin, `/attivita/attivita/start/${compact(from)}/end/${compact(to)}`);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const mine = r.json.items.filter((i: { contratto_id: string }) => i.contratto_id === x.c.id);
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine[0]).toMatchObject({
      nome: 'Manutenzione caldaia',
      contratto: x.c.identificativo,
      cliente_id: x.clienteId,
      cliente: 'Idraulica Verdi S.n.c.',
      impianto: 'Centrale termica',
      mansione_id: x.mansioneId,
      durata_minuti: 90,
      stato: 'da_fare',
    });
    for (const i of mine) expect(i.data >= from && i.data <= to).toBe(true);
    // The past undone dates are overdue (scaduta), oldest first.
    expect(x.past.length).toBeGreaterThanOrEqual(4);
    for (const p of x.past) expect(p.stato).toBe('scaduta');
    const scadute = r.json.scadute.filter((i: { contratto_id: string }) => i.contratto_id === x.c.id);
    expect(scadute.map((s: { data: string }) => s.data)).toEqual(x.past.map((p) => p.data));
    expect(scadute[0].stato).toBe('scaduta');
  });

  it('pages the range by day then id: limit after cursor, next null on the last page, overdue on the first only', async () => {
    const x = await setup();
    const url = `/attivita/attivita/start/${compact(today)}/end/${compact(plus(today, 304))}`;
    const all = await x.get(x.admin, url);
    expect(all.status).toBe(200);
    expect(all.json.next).toBeNull();
    const whole = (all.json.items as { id: string }[]).map((i) => i.id);
    expect(whole.length).toBeGreaterThanOrEqual(21);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r = await x.get(x.admin, `${url}?limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect(r.json.items.length).toBeLessThanOrEqual(10);
      if (pages === 0) expect(r.json.scadute.length).toBeGreaterThan(0);
      else expect(r.json.scadute).toEqual([]);
      seen.push(...r.json.items.map((i: { id: string }) => i.id));
      cursor = r.json.next;
      pages++;
    } while (cursor);
    expect(pages).toBe(Math.ceil(whole.length / 10));
    expect(seen).toEqual(whole);
    for (const bad of [
      'limit=0',
      'limit=2001',
      'cursor=20260101',
      'cursor=2026-02-30~00000000-0000-0000-0000-000000000000',
      'x=1',
    ]) {
      const r = await x.get(x.admin, `${url}?${bad}`);
      expect([r.status, r.json.code], bad).toEqual([400, 'VALIDATION']);
    }
  });

  it('validates the range', async () => {
    const x = await setup();
    const get = (s: string, e: string) => x.get(x.admin, `/attivita/attivita/start/${s}/end/${e}`);
    expect((await get('20260101', '20270101')).status).toBe(200);
    for (const [s, e] of [
      ['20260101', '20270102'],
      ['20260201', '20260131'],
      ['20261332', '20261231'],
      ['20260230', '20260301'],
      ['2026011', '20260131'],
    ]) {
      const r = await get(s!, e!);
      expect([r.status, r.json.code], `${s}-${e}`).toEqual([400, 'VALIDATION']);
    }
  });
});

describe('POST /attivita/attivita/update', () => {
  it('warns beyond the maximum delay or advance, moves with conferma, refuses a done one', async () => {
    const x = await setup({ ritardo_massimo_giorni: 5, anticipo_massimo_giorni: 2 });
    const move = (data: string, conferma?: boolean) =>
      x.post(x.admin, '/attivita/attivita/update', { id: x.next.id, data, ...(conferma ? { conferma } : {}) });
    const late = await move(plus(x.next.data, 7));
    expect(late.status).toBe(200);
    expect(late.json).toMatchObject({ success: false, avviso: 'ritardo', giorni: 7, massimo: 5 });
    expect(late.json.message).toMatch(/ritardo massimo/);
    const early = await move(plus(x.next.data, -3));
    expect(early.json).toMatchObject({ success: false, avviso: 'anticipo', giorni: 3, massimo: 2 });
    const within = await move(plus(x.next.data, 4));
    expect(within.json).toMatchObject({
      success: true,
      item: { data: x.next.data, data_pianificata: plus(x.next.data, 4), stato: 'pianificata' },
    });
    const confirmed = await move(plus(x.next.data, 9), true);
    expect(confirmed.json.item.data_pianificata).toBe(plus(x.next.data, 9));
    // Back on its due day: no planned day any more.
    expect((await move(x.next.data)).json.item).toMatchObject({ data_pianificata: null, stato: 'da_fare' });
    expect((await move('2026-02-30')).status).toBe(400);
  });
});

describe('POST /attivita/attivita: a report from an occurrence', () => {
  it('makes the report once, closing it marks the occurrence done, deleting a report frees it', async () => {
    const x = await setup();
    const r = await x.post(x.admin, '/attivita/attivita', {
      id: x.next.id,
      tecnici: [x.techId],
      data_appuntamento: `${x.next.data}T09:00:00+01:00`,
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const id = r.json.rapportino_id as string;
    const report = await x.get(x.admin, `/rapportini/rapportini/admin/${id}`);
    expect(report.status).toBe(200);
    const item = report.json.item;
    expect(item).toMatchObject({
      stato: 'NUOVO',
      contratto_id: x.c.id,
      cliente_id: x.clienteId,
      impianto_id: x.impiantoId,
    });
    // Its appointment is the planner's, made for the occurrence (decision 0040).
    expect(item.data_appuntamento).toBe(new Date(`${x.next.data}T09:00:00+01:00`).toISOString());
    const planned = await x.get(x.admin, `/schedule/appointment/${item.appuntamento.id}`);
    expect(planned.json.item).toMatchObject({ rapportino_id: id, attivita_data_id: x.next.id });
    expect(JSON.stringify(item)).toContain(x.macchinaId);
    expect(JSON.stringify(item)).toContain(x.mansioneId);
    expect(JSON.stringify(item)).toContain(x.techId);
    for (const check of x.checks) expect(JSON.stringify(item)).toContain(check);
    const again = await x.post(x.admin, '/attivita/attivita', { id: x.next.id });
    expect([again.status, again.json.code]).toEqual([409, 'CONFLICT']);
    expect(again.json.message).toContain(id);
    const list = async () =>
      (await x.get(x.admin, `/contratti/contratto/attivita/${x.c.id}?allAttivita=true`)).json.items[0]
        .contratto_date as {
        id: string;
        stato: string;
        rapportino_id: string | null;
        fatta_at: string | null;
      }[];
    expect((await list()).find((d) => d.id === x.next.id)).toMatchObject({ rapportino_id: id, stato: 'pianificata' });

    const closed = await x.post(x.admin, '/rapportini/rapportino/chiusura', { id });
    expect(closed.status, JSON.stringify(closed.json)).toBe(200);
    const done = (await list()).find((d) => d.id === x.next.id)!;
    expect(done.stato).toBe('fatta');
    expect(Date.parse(done.fatta_at!)).toBeGreaterThan(0);
    // Done: not moved, no second report; the default view still shows it (from today on).
    const moved = await x.post(x.admin, '/attivita/attivita/update', {
      id: x.next.id,
      data: x.next.data,
      conferma: true,
    });
    expect(moved.status).toBe(409);
    const defaults = (await x.get(x.admin, `/contratti/contratto/attivita/${x.c.id}`)).json.items[0].contratto_date;
    expect(defaults.some((d: { id: string }) => d.id === x.next.id)).toBe(true);

    // A report from an overdue occurrence, deleted: the occurrence is free again.
    const old = x.past[0]!;
    const r2 = await x.post(x.admin, '/attivita/attivita', { id: old.id });
    expect(r2.status).toBe(200);
    const del = await x.post(x.admin, '/rapportini/rapportini/delete-bulk', { ids: [r2.json.rapportino_id] });
    expect(del.status, JSON.stringify(del.json)).toBe(200);
    expect((await list()).find((d) => d.id === old.id)).toMatchObject({ rapportino_id: null, stato: 'scaduta' });
    // The closed report deleted: its occurrence is no longer done; its appointment stays in the planner (as the
    // report stays when the appointment goes), so the occurrence is still planned.
    const delClosed = await x.post(x.admin, '/rapportini/rapportini/delete-bulk', { ids: [id] });
    expect(delClosed.status, JSON.stringify(delClosed.json)).toBe(200);
    expect((await list()).find((d) => d.id === x.next.id)).toMatchObject({
      rapportino_id: null,
      fatta_at: null,
      stato: 'pianificata',
    });
    // Without the reports' write permission: 403.
    const noWrite = await call(t.app, 'POST', '/api/attivita/attivita', { ...x.tech, body: { id: old.id } });
    expect([403, 200]).toContain(noWrite.status);
  });
});
