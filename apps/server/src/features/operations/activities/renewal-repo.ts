import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { aziende } from '../../../platform/db/schema.js';
import { clienti } from '../../../platform/db/schema-customers.js';
import { contratti, contrattiAvvisi } from '../../../platform/db/schema-contracts.js';

/**
 * The renewal job's queries. The job runs for every company: it finds the contracts due (one query
 * over all companies, index contratti_rinnovo_job_idx), then every write names the contract's company.
 */

export interface DueContract {
  id: string;
  aziendaId: string;
  dataFine: string;
  rinnovoAutomatico: boolean;
  mesiRinnovo: number | null;
  giorniPreavviso: number | null;
}

const dueCols = {
  id: contratti.id,
  aziendaId: contratti.aziendaId,
  dataFine: sql<string>`${contratti.dataFine}::text`,
  rinnovoAutomatico: contratti.rinnovoAutomatico,
  mesiRinnovo: contratti.mesiRinnovo,
  giorniPreavviso: contratti.giorniPreavvisoRinnovo,
};

/** The day the job runs for: one given day (tests, a manual run), or `now` cut in each company's time zone. */
export type RenewalDay = { today: string } | { now: Date };

const dayOf = (when: RenewalDay) =>
  'today' in when
    ? sql`${when.today}::date`
    : sql`(${when.now.toISOString()}::timestamptz at time zone (select a.timezone from aziende a where a.id = ${contratti.aziendaId}))::date`;

/**
 * Running contracts that need the job on their company's today: past their end and renewing
 * themselves, or inside their notice window (end − notice days ≤ today ≤ end) without a notice for
 * that end yet. Each row carries that day (`today`), so every company is judged on its own calendar.
 */
export async function dueContracts(db: DbOrTx, when: RenewalDay): Promise<(DueContract & { today: string })[]> {
  const today = dayOf(when);
  return db
    .select({ ...dueCols, today: sql<string>`${today}::text` })
    .from(contratti)
    .where(
      and(
        eq(contratti.cessato, false),
        sql`${contratti.dataFine} is not null`,
        sql`(
          (${contratti.rinnovoAutomatico} and ${contratti.mesiRinnovo} is not null and ${contratti.dataFine} < ${today})
          or (${contratti.giorniPreavvisoRinnovo} is not null
              and ${contratti.dataFine} - ${contratti.giorniPreavvisoRinnovo} <= ${today}
              and ${contratti.dataFine} >= ${today}
              and not exists (select 1 from contratti_avvisi av
                where av.contratto_id = ${contratti.id} and av.data_fine = ${contratti.dataFine}))
        )`,
      ),
    )
    .orderBy(contratti.dataFine, contratti.id);
}

export async function contractNow(db: DbOrTx, aziendaId: string, id: string): Promise<DueContract | undefined> {
  const [r] = await db
    .select(dueCols)
    .from(contratti)
    .where(and(eq(contratti.aziendaId, aziendaId), eq(contratti.id, id), eq(contratti.cessato, false)));
  return r;
}

/**
 * Compare-and-set renewal: extends the end by `mesi` months only while it still is `oldEnd` (another
 * run did it otherwise). Answers the new end, or undefined when nothing changed.
 */
export async function extend(
  db: DbOrTx,
  aziendaId: string,
  id: string,
  oldEnd: string,
  mesi: number,
): Promise<{ dataFine: string; identificativo: string; clienteId: string } | undefined> {
  const [r] = await db
    .update(contratti)
    .set({
      dataFine: sql`(${contratti.dataFine} + make_interval(months => ${mesi}::int))::date`,
      rinnovi: sql`${contratti.rinnovi} + 1`,
      mailAvvisoScadenzaSent: false,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(contratti.aziendaId, aziendaId),
        eq(contratti.id, id),
        eq(contratti.dataFine, oldEnd),
        eq(contratti.cessato, false),
      ),
    )
    .returning({
      dataFine: sql<string>`${contratti.dataFine}::text`,
      identificativo: contratti.identificativo,
      clienteId: contratti.clienteId,
    });
  return r;
}

/** What an event of the job tells of a contract. */
export interface ContractFacts {
  id: string;
  aziendaId: string;
  identificativo: string;
  clienteId: string;
  dataFine: string;
}

const factCols = {
  id: contratti.id,
  aziendaId: contratti.aziendaId,
  identificativo: contratti.identificativo,
  clienteId: contratti.clienteId,
  dataFine: sql<string>`${contratti.dataFine}::text`,
};

/** The end a contract without automatic renewal passes, not announced yet (index contratti_fine_job_idx). */
const endedUnannounced = (today: SQL) =>
  and(
    eq(contratti.cessato, false),
    sql`${contratti.fineAnnunciata} is distinct from ${contratti.dataFine}`,
    sql`${contratti.dataFine} < ${today}`,
    sql`not (${contratti.rinnovoAutomatico} and ${contratti.mesiRinnovo} is not null)`,
  );

/** Running contracts past their end on their company's today that do not renew themselves and were not announced ended. */
export async function endedContracts(db: DbOrTx, when: RenewalDay): Promise<(ContractFacts & { today: string })[]> {
  return db
    .select({ ...factCols, today: sql<string>`${dayOf(when)}::text` })
    .from(contratti)
    .where(endedUnannounced(dayOf(when)))
    .orderBy(contratti.dataFine, contratti.id);
}

/** Compare-and-set: the end announced, only while it is still `dataFine` and unannounced. Answers whether it was. */
export async function markEndAnnounced(db: DbOrTx, c: ContractFacts, today: string): Promise<boolean> {
  const rows = await db
    .update(contratti)
    .set({ fineAnnunciata: sql`${contratti.dataFine}` })
    .where(
      and(
        eq(contratti.aziendaId, c.aziendaId),
        eq(contratti.id, c.id),
        sql`${contratti.dataFine} = ${c.dataFine}::date`,
        endedUnannounced(sql`${today}::date`),
      ),
    )
    .returning({ id: contratti.id });
  return rows.length > 0;
}

/** The contract's facts for an event (the notice's contract.expiring). */
export async function contractFacts(db: DbOrTx, aziendaId: string, id: string): Promise<ContractFacts | undefined> {
  const [r] = await db
    .select(factCols)
    .from(contratti)
    .where(and(eq(contratti.aziendaId, aziendaId), eq(contratti.id, id)));
  return r;
}

/** Who the notice goes to: the company's mail, the contract's notice address, the customer when asked. */
export async function recipients(db: DbOrTx, aziendaId: string, id: string): Promise<string[]> {
  const [r] = await db
    .select({
      azienda: aziende.mailPrincipale,
      avviso: contratti.emailAvviso,
      avvisoCliente: contratti.avvisoCliente,
      cliente: clienti.email,
    })
    .from(contratti)
    .innerJoin(aziende, eq(aziende.id, contratti.aziendaId))
    .innerJoin(clienti, and(eq(clienti.aziendaId, contratti.aziendaId), eq(clienti.id, contratti.clienteId)))
    .where(and(eq(contratti.aziendaId, aziendaId), eq(contratti.id, id)));
  if (!r) return [];
  const all = [r.azienda, r.avviso, r.avvisoCliente ? r.cliente : null]
    .map((x) => x?.trim().toLowerCase())
    .filter((x): x is string => !!x);
  return [...new Set(all)];
}

/**
 * The notice for this end date (the idempotence key: contract and end date) and the contract's flag,
 * in the caller's transaction. Answers false when it was already there.
 */
export async function insertNotice(
  db: DbOrTx,
  aziendaId: string,
  contrattoId: string,
  dataFine: string,
  destinatari: string[],
): Promise<boolean> {
  const none = destinatari.length === 0;
  const rows = await db
    .insert(contrattiAvvisi)
    .values({
      aziendaId,
      contrattoId,
      dataFine,
      destinatari: destinatari.join(', '),
      ...(none ? { stato: 'errore' as const, errore: 'Nessun destinatario' } : {}),
    })
    .onConflictDoNothing()
    .returning({ contrattoId: contrattiAvvisi.contrattoId });
  if (!rows.length) return false;
  await db
    .update(contratti)
    .set({ mailAvvisoScadenzaSent: true, updatedAt: new Date() })
    .where(and(eq(contratti.aziendaId, aziendaId), eq(contratti.id, contrattoId)));
  return true;
}

export interface NoticeKey {
  aziendaId: string;
  contrattoId: string;
  dataFine: string;
}

/** Notices still queued (a run stopped before their mail was queued, or queued twice: the mail job claims once). */
export async function queuedNotices(db: DbOrTx): Promise<NoticeKey[]> {
  return db
    .select({
      aziendaId: contrattiAvvisi.aziendaId,
      contrattoId: contrattiAvvisi.contrattoId,
      dataFine: sql<string>`${contrattiAvvisi.dataFine}::text`,
    })
    .from(contrattiAvvisi)
    .where(eq(contrattiAvvisi.stato, 'in_coda'));
}

const noticeWhere = (k: NoticeKey) =>
  and(
    eq(contrattiAvvisi.aziendaId, k.aziendaId),
    eq(contrattiAvvisi.contrattoId, k.contrattoId),
    eq(contrattiAvvisi.dataFine, k.dataFine),
  );

/** What the notice mail says: the contract, its customer, the company and its language. */
export async function noticeContent(db: DbOrTx, k: NoticeKey) {
  const [r] = await db
    .select({
      stato: contrattiAvvisi.stato,
      destinatari: contrattiAvvisi.destinatari,
      identificativo: contratti.identificativo,
      descrizione: contratti.descrizione,
      rinnovoAutomatico: contratti.rinnovoAutomatico,
      mesiRinnovo: contratti.mesiRinnovo,
      cliente: clienti.ragioneSociale,
      azienda: aziende.ragioneSociale,
      lingua: aziende.linguaDefault,
    })
    .from(contrattiAvvisi)
    .innerJoin(contratti, and(eq(contratti.aziendaId, k.aziendaId), eq(contratti.id, contrattiAvvisi.contrattoId)))
    .innerJoin(clienti, and(eq(clienti.aziendaId, k.aziendaId), eq(clienti.id, contratti.clienteId)))
    .innerJoin(aziende, eq(aziende.id, k.aziendaId))
    .where(noticeWhere(k));
  return r;
}

/** Takes the notice for sending (locked; another attempt running skips it): queued, or failed and retried. */
export async function claimNotice(db: DbOrTx, k: NoticeKey): Promise<boolean> {
  const rows = await db
    .select({ stato: contrattiAvvisi.stato })
    .from(contrattiAvvisi)
    .where(and(noticeWhere(k), inArray(contrattiAvvisi.stato, ['in_coda', 'errore'])))
    .for('update', { skipLocked: true });
  return rows.length > 0;
}

export async function markNotice(db: DbOrTx, k: NoticeKey, stato: 'inviata' | 'errore', errore: string | null) {
  await db
    .update(contrattiAvvisi)
    .set({ stato, errore, ...(stato === 'inviata' ? { sentAt: new Date() } : {}) })
    .where(and(noticeWhere(k), inArray(contrattiAvvisi.stato, ['in_coda', 'errore'])));
}
