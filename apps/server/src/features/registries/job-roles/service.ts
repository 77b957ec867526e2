import type { z } from 'zod';
import type { ChecklistItem, checklistItemSaveRequest, JobRole, jobRoleSaveRequest } from '@fs/contract';
import { AppError, notFound } from '../../../platform/errors.js';
import type { CompanyContext } from '../../../platform/context.js';
import type { DbOrTx } from '../../../platform/db/client.js';
import * as repo from './repo.js';
import { assertControlloUnused, assertMansioneUnused, inUseRefusal } from './in-use.js';
import { toControllo, toMansione } from './presenter.js';
import { uniqueViolation } from '../../../platform/db/pg-errors.js';

type MansioneInput = z.output<typeof jobRoleSaveRequest>;
type ControlloInput = z.output<typeof checklistItemSaveRequest>;

const sameName = () =>
  new AppError('CONFLICT', 'Esiste già una mansione con questo nome', [{ path: 'nome', message: 'Nome già usato' }]);

async function assemble(db: DbOrTx, aziendaId: string, rows: repo.MansioneRow[]): Promise<JobRole[]> {
  const ids = rows.map((r) => r.id);
  const [checks, holders] = await Promise.all([
    repo.controlliOf(db, aziendaId, ids),
    repo.holdersOf(db, aziendaId, ids),
  ]);
  return rows.map((r) =>
    toMansione(
      r,
      checks.filter((c) => c.mansioneId === r.id),
      holders.filter((h) => h.mansioneId === r.id),
    ),
  );
}

export async function list(ctx: CompanyContext): Promise<JobRole[]> {
  return assemble(ctx.db, ctx.company.id, await repo.listMansioni(ctx.db, ctx.company.id));
}

export async function get(ctx: CompanyContext, id: string): Promise<JobRole> {
  const row = await repo.findMansione(ctx.db, ctx.company.id, id);
  if (!row) throw notFound('Mansione');
  return (await assemble(ctx.db, ctx.company.id, [row]))[0]!;
}

/** Creates (no id) or renames a job role; the name is unique in the company, case aside (409 CONFLICT). */
export async function saveMansione(ctx: CompanyContext, input: MansioneInput): Promise<JobRole> {
  const values = { nome: input.nome, descrizione: input.descrizione };
  let id: string;
  try {
    id = await ctx.transaction(async ({ db: tx }) => {
      const other = await repo.findMansioneByName(tx, ctx.company.id, input.nome);
      if (other && other.id !== input.id) throw sameName();
      if (!input.id) return (await repo.insertMansione(tx, ctx.company.id, values)).id;
      const row = await repo.updateMansione(tx, ctx.company.id, input.id, values);
      if (!row) throw notFound('Mansione');
      return row.id;
    });
  } catch (e) {
    if (uniqueViolation(e)) throw sameName();
    throw e;
  }
  return get(ctx, id);
}

/**
 * Deletes a job role with its checks, unless it is in use: 403 with the first
 * applicable code (0032 user, 0033 report, 0034 contract, 0035 check in an
 * activity; in-use.ts). The row is locked first, so a user, report or contract
 * cannot take the job role between the check and the delete; the foreign keys of
 * the links back that up (each refusal answered with its code).
 */
export async function deleteMansione(ctx: CompanyContext, id: string): Promise<void> {
  try {
    await ctx.transaction(async ({ db: tx }) => {
      const row = await repo.findMansione(tx, ctx.company.id, id, true);
      if (!row) throw notFound('Mansione');
      await assertMansioneUnused(tx, ctx.company.id, id);
      await repo.deleteMansione(tx, ctx.company.id, id);
    });
  } catch (e) {
    throw inUseRefusal(e) ?? e;
  }
}

/** Creates (no id) or updates a check of a job role of the company. */
export async function saveControllo(ctx: CompanyContext, input: ControlloInput): Promise<ChecklistItem> {
  return ctx.transaction(async ({ db: tx }) => {
    const mansione = await repo.findMansione(tx, ctx.company.id, input.mansioneId, true);
    if (!mansione) throw notFound('Mansione');
    const values = {
      nomeCampo: input.nome_campo,
      descrizione: input.descrizione,
      tipoCampo: input.tipo_campo,
      obbligatorio: input.obbligatorio,
      valori: input.tipo_campo === 'select' ? input.valori : [],
    };
    if (!input.id) {
      const ordine = input.ordine ?? (await repo.nextOrdine(tx, ctx.company.id, mansione.id));
      return toControllo(await repo.insertControllo(tx, ctx.company.id, mansione.id, { ...values, ordine }));
    }
    const existing = await repo.findControllo(tx, ctx.company.id, input.id);
    if (!existing) throw notFound('Controllo');
    const ordine =
      input.ordine ??
      (existing.mansioneId === mansione.id ? existing.ordine : await repo.nextOrdine(tx, ctx.company.id, mansione.id));
    const row = await repo.updateControllo(tx, ctx.company.id, existing.id, {
      ...values,
      ordine,
      mansioneId: mansione.id,
    });
    return toControllo(row!);
  });
}

/** Deletes a check unless it is used in a contract activity (403 0035; the foreign key backs that up). */
export async function deleteControllo(ctx: CompanyContext, id: string): Promise<void> {
  try {
    await ctx.transaction(async ({ db: tx }) => {
      const row = await repo.findControllo(tx, ctx.company.id, id);
      if (!row) throw notFound('Controllo');
      await assertControlloUnused(tx, ctx.company.id, id);
      await repo.deleteControllo(tx, ctx.company.id, id);
    });
  } catch (e) {
    throw inUseRefusal(e) ?? e;
  }
}

/* ---------- for the users feature: job roles held by users ---------- */

/** `{ id, nome }[]` per user id. */
export async function mansioniByUser(db: DbOrTx, aziendaId: string, userIds: string[]) {
  const rows = await repo.mansioniOfUsers(db, aziendaId, userIds);
  const out = new Map<string, { id: string; nome: string }[]>();
  for (const r of rows) out.set(r.utenteId, [...(out.get(r.utenteId) ?? []), { id: r.id, nome: r.nome }]);
  return out;
}

/** Replaces a user's job roles (inside the user's save transaction); unknown or other companies' ids answer 400. */
export async function setUserMansioni(tx: DbOrTx, aziendaId: string, utenteId: string, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  const found = await repo.existingMansioni(tx, aziendaId, unique);
  if (found.length !== unique.length) {
    throw new AppError('VALIDATION', 'Mansione sconosciuta', [{ path: 'mansioni', message: 'Mansione sconosciuta' }]);
  }
  await repo.replaceUserMansioni(tx, aziendaId, utenteId, unique);
}
