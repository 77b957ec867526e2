import type { z } from 'zod';
import {
  isValidMachineName,
  isValidSerialNumber,
  type Plant,
  type Machine,
  plantSaveRequest,
  machineSaveRequest,
  REQUIRED_MESSAGE,
} from '@fs/contract';
import type { CompanyContext } from '../../../platform/context.js';
import { AppError, notFound } from '../../../platform/errors.js';
import { optionValues } from '../../company/index.js';
import * as repo from './repo.js';
import * as usage from '../usage/repo.js';
import { foreignKeyViolation, uniqueViolation } from '../../../platform/db/pg-errors.js';

function toImpianto(r: repo.ImpiantoRow, macchinariCount: number): Plant {
  return {
    id: r.id,
    clienteId: r.clienteId,
    nome: r.nome,
    indirizzo: r.indirizzo,
    citta: r.citta,
    provincia: r.provincia,
    cap: r.cap,
    note: r.note,
    macchinari_count: macchinariCount,
  };
}

function toMacchinario(r: repo.MacchinarioRow): Machine {
  return {
    id: r.id,
    impiantiId: r.impiantoId,
    parentId: r.parentId,
    livello: r.livello,
    nome: r.nome,
    matricola: r.matricola,
    note: r.note,
  };
}

/* ---------- plants ---------- */

export async function listImpianti(ctx: CompanyContext, clienteId: string): Promise<Plant[]> {
  const aziendaId = ctx.company.id;
  if (!(await repo.clienteExists(ctx.db, aziendaId, clienteId))) throw notFound('Cliente');
  return (await repo.listImpianti(ctx.db, aziendaId, clienteId)).map((r) => toImpianto(r.impianto, r.macchinari));
}

export async function getImpianto(ctx: CompanyContext, id: string): Promise<Plant> {
  const aziendaId = ctx.company.id;
  const r = await repo.findImpianto(ctx.db, aziendaId, id);
  if (!r) throw notFound('Impianto');
  return toImpianto(r, await repo.countMacchinari(ctx.db, aziendaId, id));
}

/** Creates (no id) or updates a plant; a plant stays with its customer. */
export async function saveImpianto(ctx: CompanyContext, input: z.output<typeof plantSaveRequest>): Promise<Plant> {
  const aziendaId = ctx.company.id;
  if (!(await repo.clienteExists(ctx.db, aziendaId, input.clienteId))) throw notFound('Cliente');
  const values = {
    nome: input.nome,
    indirizzo: input.indirizzo,
    citta: input.citta,
    provincia: input.provincia,
    cap: input.cap,
    note: input.note,
  };
  if (!input.id) return toImpianto(await repo.insertImpianto(ctx.db, aziendaId, input.clienteId, values), 0);
  const old = await repo.findImpianto(ctx.db, aziendaId, input.id);
  if (!old) throw notFound('Impianto');
  if (old.clienteId !== input.clienteId) {
    throw new AppError('VALIDATION', 'Un impianto non può passare a un altro cliente', [
      { path: 'clienteId', message: 'immutabile' },
    ]);
  }
  const row = await repo.updateImpianto(ctx.db, aziendaId, input.id, values);
  if (!row) throw notFound('Impianto');
  return toImpianto(row, await repo.countMacchinari(ctx.db, aziendaId, row.id));
}

const plantInUse = () => new AppError('0028', 'Impianto usato in un contratto: non può essere eliminato');
const machineInUse = () => new AppError('0027', 'Macchinario usato in un contratto: non può essere eliminato');

/**
 * Deletes a plant and its machines; 403 0028 when the plant, or one of its machines, is in a
 * contract or a contract activity. The links' foreign keys (RESTRICT) refuse a link written
 * between the check and the delete; that refusal answers 0028 too.
 */
export async function deleteImpianto(ctx: CompanyContext, id: string): Promise<void> {
  const aziendaId = ctx.company.id;
  try {
    await ctx.transaction(async ({ db: tx }) => {
      const plant = await repo.findImpianto(tx, aziendaId, id);
      if (!plant) throw notFound('Impianto');
      if (await usage.plantsInContract(tx, aziendaId, [id])) throw plantInUse();
      await repo.deleteImpianto(tx, aziendaId, id);
    });
  } catch (e) {
    if (foreignKeyViolation(e) !== undefined) throw plantInUse();
    throw e;
  }
}

/* ---------- machines ---------- */

export async function listMacchinari(ctx: CompanyContext, impiantoId: string): Promise<Machine[]> {
  const aziendaId = ctx.company.id;
  if (!(await repo.findImpianto(ctx.db, aziendaId, impiantoId))) throw notFound('Impianto');
  return (await repo.listMacchinari(ctx.db, aziendaId, impiantoId)).map(toMacchinario);
}

export async function getMacchinario(ctx: CompanyContext, id: string): Promise<Machine> {
  const aziendaId = ctx.company.id;
  const r = await repo.findMacchinario(ctx.db, aziendaId, id);
  if (!r) throw notFound('Macchinario');
  return toMacchinario(r);
}

const bad0029 = (path: 'nome' | 'matricola', message: string) =>
  new AppError('0029', 'Verificare nome e matricola del macchinario', [{ path, message }]);

/** Levels a company uses (option livelli_macchinari / numero_livelli, 1-5): level 1 is the plant. */
async function levelsOf(ctx: CompanyContext): Promise<number> {
  const [v] = await optionValues(ctx.deps, ctx.company.id, [['livelli_macchinari', 'numero_livelli']]);
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n <= 5 ? n : 2;
}

/**
 * Creates (no id) or updates a machine. 0029 on a bad name (1-120 characters) or registration
 * number (1-50 of letters, digits, space - / . _; unique in the company, case aside). The level
 * must be within the company's machinery levels; a level-n machine (n > 2) hangs from a level
 * n-1 machine of the same plant.
 */
export async function saveMacchinario(
  ctx: CompanyContext,
  input: z.output<typeof machineSaveRequest>,
): Promise<Machine> {
  const aziendaId = ctx.company.id;
  const nome = input.nome.trim();
  const matricola = input.matricola.trim();
  if (!isValidMachineName(nome)) throw bad0029('nome', nome ? 'troppo lungo' : REQUIRED_MESSAGE);
  if (!isValidSerialNumber(matricola))
    throw bad0029('matricola', matricola ? 'caratteri o lunghezza non validi' : REQUIRED_MESSAGE);
  const plant = await repo.findImpianto(ctx.db, aziendaId, input.impiantiId);
  if (!plant) throw notFound('Impianto');
  const levels = await levelsOf(ctx);
  if (input.livello > levels) {
    throw new AppError('VALIDATION', `Livello oltre i ${levels} livelli configurati`, [
      { path: 'livello', message: `massimo ${levels}` },
    ]);
  }
  if (input.livello === 2 && input.parentId) {
    throw new AppError('VALIDATION', "Un macchinario di livello 2 dipende solo dall'impianto", [
      { path: 'parentId', message: 'non previsto' },
    ]);
  }
  if (input.livello > 2) {
    const parent = input.parentId ? await repo.findMacchinario(ctx.db, aziendaId, input.parentId) : undefined;
    if (!parent || parent.impiantoId !== plant.id || parent.livello !== input.livello - 1 || parent.id === input.id) {
      throw new AppError('VALIDATION', `Serve un macchinario di livello ${input.livello - 1} dello stesso impianto`, [
        { path: 'parentId', message: 'non valido' },
      ]);
    }
  }
  const old = input.id ? await repo.findMacchinario(ctx.db, aziendaId, input.id) : undefined;
  if (input.id && !old) throw notFound('Macchinario');
  if (
    old &&
    (old.impiantoId !== plant.id || old.livello !== input.livello) &&
    (await repo.hasChildren(ctx.db, aziendaId, old.id))
  ) {
    throw new AppError('VALIDATION', 'Un macchinario con componenti non cambia impianto né livello', [
      { path: 'livello', message: 'ha componenti' },
    ]);
  }
  const same = await repo.findByMatricola(ctx.db, aziendaId, matricola);
  if (same && same.id !== old?.id) throw bad0029('matricola', 'già usata da un altro macchinario');
  const values = {
    impiantoId: plant.id,
    parentId: input.livello === 2 ? null : input.parentId,
    livello: input.livello,
    nome,
    matricola,
    note: input.note,
  };
  try {
    const row = old
      ? await repo.updateMacchinario(ctx.db, aziendaId, old.id, values)
      : await repo.insertMacchinario(ctx.db, aziendaId, values);
    if (!row) throw notFound('Macchinario');
    return toMacchinario(row);
  } catch (e) {
    // Two saves of the same matricola at once: the unique index decides.
    if (uniqueViolation(e)) {
      throw bad0029('matricola', 'già usata da un altro macchinario');
    }
    throw e;
  }
}

/** Deletes a machine and its components; 403 0027 when one of them is in a contract or a contract activity. */
export async function deleteMacchinario(ctx: CompanyContext, id: string): Promise<void> {
  const aziendaId = ctx.company.id;
  try {
    await ctx.transaction(async ({ db: tx }) => {
      const m = await repo.findMacchinario(tx, aziendaId, id);
      if (!m) throw notFound('Macchinario');
      if (await usage.machinesInContract(tx, aziendaId, await repo.subtreeIds(tx, aziendaId, [id])))
        throw machineInUse();
      await repo.deleteMacchinario(tx, aziendaId, id);
    });
  } catch (e) {
    if (foreignKeyViolation(e) !== undefined) throw machineInUse();
    throw e;
  }
}
