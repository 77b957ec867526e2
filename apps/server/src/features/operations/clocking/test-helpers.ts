import { call, newDeviceId, type TestApp } from '../../../test/harness.js';
import { createCompany, PASSWORD } from '../../../test/factories.js';

export type S = { token: string; deviceId: string; headers?: Record<string, string> };

/** A company (Europe/Rome) with a signed-in admin (the office) and technician, and the clocking calls. */
export async function clockingCompany(t: TestApp) {
  const c = await createCompany(t);
  const admin = await c.login('admin');
  const tech = await c.login('tech');
  const sql = (q: string, p: unknown[] = []) => t.deps.database.executeSql(q, p);
  return {
    c,
    admin,
    tech,
    aziendaId: c.company.id,
    techId: c.user('tech').id,
    adminId: c.user('admin').id,
    sql,
    /** The caller's own clock. */
    clock: (s: S, body: object) => call(t.app, 'POST', '/api/timbrature/timbratura', { ...s, body }),
    /** The office's save. */
    save: (s: S, body: object) => call(t.app, 'POST', '/api/timbrature/timbrature', { ...s, body }),
    get: (s: S, path: string) => call(t.app, 'GET', `/api/timbrature/${path}`, s),
    /** An option of the company as the options screen would store it. */
    async option(category: string, subcategory: string, value: string) {
      await sql(
        `insert into opzioni_azienda (azienda_id, category, subcategory, value) values ($1, $2, $3, $4)
         on conflict (azienda_id, category, subcategory) do update set value = excluded.value`,
        [c.company.id, category, subcategory, value],
      );
    },
    /** The technician signed in on the app too (a second session beside the web's). */
    async techOnApp(): Promise<S> {
      const deviceId = newDeviceId();
      const r = await call(t.app, 'POST', '/api/login/login', {
        deviceId,
        headers: { source: 'APP' },
        body: { piva: c.piva, username: 'tech', password: PASSWORD },
      });
      if (r.status !== 200) throw new Error(`login on the app: ${r.status} ${JSON.stringify(r.json)}`);
      return { token: r.json.item.token, deviceId, headers: { source: 'APP' } };
    },
    async customer(km: string | null) {
      const r = await sql(
        `insert into clienti (azienda_id, ragione_sociale, km_viaggio) values ($1, 'Cliente lontano', $2) returning id`,
        [c.company.id, km],
      );
      return r.rows[0].id as string;
    },
  };
}
export type ClockingCompany = Awaited<ReturnType<typeof clockingCompany>>;

/** An instant on the Rome wall clock of a November day (UTC+1). */
export const rome = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+01:00`).toISOString();
