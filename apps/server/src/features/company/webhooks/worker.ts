import { WEBHOOK_DISABLE_AFTER_MS, WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_TIMEOUT_MS } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { MAIL_QUEUE } from '../../../platform/mail-job.js';
import type { MailMessage } from '../../../platform/mail.js';
import { open } from '../options/secret-box.js';
import { post, type AttemptOutcome } from './delivery.js';
import * as q from './delivery-repo.js';
import { adminAddresses } from './repo.js';
import { signedHeaders } from './signing.js';

/**
 * The delivery worker (decision 0049): leases endpoints with due messages (several at once, in parallel), sends each
 * one's due messages in creation order, one at a time, and records every attempt. A job runs it when woken (a new
 * message, a replay, a retry due soon) and every minute.
 */
export const WEBHOOKS_QUEUE = 'webhooks-deliver';

/** How long a claimed endpoint stays with its worker without news (one attempt's timeout and a margin). */
export const LEASE_MS = WEBHOOK_TIMEOUT_MS + 15_000;
const ENDPOINTS_AT_ONCE = 16;
const PER_ENDPOINT = 50;
/** A retry due within this is given its own wake-up; later ones are found by the minute's sweep. */
const WAKE_WITHIN_MS = 60_000;

/** The delay before the next attempt after `done` attempts of a series failed, with ±20 % jitter; null: no more. */
export function nextDelay(done: number, retryAfter: number | null, random = Math.random): number | null {
  const base = WEBHOOK_RETRY_DELAYS_MS[done];
  if (base === undefined) return null;
  const jittered = Math.round(base * (0.8 + 0.4 * random()));
  // A longer Retry-After is honoured (at most a day: a receiver cannot park a message for ever).
  return retryAfter !== null && retryAfter > jittered ? Math.min(retryAfter, 86_400_000) : jittered;
}

/** Asks a worker to deliver now. A lost wake-up waits for the minute's sweep, so a failure is only logged. */
export async function wakeDeliveries(deps: Pick<Deps, 'jobs' | 'log'>): Promise<void> {
  try {
    await deps.jobs.send(WEBHOOKS_QUEUE, {}, { retryLimit: 2, retryDelay: 1 });
  } catch (err) {
    deps.log.warn({ err }, 'webhook deliveries not woken: the sweep will deliver');
  }
}

export interface DeliveryRun {
  attempts: number;
  delivered: number;
  /** Messages are still due (the budget ran out). */
  more: boolean;
  /** The soonest retry scheduled by this run (ms from now), if any. */
  soonestRetryMs: number | null;
}

function disabledMail(to: string[], url: string, reason: 'GONE_410' | 'FALLIMENTI', link: string): MailMessage {
  const why =
    reason === 'GONE_410'
      ? 'il destinatario ha risposto 410 (Gone), cioè che l’indirizzo non esiste più'
      : 'da 5 giorni ogni tentativo di consegna non è andato a buon fine';
  return {
    to,
    subject: `Webhook disattivato: ${url}`,
    text: [
      'Buongiorno,',
      '',
      `il webhook verso ${url} è stato disattivato perché ${why}.`,
      'I nuovi eventi non gli vengono più inviati. Quando il destinatario funziona di nuovo, riattivalo da',
      `Integrazioni esterne → Webhook (${link}) e rimanda i messaggi falliti.`,
      '',
      'Gestionale Interventi',
    ].join('\n'),
  };
}

async function deliverTo(
  deps: Deps,
  endpoint: q.ClaimedEndpoint,
  messages: q.DueMessage[],
  until: number,
  run: DeliveryRun,
): Promise<void> {
  const now = deps.clock.now();
  const secrets = [await open(deps.db, endpoint.segreto)];
  if (endpoint.segretoPrecedente && endpoint.segretoPrecedenteFino && endpoint.segretoPrecedenteFino > now) {
    secrets.push(await open(deps.db, endpoint.segretoPrecedente));
  }
  try {
    for (const m of messages) {
      if (Date.now() > until) break;
      const at = deps.clock.now();
      let outcome: AttemptOutcome;
      try {
        outcome = await post(endpoint.url, signedHeaders(m.id, at, m.body, secrets), m.body, {
          resolve: deps.resolve,
          allowPrivate: deps.config.WEBHOOKS_ALLOW_PRIVATE,
          timeoutMs: WEBHOOK_TIMEOUT_MS,
          now: at,
        });
      } catch (err) {
        outcome = { ok: false, status: null, latencyMs: null, answer: String(err).slice(0, 500), retryAfterMs: null };
      }
      const gone = outcome.status === 410;
      const delay = outcome.ok || gone ? null : nextDelay(m.tentativiSerie + 1, outcome.retryAfterMs);
      const disabled = await q.recordAttempt(
        deps.db,
        {
          aziendaId: endpoint.aziendaId,
          webhookId: endpoint.id,
          messageId: m.id,
          at,
          status: outcome.status,
          latenzaMs: outcome.latencyMs,
          risposta: outcome.answer,
          ok: outcome.ok,
          stato: outcome.ok ? 'CONSEGNATO' : delay === null ? 'FALLITO' : 'IN_ATTESA',
          next: delay === null ? null : new Date(at.getTime() + delay),
          gone,
          leaseUntil: new Date(deps.clock.now().getTime() + LEASE_MS),
        },
        WEBHOOK_DISABLE_AFTER_MS,
      );
      run.attempts++;
      if (outcome.ok) run.delivered++;
      if (delay !== null) run.soonestRetryMs = Math.min(run.soonestRetryMs ?? delay, delay);
      if (disabled) {
        deps.log.warn({ webhook: endpoint.id, reason: disabled }, 'webhook endpoint disabled');
        const to = await adminAddresses(deps.db, endpoint.aziendaId);
        if (to.length) {
          await deps.jobs.send<MailMessage>(
            MAIL_QUEUE,
            disabledMail(to, endpoint.url, disabled, `${deps.config.publicUrl}/external-integrations?tab=webhook`),
          );
        }
        return;
      }
    }
  } finally {
    await q.release(deps.db, endpoint.id);
  }
}

/**
 * Delivers what is due until nothing is or `budgetMs` is spent (a job bounds its run under its expiry; attempts
 * started before the end finish, each within the timeout).
 */
export async function deliverDue(deps: Deps, budgetMs: number): Promise<DeliveryRun> {
  const until = Date.now() + budgetMs;
  const run: DeliveryRun = { attempts: 0, delivered: 0, more: false, soonestRetryMs: null };
  while (Date.now() < until) {
    const now = deps.clock.now();
    const claimed = await q.claimEndpoints(deps.db, now, new Date(now.getTime() + LEASE_MS), ENDPOINTS_AT_ONCE);
    if (!claimed.length) break;
    const due = await q.dueMessages(
      deps.db,
      claimed.map((e) => e.id),
      now,
      PER_ENDPOINT,
    );
    await Promise.all(
      claimed.map((e) =>
        deliverTo(
          deps,
          e,
          due.filter((m) => m.webhookId === e.id),
          until,
          run,
        ).catch((err: unknown) => deps.log.error({ err, webhook: e.id }, 'webhook delivery failed')),
      ),
    );
  }
  run.more = await q.anyDue(deps.db, deps.clock.now());
  return run;
}

/** One job's run: what is due, then a wake-up for what remains or for a retry due soon. */
export async function runDeliveries(deps: Deps): Promise<void> {
  const budget = Math.max(1000, deps.config.JOB_EXPIRE_SEC * 1000 - WEBHOOK_TIMEOUT_MS - 5000);
  const run = await deliverDue(deps, budget);
  if (run.more) await wakeDeliveries(deps);
  else if (run.soonestRetryMs !== null && run.soonestRetryMs < WAKE_WITHIN_MS) {
    const at = new Date(Date.now() + run.soonestRetryMs + 200);
    await deps.jobs
      .sendAfter(WEBHOOKS_QUEUE, {}, at, { singletonKey: `at-${Math.floor(at.getTime() / 1000)}` })
      .catch((err: unknown) => deps.log.warn({ err }, 'webhook retry not scheduled: the sweep will deliver'));
  }
}
