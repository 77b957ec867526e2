import { can } from '@fs/contract';
import { userIdOf } from '../../../platform/auth/principal.js';
import type { CompanyContext } from '../../../platform/context.js';
import { AppError, notFound } from '../../../platform/errors.js';
import * as repo from './repo.js';

/**
 * Who may see and change whose clockings (platform permissions `timbrature`, `amministrazione_timbrature`):
 * one's own with the first; another technician's, corrections, approvals with the second.
 */
export function clockingAccess(ctx: CompanyContext) {
  const p = ctx.principal.permissions;
  return {
    self: userIdOf(ctx.principal),
    officeRead: can(p, 'amministrazione_timbrature', 'read'),
    officeWrite: can(p, 'amministrazione_timbrature', 'write'),
  };
}

export const othersForbidden = () =>
  new AppError('FORBIDDEN', 'Le timbrature degli altri tecnici richiedono il permesso di amministrazione timbrature');

/**
 * The technician whose records a read is about: `utenteId` (the caller's own, or another's with
 * amministrazione_timbrature read; 404 when not the company's), else the caller.
 */
export async function technicianOf(ctx: CompanyContext, utenteId: string | undefined): Promise<string> {
  const a = clockingAccess(ctx);
  const id = utenteId ?? a.self;
  if (!id) throw new AppError('VALIDATION', 'Indicare il tecnico', [{ path: 'utenteId', message: 'obbligatorio' }]);
  if (id !== a.self && !a.officeRead) throw othersForbidden();
  if (id !== a.self && !(await repo.findUser(ctx.db, ctx.company.id, id))) throw notFound('Tecnico');
  return id;
}
