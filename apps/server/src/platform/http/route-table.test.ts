import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, defineRoute, itemResponse, NOBODY, routes, USER_ONLY } from '@fs/contract';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { checkRouteTable } from './route-table.js';

/** The server registers exactly the route table, and the OpenAPI document lists exactly its routes. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('route table', () => {
  it('is what the server serves: every entry once', () => {
    const served = t.routes.map((r) => r.id).sort();
    const expected = allRoutes
      .filter((r) => r.onlyWith !== 'payment-sandbox' || t.deps.config.PAYMENT_GATEWAY === 'sandbox')
      .map((r) => r.id)
      .sort();
    expect(served).toEqual(expected);
  });

  it('refuses to start when an entry is missing, implemented twice, or a route is outside the table', () => {
    const one = defineRoute({
      id: 'test.one',
      method: 'GET',
      path: '/api/test/one',
      auth: 'public',
      principals: NOBODY,
      tags: ['test'],
      summary: 'one',
      answer: itemResponse(z.string()),
      answerKind: 'json',
      errors: [],
    });
    const two = { ...one, id: 'test.two', path: '/api/test/two', auth: 'session', principals: USER_ONLY } as const;
    const opts = { serves: true, paymentSandbox: false };
    expect(checkRouteTable({ ids: ['test.one', 'test.two'], outside: [] }, opts, [one, two])).toEqual([one, two]);
    expect(() => checkRouteTable({ ids: ['test.one'], outside: [] }, opts, [one, two])).toThrow(
      /not implemented: test.two \(GET \/api\/test\/two\)/,
    );
    expect(() => checkRouteTable({ ids: ['test.one', 'test.one', 'test.two'], outside: [] }, opts, [one, two])).toThrow(
      /implemented 2 times: test.one/,
    );
    expect(() =>
      checkRouteTable({ ids: ['test.one', 'test.two'], outside: ['GET /api/extra'] }, opts, [one, two]),
    ).toThrow(/registered outside the route table: GET \/api\/extra/);
    expect(() => checkRouteTable({ ids: ['test.one', 'test.two', 'x.y'], outside: [] }, opts, [one, two])).toThrow(
      /implemented but not in the route table: x.y/,
    );
    // A worker-only process serves the health route alone.
    expect(() =>
      checkRouteTable({ ids: [], outside: [] }, { serves: false, paymentSandbox: false }, [one]),
    ).not.toThrow();
  });

  it("makes the OpenAPI document: exactly the table's operations, with schemas, security and permission", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, Record<string, any>>> };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(operations.map((o) => o.key).sort()).toEqual(
      t.routes.map((r) => `${r.method} ${openApiPath(r.path)}`).sort(),
    );
    for (const route of t.routes) {
      const op = doc.paths[openApiPath(route.path)]![route.method.toLowerCase()]!;
      expect(op.operationId).toBe(route.id);
      expect(op.summary).toBe(route.summary);
      expect(op['x-principals']).toEqual(route.principals);
      if (route.permission) expect(op['x-permission'], route.id).toEqual(route.permission);
      else expect(op['x-permission'], route.id).toBeUndefined();
      if (route.auth === 'session') {
        expect(op.security, route.id).toEqual(
          route.principals.includes('api_key') ? [{ bearerAuth: [] }, { apiKeyAuth: [] }] : [{ bearerAuth: [] }],
        );
      }
      expect(Object.keys(op.responses).map(Number).sort(), route.id).toEqual(
        [200, ...Object.keys(route.answers ?? {}).map(Number), ...route.errors].sort(),
      );
      if (route.body) expect(op.requestBody?.content?.['application/json']?.schema, route.id).toBeDefined();
      if (route.bodyKind === 'multipart') expect(Object.keys(op.requestBody?.content ?? {}), route.id).toEqual([]);
    }
    // One entry spelled out: the permission of a customer list, the security of a session route.
    const list = doc.paths['/api/clienti/clienti-filtered']!.get!;
    expect(list['x-permission']).toEqual(routes.customers.list.permission);
    expect(list['x-principals']).toEqual(['user', 'api_key']);
  });
});
