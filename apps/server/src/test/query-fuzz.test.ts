import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from './harness.js';
import { exampleBody } from './example-body.js';
import { day, reportCompany, type S } from '../features/operations/reports/test-helpers.js';
import type { RouteInfo } from '../app.js';
import { noQuery } from '@fs/contract';

/**
 * Query-string and path fuzz (issue 22): every documented query parameter and path parameter of
 * every API route, sent impossible dates, huge numbers, injections and odd shapes, by an
 * administrator and by a technician. No answer may be a 5xx, every refusal is our JSON error, the
 * process never meets an error nobody handled, and the server still answers afterwards.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const DATES = ['2026-02-31', '0000-01-01', '2026-13-01', '20260231', '00000101', '99999999', '1970-01-01T00:00:00Z'];
const NUMBERS = ['1e308', '99999999999999999999999', '-1', '-99999999999', '0', 'NaN', 'Infinity', '1.5', '0x10', ''];
const INJECTIONS = [
  "' or '1'='1",
  '1; drop table clienti;--',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '${7*7}{{7*7}}',
  '%',
  '\\',
  '\u0001',
  '🔧'.repeat(3),
  'a'.repeat(5000),
  '__proto__',
  'null',
  '[]',
];
const VALUES = [...DATES, ...NUMBERS, ...INJECTIONS];
/** The technician's calls (own data only: other filters in the SQL) take the values that reach the database. */
const TECH_VALUES = [...DATES, '1e308', '-1', "' or '1'='1", '\u0001'];

type Json = { type?: string; properties?: Record<string, unknown>; required?: string[] };
const jsonSchema = (schema: unknown): Json =>
  z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Json;

/** Valid values of a schema's required properties (path params: all of them), ids random. */
function baseline(schema: unknown, all: boolean): Record<string, string> {
  if (!schema) return {};
  const json = jsonSchema(schema);
  const example = exampleBody(schema, () => crypto.randomUUID()) as Record<string, unknown>;
  const keep = all ? Object.keys(json.properties ?? {}) : (json.required ?? []);
  return Object.fromEntries(keep.map((k) => [k, String(example[k])]));
}

const qs = (q: Record<string, string | string[]>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) for (const one of [v].flat()) p.append(k, one);
  const s = p.toString();
  return s ? `?${s}` : '';
};
const pathOf = (route: RouteInfo, params: Record<string, string>) =>
  route.path.replace(/:(\w+)/g, (_m: string, name: string) => encodeURIComponent(params[name] ?? 'x'));

describe('query and path fuzz', () => {
  it('answers every odd query or path value with a 2xx or our 4xx, and keeps serving', async () => {
    const unhandled: unknown[] = [];
    const note = (e: unknown) => void unhandled.push(e);
    process.on('uncaughtException', note);
    process.on('unhandledRejection', note);
    try {
      const x = await reportCompany(t);
      // Some rows, so that lists, exports and streams have something to read and write.
      const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
        cliente_id: x.clienteId,
        tecnici_ids: [x.techId],
        giornate: [day(x.techId, '2026-11-02')],
        materiali: [{ articolo_id: x.articoloId, descrizione: 'Valvola', quantita: '1' }],
      });
      expect(r.status, JSON.stringify(r.json)).toBe(200);

      // The request: the technician may not export (the data-export area), the office is told the date is wrong.
      const url = '/api/rapportini/rapportini/export?dal=2026-02-31';
      expect((await call(t.app, 'GET', url, x.tech)).status).toBe(403);
      const repro = await call(t.app, 'GET', url, x.admin);
      expect(repro.status).toBe(400);
      expect(repro.json).toMatchObject({ success: false, code: 'VALIDATION' });

      // Every route declares its query string (so unknown parameters are refused) and its path parameters.
      const undeclared = t.routes.filter(
        (route) => !(route.query ?? noQuery) || (route.path.includes(':') && !route.params),
      );
      expect(undeclared.map((route) => `${route.method} ${route.path}`)).toEqual([]);

      const failures: string[] = [];
      let calls = 0;
      const check = async (route: RouteInfo, s: S | undefined, url: string, what: string) => {
        calls++;
        const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
        const res = await call(t.app, route.method, url, { ...(s ?? {}), body });
        // A refusal is our JSON error; a 5xx only when it names a service outside (502 SMTP_FAILED), never 500 INTERNAL.
        const ours = res.json?.success === false && typeof res.json.code === 'string';
        const ok = res.status < 400 || (ours && res.status !== 500 && res.json.code !== 'INTERNAL');
        if (!ok) failures.push(`${route.method} ${route.path} ${what}: ${res.status} ${res.raw.body.slice(0, 200)}`);
      };

      // Logout last: it ends the session the other calls need.
      const routes = [...t.routes].sort(
        (a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')),
      );
      for (const route of routes) {
        const actors = route.auth === 'public' ? [undefined] : route.method === 'GET' ? [x.admin, x.tech] : [x.admin];
        const params = baseline(route.params, true);
        const query = baseline(route.query ?? noQuery, false);
        const names = Object.keys(jsonSchema(route.query ?? noQuery).properties ?? {});
        const pathNames = Object.keys(params);
        for (const s of actors) {
          // An unknown parameter carrying an impossible date: refused by every route's declared query string.
          await check(route, s, pathOf(route, params) + qs({ ...query, dal_fuzz: '2026-02-31' }), 'unknown parameter');
          if (route.method !== 'GET') continue;
          await check(route, s, pathOf(route, params) + qs(query), 'baseline');
          const values = s === x.tech ? TECH_VALUES : VALUES;
          for (const name of names) {
            for (const v of values)
              await check(route, s, pathOf(route, params) + qs({ ...query, [name]: v }), `${name}=${v.slice(0, 20)}`);
            await check(route, s, pathOf(route, params) + qs({ ...query, [name]: ['1', '2'] }), `${name} twice`);
          }
          for (const name of pathNames)
            for (const v of values)
              await check(route, s, pathOf(route, { ...params, [name]: v }) + qs(query), `:${name}=${v.slice(0, 20)}`);
        }
      }
      expect(failures).toEqual([]);
      expect(calls).toBeGreaterThan(2000);
      expect(unhandled).toEqual([]);
      // Still serving, and still right.
      expect((await call(t.app, 'GET', '/api/health')).status).toBe(200);
      // The report opened today (its opening day is the database's current date): a range around it.
      const around = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
      const list = await call(
        t.app,
        'GET',
        `/api/rapportini/rapportini/admin?dal=${around(-2)}&al=${around(2)}`,
        x.admin,
      );
      expect(list.status).toBe(200);
      expect(list.json.totaleElementi).toBe(1);
    } finally {
      process.off('uncaughtException', note);
      process.off('unhandledRejection', note);
    }
  }, 600_000);
});
