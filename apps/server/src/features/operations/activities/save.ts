import type { ActivityInputParsed, FrequencyInput } from '@fs/contract';
import { inTurn, type DbOrTx } from '../../../platform/db/client.js';
import { AppError, notFound, type FieldProblem } from '../../../platform/errors.js';
import * as occ from './occurrences-repo.js';
import { datesOf, FrequenzaError, occurrencesIn, type Period } from './recurrence.js';
import * as repo from './repo.js';

/** What saveActivities needs of the contract: its current period and renewal. */
export interface ContrattoAttivita {
  id: string;
  clienteId: string;
  dataInizio: string | null;
  dataFine: string | null;
  rinnovoAutomatico: boolean;
  mesiRinnovo: number | null;
}

const invalid = (problems: FieldProblem[]) => new AppError('VALIDATION', problems[0]!.message, problems);

/** The contract's current period, or a field problem when it has none. */
export function periodOf(c: Pick<ContrattoAttivita, 'dataInizio' | 'dataFine'>): Period {
  if (!c.dataInizio || !c.dataFine || c.dataFine < c.dataInizio) {
    throw invalid([{ path: 'data_fine', message: 'Il contratto non ha un periodo valido (inizio e fine)' }]);
  }
  return { start: c.dataInizio, end: c.dataFine };
}

/** The stored columns of a frequency (a fixed one keeps its first date: a renewal continues the series). */
function frequencyValues(f: FrequencyInput, period: Period) {
  if (f.tipo === 'fissa') {
    return { ogni: f.ogni, unita: f.unita, dataInizio: f.data_inizio ?? period.start, date: null };
  }
  const date = f.tipo === 'variabile' ? [...new Set(f.date)].sort() : [f.data];
  return { ogni: null, unita: null, dataInizio: null, date };
}

/** An activity row's frequency as the wire shape. */
export function frequencyOf(a: {
  frequenza: 'fissa' | 'variabile' | 'data_singola';
  ogni: number | null;
  unita: 'giorni' | 'settimane' | 'mesi' | 'anni' | null;
  dataInizio: string | null;
  date: string[] | null;
}): FrequencyInput {
  if (a.frequenza === 'fissa') {
    return { tipo: 'fissa', ogni: a.ogni ?? 1, unita: a.unita ?? 'mesi', data_inizio: a.dataInizio };
  }
  if (a.frequenza === 'variabile') return { tipo: 'variabile', date: a.date ?? [] };
  return { tipo: 'data_singola', data: a.date?.[0] ?? '' };
}

/** Job roles, checks (of the activity's job role), machines and plant (of the contract's customer) of the company. */
async function checkLinks(db: DbOrTx, aziendaId: string, c: ContrattoAttivita, inputs: ActivityInputParsed[]) {
  const all = <T>(f: (a: ActivityInputParsed) => T[]) => [...new Set(inputs.flatMap(f))];
  const [roles, checks, machines, plants] = await inTurn(db, [
    repo.jobRolesIn(
      db,
      aziendaId,
      all((a) => (a.mansione_id ? [a.mansione_id] : [])),
    ),
    repo.checksIn(
      db,
      aziendaId,
      all((a) => a.controlli),
    ),
    repo.machinesIn(
      db,
      aziendaId,
      all((a) => a.macchinari),
    ),
    repo.plantsIn(
      db,
      aziendaId,
      all((a) => (a.impianto_id ? [a.impianto_id] : [])),
    ),
  ]);
  const problems: FieldProblem[] = [];
  inputs.forEach((a, i) => {
    const at = (path: string, message: string) => problems.push({ path: `attivita.${i}.${path}`, message });
    if (a.mansione_id && !roles.has(a.mansione_id)) at('mansione_id', 'Mansione non trovata');
    a.controlli.forEach((id, j) => {
      const role = checks.get(id);
      if (!role) at(`controlli.${j}`, 'Controllo non trovato');
      else if (role !== a.mansione_id) at(`controlli.${j}`, "Il controllo non è della mansione dell'attività");
    });
    a.macchinari.forEach((id, j) => {
      if (!machines.has(id)) at(`macchinari.${j}`, 'Macchinario non trovato');
    });
    if (a.impianto_id) {
      const cliente = plants.get(a.impianto_id);
      if (!cliente) at('impianto_id', 'Impianto non trovato');
      else if (cliente !== c.clienteId) at('impianto_id', "L'impianto non è del cliente del contratto");
    }
  });
  if (problems.length) throw invalid(problems);
}

/**
 * Creates (no id) or updates (id, an activity of this contract, else 404) the contract's activities
 * and (re)generates their occurrences in its current period [data_inizio, data_fine]: a new activity
 * gets every date of the period; a changed one keeps its done occurrences and those with a report,
 * loses its other undone ones from today on that its frequency no longer gives, and gains the new
 * ones from today on. Runs in the caller's transaction (the contract's create, or lista-attivita);
 * validation errors are 400 with paths `attivita.<i>.<field>`. Answers the ids in input order.
 */
export async function saveActivities(
  tx: DbOrTx,
  aziendaId: string,
  contratto: ContrattoAttivita,
  inputs: ActivityInputParsed[],
  /** The company's today: undone dates before it are kept as they are. */
  o: { today: string },
): Promise<string[]> {
  if (!inputs.length) return [];
  const period = periodOf(contratto);
  const { today } = o;
  const mesiRinnovo = contratto.rinnovoAutomatico ? contratto.mesiRinnovo : null;
  const problems: FieldProblem[] = [];
  const dates = inputs.map((a, i) => {
    try {
      return datesOf(a.frequenza, period, { mesiRinnovo });
    } catch (e) {
      if (!(e instanceof FrequenzaError)) throw e;
      problems.push({ path: `attivita.${i}.frequenza.${e.path}`, message: e.message });
      return [];
    }
  });
  if (problems.length) throw invalid(problems);
  await checkLinks(tx, aziendaId, contratto, inputs);
  const updates = inputs.filter((a) => a.id).map((a) => a.id!);
  const known = new Set((await repo.activitiesIn(tx, aziendaId, contratto.id, updates)).map((r) => r.id));
  if (updates.some((id) => !known.has(id))) throw notFound('Attività');

  const values = (a: ActivityInputParsed): repo.ActivityValues => ({
    descrizione: a.nome,
    frequenza: a.frequenza.tipo,
    mansioneId: a.mansione_id ?? null,
    impiantoId: a.impianto_id ?? null,
    ...frequencyValues(a.frequenza, period),
    regole: a.regole ?? null,
    durataMinuti: a.durata_minuti,
    note: a.note ?? null,
  });
  const fresh = inputs.map((a, i) => ({ a, i })).filter((x) => !x.a.id);
  let next = fresh.length ? (await repo.maxPosition(tx, aziendaId, contratto.id)) + 1 : 0;
  const newIds = await repo.insertActivities(
    tx,
    aziendaId,
    contratto.id,
    fresh.map((x) => ({ ...values(x.a), posizione: next++ })),
  );
  const ids = inputs.map((a) => a.id ?? '');
  fresh.forEach((x, k) => (ids[x.i] = newIds[k]!));
  const rows: occ.NewOccurrence[] = [];
  for (const [i, a] of inputs.entries()) {
    const attivitaId = ids[i]!;
    if (a.id) {
      await repo.updateActivity(tx, aziendaId, a.id, values(a));
      await occ.pruneOccurrences(tx, aziendaId, a.id, dates[i]!, today);
    }
    for (const data of dates[i]!) {
      if (!a.id || data >= today) rows.push({ attivitaId, contrattoId: contratto.id, data });
    }
  }
  await repo.replaceLinks(
    tx,
    aziendaId,
    inputs.map((a, i) => ({
      attivitaId: ids[i]!,
      controlli: [...new Set(a.controlli)],
      macchinari: [...new Set(a.macchinari)],
    })),
  );
  await occ.insertOccurrences(tx, aziendaId, rows);
  return ids;
}

/**
 * The occurrences of a renewal period (after, until]: each activity's dates there (a fixed
 * frequency continues its series from its first date; variable and single dates that fall there).
 * Runs in the renewal's transaction; dates already there are kept (ON CONFLICT DO NOTHING).
 */
export async function generateRenewalPeriod(
  tx: DbOrTx,
  aziendaId: string,
  contrattoId: string,
  period: { after: string; until: string },
): Promise<number> {
  const start = new Date(`${period.after}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() + 1);
  const p: Period = { start: start.toISOString().slice(0, 10), end: period.until };
  const rows: occ.NewOccurrence[] = [];
  for (const a of await repo.activitiesOfContract(tx, aziendaId, contrattoId)) {
    for (const data of occurrencesIn(frequencyOf(a), p, a.dataInizio))
      rows.push({ attivitaId: a.id, contrattoId, data });
  }
  await occ.insertOccurrences(tx, aziendaId, rows);
  return rows.length;
}
