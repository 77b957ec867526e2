import type { z } from 'zod';
import { groupPermissionMap, type PermissionGroup, type permissionGroupSaveRequest } from '@fs/contract';
import { AppError, notFound } from '../../../platform/errors.js';
import type { CompanyContext } from '../../../platform/context.js';
import * as repo from './repo.js';
import { uniqueViolation } from '../../../platform/db/pg-errors.js';

type SaveInput = z.output<typeof permissionGroupSaveRequest>;
type Member = Awaited<ReturnType<typeof repo.membersOf>>[number];

function toGruppo(g: repo.GroupRow, members: Member[]): PermissionGroup {
  return {
    id: g.id,
    name: g.name,
    permissions: groupPermissionMap(g.permissions),
    membri: members.map((m) => ({ id: m.id, name: m.name, surname: m.surname, username: m.username })),
  };
}

export async function listGroups(ctx: CompanyContext): Promise<PermissionGroup[]> {
  const aziendaId = ctx.company.id;
  const [groups, members] = await Promise.all([repo.listGroups(ctx.db, aziendaId), repo.membersOf(ctx.db, aziendaId)]);
  return groups.map((g) =>
    toGruppo(
      g,
      members.filter((m) => m.gruppoId === g.id),
    ),
  );
}

export async function getGroup(ctx: CompanyContext, id: string): Promise<PermissionGroup> {
  const aziendaId = ctx.company.id;
  const g = await repo.findGroup(ctx.db, aziendaId, id);
  if (!g) throw notFound('Gruppo');
  return toGruppo(g, await repo.membersOf(ctx.db, aziendaId, id));
}

const conflict = (path: string, message: string) => new AppError('CONFLICT', message, [{ path, message }]);

/**
 * Creates or updates a group with its members in one transaction: the name is
 * unique in the company, members are non-admin users of the company, and a
 * user already in another group must leave it first.
 */
export async function saveGroup(ctx: CompanyContext, input: SaveInput): Promise<PermissionGroup> {
  const aziendaId = ctx.company.id;
  const memberIds = [...new Set(input.membri)];
  try {
    const id = await ctx.transaction(async ({ db: tx }) => {
      const existing = input.id ? await repo.findGroup(tx, aziendaId, input.id) : undefined;
      if (input.id && !existing) throw notFound('Gruppo');
      const sameName = await repo.findGroupByName(tx, aziendaId, input.name);
      if (sameName && sameName.id !== existing?.id) throw conflict('name', 'Esiste già un gruppo con questo nome');
      const users = await repo.usersByIds(tx, aziendaId, memberIds);
      if (users.length !== memberIds.length) throw conflict('membri', 'Utente non trovato');
      const admin = users.find((u) => u.role === 'admin');
      if (admin) throw conflict('membri', `${admin.username} è un amministratore: non può far parte di un gruppo`);
      const elsewhere = users.find((u) => u.gruppoId && u.gruppoId !== existing?.id);
      if (elsewhere) throw conflict('membri', `${elsewhere.username} fa già parte di un altro gruppo`);
      const group = existing
        ? (await repo.updateGroup(tx, aziendaId, existing.id, {
            name: input.name,
            permissions: input.permissions,
            updatedAt: new Date(),
          }),
          existing)
        : await repo.insertGroup(tx, { aziendaId, name: input.name, permissions: input.permissions });
      await repo.setMembers(tx, aziendaId, group.id, memberIds);
      return group.id;
    });
    return await getGroup(ctx, id);
  } catch (e) {
    if (uniqueViolation(e)) throw conflict('name', 'Esiste già un gruppo con questo nome');
    throw e;
  }
}

export async function deleteGroup(ctx: CompanyContext, id: string): Promise<void> {
  const aziendaId = ctx.company.id;
  await ctx.transaction(async ({ db: tx }) => {
    const g = await repo.findGroup(tx, aziendaId, id);
    if (!g) throw notFound('Gruppo');
    await repo.releaseMembers(tx, aziendaId, id);
    await repo.deleteGroup(tx, aziendaId, id);
  });
}
