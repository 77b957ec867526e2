import type { FastifyInstance } from 'fastify';
import { AppError, type FieldProblem } from '../errors.js';

/**
 * Rules every API answer and request follow, whatever the route:
 * - a NUL character in any string of the body, the query or the path is refused with a 400
 *   naming the field (PostgreSQL cannot store it in text, and no field of the product has a
 *   use for it), before validation, so that no route ever reaches the database with one;
 * - answers are not cached by browsers or proxies (`Cache-Control: no-store`) unless the route
 *   says otherwise (media and logos set their own private lifetime).
 */
export function registerApiHygiene(api: FastifyInstance): void {
  api.addHook('preValidation', async (request) => {
    const found: FieldProblem[] = [];
    findNul(request.params, 'params', found);
    findNul(request.query, 'query', found);
    findNul(request.body, '', found);
    if (found.length) {
      throw new AppError('VALIDATION', `Carattere non ammesso (NUL) in: ${found.map((f) => f.path).join(', ')}`, found);
    }
  });
  api.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

const NUL_MESSAGE = 'contiene un carattere non ammesso (NUL)';

function findNul(value: unknown, at: string, out: FieldProblem[], depth = 0): void {
  if (out.length >= 20 || depth > 32) return;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push({ path: at || 'body', message: NUL_MESSAGE });
    return;
  }
  if (!value || typeof value !== 'object' || Buffer.isBuffer(value)) return;
  if (Array.isArray(value)) {
    value.forEach((v, i) => findNul(v, at ? `${at}.${i}` : String(i), out, depth + 1));
    return;
  }
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) out.push({ path: at || 'body', message: NUL_MESSAGE });
    findNul(v, at ? `${at}.${k}` : k, out, depth + 1);
  }
}
