import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';
import { runReminders } from './reminders.js';
import { plannerCompany } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

describe('planner: reminders', () => {
  it('mails each technician once per start, across double and concurrent runs; a move makes a new one due', async () => {
    const x = await plannerCompany(t);
    const tech2 = await x.post(x.admin, '/users/user', {
      username: 'tech2',
      password: 'Tre-Caldaie-Rosse',
      email: `tech2.${Date.now()}@test.local`,
      scheduleenabled: 'Y',
    });
    expect(tech2.status, JSON.stringify(tech2.json)).toBe(200);
    const emails = [x.c.user('tech').email!, tech2.json.item.email as string];
    const item = await x.create({
      tecnici_ids: [x.techId, tech2.json.item.id],
      inizio: inMinutes(20),
      fine: inMinutes(80),
    });
    const count = (to: string) => t.smtp.mails.filter((m) => m.to.includes(to)).length;
    // Not due yet with no reminder set.
    await runReminders(t.deps);
    expect(emails.map(count)).toEqual([0, 0]);
    const set = await x.post(x.admin, '/schedule/appointment/reminder', { id: item.id, minuti_prima: 30 });
    expect(set.json.item.promemoria_minuti).toBe(30);
    await runReminders(t.deps);
    await runReminders(t.deps);
    await Promise.all([runReminders(t.deps), runReminders(t.deps)]);
    await t.smtp.waitFor(emails[1]!);
    expect(emails.map(count)).toEqual([1, 1]);
    const mail = t.smtp.mails.find((m) => m.to.includes(emails[0]!))!;
    expect(mail.text).toContain('Manutenzione caldaia');
    const sent = await x.get(x.admin, `/schedule/appointment/${item.id}`);
    expect(sent.json.item.promemoria_inviato_at).not.toBeNull();
    // Moved: a new start, a new reminder (once again).
    const moved = await x.save(x.admin, {
      ...x.base({ tecnici_ids: [x.techId, tech2.json.item.id], inizio: inMinutes(25), fine: inMinutes(85) }),
      id: item.id,
      conferma: true,
    });
    expect(moved.json.item.promemoria_inviato_at).toBeNull();
    await Promise.all([runReminders(t.deps), runReminders(t.deps)]);
    await runReminders(t.deps);
    expect(emails.map(count)).toEqual([2, 2]);
    const rows = await x.sql('select count(*)::int n from promemoria_inviati where appuntamento_id = $1', [item.id]);
    expect(rows.rows[0].n).toBe(4);
  });

  it('sends nothing for a start already past or a reminder not yet due', async () => {
    const x = await plannerCompany(t);
    const to = x.c.user('tech').email!;
    await x.create({ inizio: inMinutes(120), fine: inMinutes(180), promemoria_minuti: 30 });
    await x.create({ inizio: inMinutes(-10), fine: inMinutes(50), promemoria_minuti: 30 });
    await runReminders(t.deps);
    expect(t.smtp.mails.filter((m) => m.to.includes(to))).toHaveLength(0);
  });
});

describe('planner: calendar feed', () => {
  it("carries only the technician's appointments; regenerating and revoking retire the old address", async () => {
    const x = await plannerCompany(t);
    const tech2 = await x.post(x.admin, '/users/user', {
      username: 'tech2',
      password: 'Tre-Caldaie-Rosse',
      email: `tech2f.${Date.now()}@test.local`,
      scheduleenabled: 'Y',
    });
    await x.create({ titolo: 'Visita del tecnico', inizio: inMinutes(60 * 24), fine: inMinutes(60 * 25) });
    await x.create({
      titolo: 'Visita di un collega',
      tecnici_ids: [tech2.json.item.id],
      inizio: inMinutes(60 * 24),
      fine: inMinutes(60 * 25),
    });
    const feed = await x.post(x.tech, '/utenti/calendar-feed', {});
    expect(feed.status).toBe(200);
    const path = new URL(feed.json.url).pathname;
    expect(path).toMatch(/^\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const token = path.split('/').pop()!.replace('.ics', '');
    const stored = await x.sql('select token_hash from calendar_feeds where utente_id = $1', [x.techId]);
    expect(stored.rows[0].token_hash).not.toContain(token);
    const ics = await call(t.app, 'GET', path);
    expect(ics.status).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.raw.body).toContain('BEGIN:VCALENDAR');
    expect(ics.raw.body).toContain('Visita del tecnico');
    expect(ics.raw.body).toContain('X-WR-TIMEZONE:Europe/Rome');
    expect(ics.raw.body).not.toContain('Visita di un collega');
    expect(ics.raw.body).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    // Regenerated: the old address is gone.
    const again = await x.post(x.tech, '/utenti/calendar-feed', {});
    expect((await call(t.app, 'GET', path)).status).toBe(404);
    const path2 = new URL(again.json.url).pathname;
    expect((await call(t.app, 'GET', path2)).status).toBe(200);
    expect((await call(t.app, 'DELETE', '/api/utenti/calendar-feed', x.tech)).status).toBe(200);
    expect((await call(t.app, 'GET', path2)).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/calendar/feed/nonesiste.ics')).status).toBe(404);
    // A technician may not make another's; an admin may make a technician's.
    expect((await x.post(x.tech, '/utenti/calendar-feed', { utente_id: x.adminId })).status).toBe(403);
    const forTech = await x.post(x.admin, '/utenti/calendar-feed', { utente_id: x.techId });
    expect(forTech.status).toBe(200);
    const ics2 = await call(t.app, 'GET', new URL(forTech.json.url).pathname);
    expect(ics2.raw.body).toContain('Visita del tecnico');
  });
});

describe('planner: another company', () => {
  it("never reads or changes another company's appointments", async () => {
    const x = await plannerCompany(t);
    const item = await x.create({ titolo: 'Appuntamento riservato di A', promemoria_minuti: 10 });
    const b = await createCompany(t);
    const sb = await b.login('admin');
    const get = (url: string) => call(t.app, 'GET', `/api${url}`, sb);
    const post = (url: string, body: unknown) => call(t.app, 'POST', `/api${url}`, { ...sb, body });
    expect((await get(`/schedule/appointment/${item.id}`)).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/schedule/appointment/remove/${item.id}`, sb)).status).toBe(404);
    expect((await post('/schedule/appointment', { ...x.base(), id: item.id, conferma: true })).status).toBe(404);
    expect((await post('/schedule/appointment', { ...x.base(), conferma: true })).status).toBe(404);
    expect(
      (await post('/schedule/appointment/todo', { id: item.id, titolo: 'x', cliente_id: x.clienteId })).status,
    ).toBe(404);
    expect((await post('/schedule/appointment/reminder', { id: item.id, minuti_prima: 5 })).status).toBe(404);
    expect((await post('/utenti/calendar-feed', { utente_id: x.techId })).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/utenti/calendar-feed?utente_id=${x.techId}`, sb)).status).toBe(404);
    expect((await get(`/imposta-versione-schedule-vecchia/1/${x.c.company.id}`)).status).toBe(403);
    for (const r of [
      await get('/v2/schedule/appointments/start/20261101/end/20261130'),
      await get(`/v2/schedule/appointments/start/20261101/end/20261130?tecnico_id=${x.techId}`),
      await get('/v2/schedule/appointments/admin/geolocation?start=20261101&end=20261130'),
      await get('/schedule/appointments/admin'),
      await post('/tracking/geolocation/mapRequest', { range: 'mese' }),
    ]) {
      expect(r.status).toBe(200);
      expect(r.json.items).toEqual([]);
      expect(r.raw.body).not.toContain(item.id);
    }
    const still = await x.get(x.admin, `/schedule/appointment/${item.id}`);
    expect(still.json.item).toMatchObject({ titolo: 'Appuntamento riservato di A', promemoria_minuti: 10 });
  });
});
