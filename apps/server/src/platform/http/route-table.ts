import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { allRoutes, type RouteSpec } from '@fs/contract';

/** The paths the server serves under /api without a table entry: the OpenAPI document and its viewer. */
const DOCS_PREFIX = '/api/docs';

export interface RegisteredRoutes {
  /** Route ids as registered, in order (an id twice is a failure). */
  ids: string[];
  /** API routes registered without a table entry. */
  outside: string[];
}

/** Records every API route as Fastify registers it, with the table entry it implements. */
export function collectRegisteredRoutes(app: FastifyInstance): RegisteredRoutes {
  const found: RegisteredRoutes = { ids: [], outside: [] };
  app.addHook('onRoute', (r) => {
    if (!r.url.startsWith('/api/') || r.url.startsWith(DOCS_PREFIX)) return;
    const methods = [r.method].flat().filter((m) => m !== 'HEAD');
    if (methods.length === 0) return;
    const id = r.config?.routeId;
    if (id) found.ids.push(id);
    else found.outside.push(`${methods.join(',')} ${r.url}`);
  });
  return found;
}

/**
 * The start-up check: every entry of the route table implemented exactly once (the payment
 * sandbox's only with the sandbox gateway; none in a worker-only process), and no API route
 * registered outside the table. Answers the entries this server serves.
 */
export function checkRouteTable(
  registered: RegisteredRoutes,
  opts: { serves: boolean; paymentSandbox: boolean },
  table: readonly RouteSpec[] = allRoutes,
): RouteSpec[] {
  const expected = table.filter(
    (r) => (opts.serves || r.id === 'system.health') && (r.onlyWith !== 'payment-sandbox' || opts.paymentSandbox),
  );
  const problems: string[] = registered.outside.map((r) => `registered outside the route table: ${r}`);
  const byId = new Map(table.map((r) => [r.id, r]));
  const counts = new Map<string, number>();
  for (const id of registered.ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  for (const [id, n] of counts) {
    if (!byId.has(id)) problems.push(`implemented but not in the route table: ${id}`);
    if (n > 1) problems.push(`implemented ${n} times: ${id}`);
  }
  for (const r of expected) if (!counts.has(r.id)) problems.push(`not implemented: ${r.id} (${r.method} ${r.path})`);
  if (problems.length > 0) throw new Error(`The server does not match the route table:\n  ${problems.join('\n  ')}`);
  return expected;
}

/**
 * The OpenAPI document's operation of a route: the zod schemas as JSON Schema (the type provider's
 * transform), the table's id as operationId, its permission and principal kinds as extensions.
 */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input);
  const config = (input.route as { config?: Record<string, unknown> }).config ?? {};
  const id = config.routeId as string | undefined;
  if (!id || !out.schema) return out;
  return {
    ...out,
    schema: {
      ...out.schema,
      operationId: id,
      'x-principals': config.principals ?? [],
      ...(config.permission ? { 'x-permission': config.permission } : {}),
    } as typeof out.schema,
  };
};
