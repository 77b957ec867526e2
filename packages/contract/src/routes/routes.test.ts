import { describe, expect, it } from 'vitest';
import { allRoutes, routes } from './index.js';

describe('the route table', () => {
  it('names each entry by its place in the table, once', () => {
    for (const [ns, entries] of Object.entries(routes))
      for (const [name, route] of Object.entries(entries)) expect(route.id).toBe(`${ns}.${name}`);
    const ids = allRoutes.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThan(160);
  });

  it('holds one entry per method and path, all under /api with declared parameters', () => {
    const keys = allRoutes.map((r) => `${r.method} ${r.path}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    for (const r of allRoutes) {
      expect(r.path, r.id).toMatch(/^\/api\//);
      if (r.path.includes(':')) expect(r.params, `${r.id}: path parameters need a schema`).toBeDefined();
      if (r.bodyKind === 'multipart')
        expect(r.body, `${r.id}: a multipart body is read by its handler`).toBeUndefined();
      if (r.method === 'GET' || r.method === 'DELETE') expect(r.body, r.id).toBeUndefined();
    }
  });

  it('says who may call each route: public routes nobody signed in, session routes a user', () => {
    for (const r of allRoutes) {
      if (r.auth === 'public') expect(r.principals, r.id).toEqual([]);
      else expect(r.principals, r.id).toContain('user');
    }
  });

  it('never opens identity, session, billing or registration to an API key', () => {
    const closed = [
      'auth',
      'session',
      'sso',
      'passwordReset',
      'users',
      'groups',
      'subscription',
      'registration',
      'promo',
      'options',
      'companyDeletion',
      'paymentSandbox',
    ];
    for (const ns of closed)
      for (const r of Object.values(routes[ns as keyof typeof routes]))
        expect(r.principals, r.id).not.toContain('api_key');
  });
});
