import {
  can,
  findCategory,
  findOption,
  optionValueProblem,
  storedOptionValue,
  type Reason,
  type ReasonRequest,
  type OptionItem,
  type OptionsConfirmRequest,
} from '@fs/contract';
import { isAdmin } from '../../../platform/auth/principal.js';
import type { CompanyContext } from '../../../platform/context.js';
import type { Deps } from '../../../platform/deps.js';
import { AppError, notFound, type FieldProblem } from '../../../platform/errors.js';
import * as repo from './repo.js';
import { keyOf, toOptionItems, type StoredValues } from './presenter.js';
import * as box from './secret-box.js';
import { boughtOptions } from '../../billing/index.js';

const LANGUAGE = keyOf('lingua_default', 'value');

async function storedValues(deps: Deps, aziendaId: string): Promise<StoredValues> {
  const [rows, lingua] = await Promise.all([
    repo.listValues(deps.db, aziendaId),
    repo.findLanguage(deps.db, aziendaId),
  ]);
  const stored: StoredValues = new Map(rows.map((r) => [keyOf(r.category, r.subcategory), r.value]));
  if (lingua) stored.set(LANGUAGE, lingua);
  return stored;
}

/**
 * Every option with the company's value or the default. The SMTP settings go
 * only to users who may read the options page; the password never goes.
 */
export async function listOptions(ctx: CompanyContext): Promise<OptionItem[]> {
  const stored = await storedValues(ctx.deps, ctx.company.id);
  const bought = await boughtOptions(ctx.deps, ctx.company.id);
  const mayReadOptions = can(ctx.principal.permissions, 'opzioni', 'read');
  return toOptionItems(stored, bought, (c) => c.section !== 'smtp' || mayReadOptions);
}

const valueOf = (stored: StoredValues, category: string, subcategory: string) =>
  stored.get(keyOf(category, subcategory)) ?? findOption(category, subcategory)?.default ?? '';

/** One option's value for the company (stored, else the default), for other features' rules. */
export async function optionValues(deps: Deps, aziendaId: string, keys: [string, string][]): Promise<string[]> {
  const stored = await storedValues(deps, aziendaId);
  return keys.map(([category, subcategory]) => valueOf(stored, category, subcategory));
}

/**
 * Saves the options screen. Every value is checked against its type first;
 * paid options are changed only by administrators and switched on only once
 * bought; SMTP needs a server and a sender when enabled. One transaction.
 */
export async function confirmOptions(ctx: CompanyContext, input: OptionsConfirmRequest): Promise<OptionItem[]> {
  const aziendaId = ctx.company.id;
  const problems: FieldProblem[] = [];
  const bought = await boughtOptions(ctx.deps, aziendaId);
  const before = await storedValues(ctx.deps, aziendaId);
  const after = new Map(before);
  const seen = new Set<string>();
  input.items.forEach((it, i) => {
    const path = `items.${i}.value`;
    const category = findCategory(it.category);
    const def = findOption(it.category, it.subcategory);
    const key = keyOf(it.category, it.subcategory);
    if (!category || !def) return problems.push({ path: `items.${i}`, message: 'opzione sconosciuta' });
    if (seen.has(key)) return problems.push({ path: `items.${i}`, message: 'opzione ripetuta' });
    seen.add(key);
    if (it.value === null) {
      if (def.type.kind !== 'secret') problems.push({ path, message: 'obbligatorio' });
      return;
    }
    const value = def.type.kind === 'secret' ? it.value : it.value.trim();
    const problem = optionValueProblem(def.type, value);
    if (problem) return problems.push({ path, message: problem });
    if (category.paid && storedOptionValue(def.type, value) !== valueOf(before, it.category, it.subcategory)) {
      if (!isAdmin(ctx.principal)) {
        throw new AppError('FORBIDDEN', "Opzioni a pagamento: chiedere all'amministratore", [
          { path, message: 'solo amministratori' },
        ]);
      }
      if (def === category.main && value !== '0' && !bought.has(category.paid)) {
        throw new AppError('FORBIDDEN', 'Opzione a pagamento non attivata', [{ path, message: 'opzione da attivare' }]);
      }
    }
    after.set(key, storedOptionValue(def.type, value));
  });
  if (valueOf(after, 'smtp', 'enabled') === '1') {
    for (const sub of ['host', 'sender'] as const) {
      if (!valueOf(after, 'smtp', sub)) problems.push({ path: `smtp.${sub}`, message: 'obbligatorio con SMTP attivo' });
    }
  }
  if (problems.length) throw new AppError('VALIDATION', 'Controllare i valori delle opzioni', problems);

  const sealed = new Map<string, string>();
  for (const it of input.items) {
    if (findOption(it.category, it.subcategory)?.type.kind === 'secret' && it.value) {
      sealed.set(keyOf(it.category, it.subcategory), await box.seal(ctx.db, it.value));
    }
  }
  await ctx.transaction(async ({ db: tx }) => {
    for (const it of input.items) {
      const key = keyOf(it.category, it.subcategory);
      if (key === LANGUAGE) {
        await repo.setLanguage(tx, aziendaId, after.get(key)!);
      } else if (findOption(it.category, it.subcategory)?.type.kind === 'secret') {
        if (it.value === '') await repo.deleteValue(tx, aziendaId, it.category, it.subcategory);
        else if (it.value !== null)
          await repo.upsertValue(tx, aziendaId, it.category, it.subcategory, sealed.get(key)!);
      } else {
        await repo.upsertValue(tx, aziendaId, it.category, it.subcategory, after.get(key)!);
      }
    }
  });
  return listOptions(ctx);
}

/* ---------- motivazioni ---------- */

const toMotivazione = (r: repo.MotivazioneRow): Reason => ({ id: r.id, testo: r.testo });

export async function listMotivazioni(ctx: CompanyContext): Promise<Reason[]> {
  return (await repo.listMotivazioni(ctx.db, ctx.company.id)).map(toMotivazione);
}

/** Creates (no id) or renames (id) a reason; the text is unique in the company, case aside. */
export async function saveMotivazione(ctx: CompanyContext, input: ReasonRequest): Promise<Reason> {
  const aziendaId = ctx.company.id;
  return ctx.transaction(async ({ db: tx }) => {
    const same = await repo.findMotivazioneByText(tx, aziendaId, input.testo);
    if (same && same.id !== input.id) {
      throw new AppError('CONFLICT', 'Motivazione già presente', [
        { path: 'testo', message: 'Motivazione già presente' },
      ]);
    }
    if (!input.id) return toMotivazione(await repo.insertMotivazione(tx, aziendaId, input.testo));
    const row = await repo.updateMotivazione(tx, aziendaId, input.id, input.testo);
    if (!row) throw notFound('Motivazione');
    return toMotivazione(row);
  });
}

export async function deleteMotivazione(ctx: CompanyContext, id: string): Promise<void> {
  if (!(await repo.deleteMotivazione(ctx.db, ctx.company.id, id))) throw notFound('Motivazione');
}
