import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_KEYS, type PagePermission } from '@fs/contract';
import { call, startTestApp, type TestApp } from './harness.js';
import { plannerCompany } from '../features/operations/schedule/test-helpers.js';

/**
 * The permission areas that gate what they name (issue 22): the data export (esportazione_dati) gates
 * the exports of lists, the interventions to schedule (interventi_da_pianificare) gate the planner's
 * to-dos. A technician without a group has neither; a group grants them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const ALL: PagePermission = {
  userRead: true,
  userWrite: true,
  userDelete: true,
  companyRead: true,
  companyWrite: true,
  companyDelete: true,
};
const NONE: PagePermission = {
  userRead: false,
  userWrite: false,
  userDelete: false,
  companyRead: false,
  companyWrite: false,
  companyDelete: false,
};

/** Every area of the office but `without`. */
const officeWithout = (...without: string[]) =>
  Object.fromEntries(PAGE_KEYS.map((k) => [k, without.includes(k) ? NONE : ALL]));

describe('permission areas', () => {
  it('data export: the exports of lists need esportazione_dati read besides the list', async () => {
    const x = await plannerCompany(t);
    const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      tecnici_ids: [x.techId],
      giornate: [{ data: '2026-11-02', tecnico_id: x.techId, totale_ore: '2' }],
    });
    expect(r.status).toBe(200);
    const exports = [
      ['GET', '/api/clienti/clienti/export'],
      ['GET', '/api/anagraficaarticoli/articoli/export?format=xlsx'],
      ['GET', '/api/rapportini/rapportini/export'],
      ['GET', '/api/rapportini/export/xml-danea'],
      ['POST', '/api/rapportini/rapportini/download-bulk'],
    ] as const;
    const status = async (s: typeof x.admin) => {
      const out: number[] = [];
      for (const [method, url] of exports)
        out.push((await call(t.app, method, url, { ...s, body: method === 'POST' ? {} : undefined })).status);
      return out;
    };
    expect(await status(x.admin)).toEqual([200, 200, 200, 200, 200]);
    // The technician reads their reports and the registries, but takes nothing out in bulk.
    expect(await status(x.tech)).toEqual([403, 403, 403, 403, 403]);
    expect((await x.get(x.tech, '/rapportini/rapportini/admin')).status).toBe(200);
    // An office group without the data export: the lists, not their files.
    const g = await x.post(x.admin, '/gruppi/gruppo', {
      name: 'Ufficio senza esportazioni',
      membri: [x.techId],
      permissions: officeWithout('esportazione_dati'),
    });
    expect(g.status, JSON.stringify(g.json)).toBe(200);
    const office = await x.c.login('tech');
    expect(await status(office)).toEqual([403, 403, 403, 403, 403]);
    expect((await x.get(office, '/clienti/clienti')).status).toBe(200);
    // With it, the same group exports.
    await x.post(x.admin, '/gruppi/gruppo', {
      id: g.json.gruppo.id,
      name: 'Ufficio con esportazioni',
      membri: [x.techId],
      permissions: officeWithout(),
    });
    expect(await status(await x.c.login('tech'))).toEqual([200, 200, 200, 200, 200]);
    // One report's own files stay with the report.
    expect((await x.get(office, `/rapportini/rapportino/${r.json.item.id}/pdf`)).status).not.toBe(403);
  });

  it('interventions to schedule: to-dos need interventi_da_pianificare (read to see, write to make and plan, delete)', async () => {
    const x = await plannerCompany(t);
    const todo = await x.post(x.admin, '/schedule/appointment/todo', { titolo: 'Richiamare', cliente_id: x.clienteId });
    expect(todo.status, JSON.stringify(todo.json)).toBe(200);
    const dated = await x.create();
    const g = await x.post(x.admin, '/gruppi/gruppo', {
      name: 'Pianificatori senza da fare',
      membri: [x.techId],
      permissions: officeWithout('interventi_da_pianificare'),
    });
    const s = await x.c.login('tech');
    expect((await x.get(s, '/schedule/appointments/admin?todo=true')).status).toBe(403);
    const all = await x.get(s, '/schedule/appointments/admin');
    expect(all.status).toBe(200);
    expect(all.json.items.map((i: { id: string }) => i.id)).toEqual([dated.id]);
    expect((await x.get(s, `/schedule/appointment/${todo.json.item.id}`)).status).toBe(404);
    expect((await x.post(s, '/schedule/appointment/todo', { titolo: 'Nuovo', cliente_id: x.clienteId })).status).toBe(
      403,
    );
    // Planning a to-do onto the calendar is changing it; a dated appointment is planned as before.
    expect((await x.save(s, { ...x.base(), id: todo.json.item.id, conferma: true })).status).toBe(403);
    expect((await x.save(s, { ...x.base(), id: dated.id, titolo: 'Spostato', conferma: true })).status).toBe(200);
    expect((await call(t.app, 'DELETE', `/api/schedule/appointment/remove/${todo.json.item.id}`, s)).status).toBe(403);
    expect((await x.get(x.admin, '/schedule/appointments/admin?todo=true')).json.totaleElementi).toBe(1);

    // Read only: the to-dos are seen, not made, planned or deleted.
    const reading = await x.post(x.admin, '/gruppi/gruppo', {
      id: g.json.gruppo.id,
      name: 'Pianificatori in lettura',
      membri: [x.techId],
      permissions: { ...officeWithout(), interventi_da_pianificare: { ...NONE, userRead: true, companyRead: true } },
    });
    expect(reading.status, JSON.stringify(reading.json)).toBe(200);
    const reader = await x.c.login('tech');
    expect((await x.get(reader, '/schedule/appointments/admin?todo=true')).json.totaleElementi).toBe(1);
    expect((await x.save(reader, { ...x.base(), id: todo.json.item.id, conferma: true })).status).toBe(403);
    // The administrator has every area.
    expect((await x.save(x.admin, { ...x.base(), id: todo.json.item.id, conferma: true })).status).toBe(200);
  });
});
