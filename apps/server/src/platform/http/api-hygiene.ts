import type { FastifyInstance } from 'fastify';
import { forbiddenCharacter, forbiddenCharacterMessage } from '@fs/contract';
import { AppError, type FieldProblem } from '../errors.js';

/**
 * Rules every API answer and request follow, whatever the route:
 * - a character no text may hold (NUL, the other control characters but tab and line breaks, what
 *   XML 1.0 forbids: `forbiddenCharacter` of the contract) in any string of the body, the query
 *   or the path, keys included, is refused with a 400 naming the field, before validation, so
 *   that no route ever stores one (PostgreSQL refuses NUL; the Danea XML would break on the rest);
 * - answers are not cached by browsers or proxies (`Cache-Control: no-store`) unless the route
 *   says otherwise (media and logos set their own private lifetime).
 */
export function registerApiHygiene(api: FastifyInstance): void {
  api.addHook('preValidation', async (request) => {
    const found: FieldProblem[] = [];
    findForbidden(request.params, 'params', found);
    findForbidden(request.query, 'query', found);
    findForbidden(request.body, '', found);
    if (found.length) {
      throw new AppError('VALIDATION', `Carattere non ammesso in: ${found.map((f) => f.path).join(', ')}`, found);
    }
  });
  api.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

function findForbidden(value: unknown, at: string, out: FieldProblem[], depth = 0): void {
  if (out.length >= 20 || depth > 32) return;
  if (typeof value === 'string') {
    const bad = forbiddenCharacter(value);
    if (bad) out.push({ path: at || 'body', message: forbiddenCharacterMessage(bad) });
    return;
  }
  if (!value || typeof value !== 'object' || Buffer.isBuffer(value)) return;
  if (Array.isArray(value)) {
    value.forEach((v, i) => findForbidden(v, at ? `${at}.${i}` : String(i), out, depth + 1));
    return;
  }
  for (const [k, v] of Object.entries(value)) {
    const bad = forbiddenCharacter(k);
    if (bad) out.push({ path: at || 'body', message: forbiddenCharacterMessage(bad) });
    findForbidden(v, at ? `${at}.${k}` : k, out, depth + 1);
  }
}
