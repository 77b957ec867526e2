import type { z } from 'zod';
import type { Activity, frequencyRequest, activityListInput } from '@fs/contract';
import { todayOf, type CompanyContext } from '../../../platform/context.js';
import { inTurn, type DbOrTx } from '../../../platform/db/client.js';
import { AppError, notFound } from '../../../platform/errors.js';
import * as occ from './occurrences-repo.js';
import { toAttivita, toOccorrenza } from './presenter.js';
import { datesOf, FrequenzaError } from './recurrence.js';
import * as repo from './repo.js';
import { saveActivities } from './save.js';

/** The contract side of activities (issue 13): list, rules, frequency preview, add/update, delete. */

/** POST /contratti/attivita/frequency: the dates of a frequency in a period, or 400 with the spec's message. */
export function frequencyDates(input: z.output<typeof frequencyRequest>): string[] {
  try {
    return datesOf(
      input.frequenza,
      { start: input.data_inizio, end: input.data_fine },
      { mesiRinnovo: input.mesi_rinnovo },
    );
  } catch (e) {
    if (!(e instanceof FrequenzaError)) throw e;
    throw new AppError('VALIDATION', e.message, [{ path: `frequenza.${e.path}`, message: e.message }]);
  }
}

/** The contract's activities; `day` (the company's today) decides which undone dates are overdue. */
async function activitiesOf(
  db: DbOrTx,
  aziendaId: string,
  contrattoId: string,
  all: boolean,
  day: string,
): Promise<Activity[]> {
  const rows = await repo.activitiesOfContract(db, aziendaId, contrattoId);
  const ids = rows.map((r) => r.id);
  const [checks, machines, dates] = await inTurn(db, [
    repo.checksOfActivities(db, aziendaId, ids),
    repo.machinesOfActivities(db, aziendaId, ids),
    occ.ofActivities(db, aziendaId, ids, { all, today: day }),
  ]);
  return rows.map((a) =>
    toAttivita(a, {
      controlli: checks.filter((c) => c.attivitaId === a.id),
      macchinari: machines.filter((m) => m.attivitaId === a.id),
      date: dates.filter((d) => d.attivitaId === a.id).map((d) => toOccorrenza(d, day)),
    }),
  );
}

/** GET /contratti/contratto/attivita/{id}: the contract's activities (another company's contract: 404). */
export async function list(ctx: CompanyContext, contrattoId: string, all: boolean): Promise<Activity[]> {
  if (!(await repo.contract(ctx.db, ctx.company.id, contrattoId))) throw notFound('Contratto');
  return activitiesOf(ctx.db, ctx.company.id, contrattoId, all, todayOf(ctx));
}

/** GET /contratti/attivita/regole/{id}: the activity's rules, the contract's maximum delay where it sets none. */
export async function rules(ctx: CompanyContext, attivitaId: string) {
  const a = await repo.activity(ctx.db, ctx.company.id, attivitaId);
  if (!a) throw notFound('Attività');
  const c = await repo.contract(ctx.db, ctx.company.id, a.contrattoId);
  return {
    ritardo_massimo_giorni: a.regole?.ritardo_massimo_giorni ?? c?.regole?.ritardo_massimo_giorni ?? null,
    anticipo_massimo_giorni: a.regole?.anticipo_massimo_giorni ?? null,
  };
}

const ceased = () => new AppError('CONFLICT', 'Il contratto è cessato: le sue attività non si modificano più');

/** POST /contratti/contratto/lista-attivita: adds or updates activities of a running contract, one transaction. */
export async function saveList(ctx: CompanyContext, input: z.output<typeof activityListInput>): Promise<Activity[]> {
  const aziendaId = ctx.company.id;
  return ctx.db.transaction(async (tx) => {
    const c = await repo.contract(tx, aziendaId, input.contrattoId, true);
    if (!c) throw notFound('Contratto');
    if (c.cessato) throw ceased();
    const today = todayOf(ctx);
    await saveActivities(tx, aziendaId, c, input.attivita, { today });
    return activitiesOf(tx, aziendaId, c.id, false, today);
  });
}

/**
 * Deletes activities of the contract with their occurrences; refused (409) when an occurrence of
 * one already has a report, or the contract ceased. An id not of the contract answers 404.
 */
export async function remove(ctx: CompanyContext, contrattoId: string, ids: string[]): Promise<void> {
  const aziendaId = ctx.company.id;
  const unique = [...new Set(ids)];
  await ctx.db.transaction(async (tx) => {
    const c = await repo.contract(tx, aziendaId, contrattoId, true);
    if (!c) throw notFound('Contratto');
    const found = await repo.activitiesIn(tx, aziendaId, contrattoId, unique);
    if (found.length !== unique.length) throw notFound('Attività');
    if (c.cessato) throw ceased();
    if ((await repo.withReport(tx, aziendaId, unique)).length) {
      throw new AppError(
        'CONFLICT',
        'Attività non eliminabile: da una sua data è già stato fatto un rapportino (elimina prima il rapportino)',
      );
    }
    await repo.deleteActivities(tx, aziendaId, contrattoId, unique);
  });
}
