import type { z } from 'zod';
import { groupPermissionMap, type PermissionGroup, type permissionGroupSaveRequest } from '@fs/contract';
import { AppError, notFound } from '../../../platform/errors.js';
import type { Deps } from '../../../platform/deps.js';
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

export async function listGroups(deps: Deps, aziendaId: string): Promise<PermissionGroup[]> {
  const [groups, members] = await Promise.all([
    repo.listGroups(deps.db, aziendaId),
    repo.membersOf(deps.db, aziendaId),
  ]);
  return groups.map((g) =>
    toGruppo(
      g,
      members.filter((m) => m.gruppoId === g.id),
    ),
  );
}

export async function getGroup(deps: Deps, aziendaId: string, id: string): Promise<PermissionGroup> {
  const g = await repo.findGroup(deps.db, aziendaId, id);
  if (!g) throw notFound('Gruppo');
  return toGruppo(g, await repo.membersOf(deps.db, aziendaId, id));
}

const conflict = (path: string, message: string) => new AppError('CONFLICT', message, [{ path, message }]);

/**
 * Creates or updates a group with its members in one transaction: the name is
 * unique in the company, members are non-admin users of the company, and a
 * user already in another group must leave it first.
 */
export async function saveGroup(deps: Deps, aziendaId: string, input: SaveInput): Promise<PermissionGroup> {
  const memberIds = [...new Set(input.membri)];
  try {
    const id = await deps.db.transaction(async (tx) => {
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
    return await getGroup(deps, aziendaId, id);
  } catch (e) {
    if (uniqueViolation(e)) throw conflict('name', 'Esiste già un gruppo con questo nome');
    throw e;
  }
}

export async function deleteGroup(deps: Deps, aziendaId: string, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const g = await repo.findGroup(tx, aziendaId, id);
    if (!g) throw notFound('Gruppo');
    await repo.releaseMembers(tx, aziendaId, id);
    await repo.deleteGroup(tx, aziendaId, id);
  });
}
