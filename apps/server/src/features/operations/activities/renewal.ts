import { systemContext, type CompanyContext } from '../../../platform/context.js';
import type { Tx } from '../../../platform/db/client.js';
import type { Deps } from '../../../platform/deps.js';
import { defineJob } from '../../../platform/job-registry.js';
import * as rrepo from './renewal-repo.js';
import { queueNotice } from './renewal-mail.js';
import { generateRenewalPeriod } from './save.js';

/**
 * The daily renewal and expiry job (issue 13, decision 0027), for every running contract:
 * - in its notice window (end − giorni_preavviso_rinnovo ≤ today ≤ end) and without a notice for that
 *   end: the notice row (contract, end date: the idempotence key) and mail_avviso_scadenza_sent in one
 *   transaction, then its mail queued (contracts-notice-mail);
 * - renewing itself and past its end: a compare-and-set extension by mesi_rinnovo months with the new
 *   period's occurrences in the same transaction, period after period until it covers today.
 * - not renewing itself and past its end: contract.ended once per end date (fine_annunciata, migration 0040).
 * Each step writes its event (contract.renewed, contract.expiring with the notice, contract.ended) in its transaction.
 * Idempotent: run twice, or stopped and run again, it notices once and renews once per period; notices
 * left queued by a stopped run are queued again (their mail job sends each once).
 */
export const CONTRACTS_RENEWAL_QUEUE = 'contracts-renewal';
/**
 * Every hour at half past. Each company's contracts are judged on its own calendar, from 05:30 of its
 * own time zone: the day is the company's date of (now − 05:30). So a company in Rome and one in New
 * York both get their renewals and notices in their early morning, never a day late; the runs of the
 * other hours find nothing new (the job is idempotent).
 */
export const CONTRACTS_RENEWAL_CRON = '30 * * * *';
/** A company's day starts, for renewals and notices, at 05:30 of its time zone. */
export const RENEWAL_DAY_STARTS_MS = (5 * 60 + 30) * 60_000;

export interface RenewalRun {
  /**
   * The day to run for (YYYY-MM-DD) in every company; by default each company's date of (now − 05:30)
   * by `deps.clock`.
   */
  today?: string;
  /** Tests: called after each committed step (to stop a run there). */
  afterStep?: (step: 'renewal' | 'notice', contrattoId: string) => void | Promise<void>;
}

const minusDays = (d: string, n: number) => {
  const x = new Date(`${d}T00:00:00Z`);
  x.setUTCDate(x.getUTCDate() - n);
  return x.toISOString().slice(0, 10);
};

export async function runRenewal(
  deps: Deps,
  o: RenewalRun = {},
): Promise<{ renewals: number; notices: number; endings: number }> {
  let renewals = 0;
  let notices = 0;
  let endings = 0;
  // The job acts for each company as itself (a system principal): its events are written in the company's name.
  const contexts = new Map<string, Promise<CompanyContext>>();
  const contextOf = (aziendaId: string) => {
    let ctx = contexts.get(aziendaId);
    if (!ctx) contexts.set(aziendaId, (ctx = systemContext(deps, aziendaId, CONTRACTS_RENEWAL_QUEUE)));
    return ctx;
  };
  const when: rrepo.RenewalDay = o.today
    ? { today: o.today }
    : { now: new Date(deps.clock.now().getTime() - RENEWAL_DAY_STARTS_MS) };
  for (const due of await rrepo.dueContracts(deps.db, when)) {
    const { today } = due;
    let c: rrepo.DueContract | undefined = due;
    while (c && c.rinnovoAutomatico && c.mesiRinnovo && c.dataFine < today) {
      const { aziendaId, id, dataFine, mesiRinnovo } = c;
      const ctx = await contextOf(aziendaId);
      const extended = await ctx.transaction(async (unit) => {
        const tx = unit.db as Tx;
        const next = await rrepo.extend(tx, aziendaId, id, dataFine, mesiRinnovo);
        if (!next) return undefined;
        await generateRenewalPeriod(tx, aziendaId, id, { after: dataFine, until: next.dataFine });
        await unit.emit({
          type: 'contract.renewed',
          aggregateId: id,
          payload: {
            id,
            identificativo: next.identificativo,
            cliente_id: next.clienteId,
            data_fine_precedente: dataFine,
            data_fine: next.dataFine,
          },
        });
        return next;
      });
      if (extended) {
        renewals++;
        await o.afterStep?.('renewal', id);
      }
      // Re-read: another run may have renewed it (the compare-and-set then changed nothing).
      const now = await rrepo.contractNow(deps.db, aziendaId, id);
      if (now && now.dataFine === dataFine) break;
      c = now;
    }
    if (!c || c.giorniPreavviso === null || c.dataFine < today || minusDays(c.dataFine, c.giorniPreavviso) > today) {
      continue;
    }
    const key = { aziendaId: c.aziendaId, contrattoId: c.id, dataFine: c.dataFine };
    const giorni = c.giorniPreavviso;
    const inserted = await (
      await contextOf(key.aziendaId)
    ).transaction(async (unit) => {
      const tx = unit.db as Tx;
      const recipients = await rrepo.recipients(tx, key.aziendaId, key.contrattoId);
      if (!(await rrepo.insertNotice(tx, key.aziendaId, key.contrattoId, key.dataFine, recipients))) return false;
      // Once per end date, with the notice (its row is the idempotence key), whether or not its mail can go.
      const facts = await rrepo.contractFacts(tx, key.aziendaId, key.contrattoId);
      if (facts) {
        await unit.emit({
          type: 'contract.expiring',
          aggregateId: facts.id,
          payload: {
            id: facts.id,
            identificativo: facts.identificativo,
            cliente_id: facts.clienteId,
            data_fine: key.dataFine,
            giorni_preavviso: giorni,
          },
        });
      }
      return true;
    });
    if (!inserted) continue;
    notices++;
    await o.afterStep?.('notice', c.id);
  }
  // Past its end without automatic renewal: contract.ended, once per end date (compare-and-set on fine_annunciata).
  for (const c of await rrepo.endedContracts(deps.db, when)) {
    const ended = await (
      await contextOf(c.aziendaId)
    ).transaction(async (unit) => {
      if (!(await rrepo.markEndAnnounced(unit.db, c, c.today))) return false;
      await unit.emit({
        type: 'contract.ended',
        aggregateId: c.id,
        payload: {
          id: c.id,
          identificativo: c.identificativo,
          cliente_id: c.clienteId,
          data_fine: c.dataFine,
          anticipata: false,
          motivo: null,
        },
      });
      return true;
    });
    if (ended) endings++;
  }
  // Every notice still queued gets its mail job (a stopped run's included; sending twice is prevented there).
  for (const k of await rrepo.queuedNotices(deps.db)) await queueNotice(deps, k);
  return { renewals, notices, endings };
}

export const contractsRenewalJob = defineJob<{ today?: string }>({
  queue: CONTRACTS_RENEWAL_QUEUE,
  run: async (deps, data) => {
    await runRenewal(deps, { today: data.today });
  },
  cron: { expression: CONTRACTS_RENEWAL_CRON, data: {} },
});
