import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { rowsOf } from './repo.js';

/**
 * The delivery side's queries (decision 0049). An endpoint is claimed with a lease (`in_consegna_fino`): one worker
 * delivers to it at a time, its due messages in creation order; a worker that dies leaves the lease to run out, and
 * the messages it was sending are due again (at least once, with the same webhook-id).
 */

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export interface ClaimedEndpoint {
  id: string;
  aziendaId: string;
  url: string;
  segreto: string;
  segretoPrecedente: string | null;
  segretoPrecedenteFino: Date | null;
}

/** Leases up to `limit` active endpoints with a due message and no lease running, least recently served first. */
export async function claimEndpoints(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedEndpoint[]> {
  const rows = rowsOf<{
    id: string;
    azienda_id: string;
    url: string;
    segreto: string;
    segreto_precedente: string | null;
    segreto_precedente_fino: string | Date | null;
  }>(
    await db.execute(sql`
      update webhooks w set in_consegna_fino = ${ts(leaseUntil)}
      where w.id in (
        select e.id from webhooks e
        where e.attivo and (e.in_consegna_fino is null or e.in_consegna_fino <= ${ts(now)})
          and exists (
            select 1 from webhook_messages m
            where m.webhook_id = e.id and m.stato = 'IN_ATTESA' and m.prossimo_tentativo <= ${ts(now)})
        order by e.in_consegna_fino nulls first, e.id
        limit ${limit}
        for update skip locked)
      returning w.id, w.azienda_id, w.url, w.segreto, w.segreto_precedente, w.segreto_precedente_fino`),
  );
  return rows.map((r) => ({
    id: r.id,
    aziendaId: r.azienda_id,
    url: r.url,
    segreto: r.segreto,
    segretoPrecedente: r.segreto_precedente,
    segretoPrecedenteFino: r.segreto_precedente_fino ? new Date(r.segreto_precedente_fino) : null,
  }));
}

export interface DueMessage {
  id: string;
  webhookId: string;
  body: string;
  tentativiSerie: number;
}

/** The first `perEndpoint` due messages of each endpoint, in creation order. */
export async function dueMessages(
  db: Db,
  endpointIds: string[],
  now: Date,
  perEndpoint: number,
): Promise<DueMessage[]> {
  if (!endpointIds.length) return [];
  const ids = sql.join(
    endpointIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = rowsOf<{ id: string; webhook_id: string; body: string; tentativi_serie: number }>(
    await db.execute(sql`
      select id, webhook_id, body, tentativi_serie from (
        select m.id, m.webhook_id, m.body, m.tentativi_serie, m.seq,
          row_number() over (partition by m.webhook_id order by m.seq) as n
        from webhook_messages m
        where m.webhook_id in (${ids}) and m.stato = 'IN_ATTESA' and m.prossimo_tentativo <= ${ts(now)}) x
      where n <= ${perEndpoint}
      order by webhook_id, seq`),
  );
  return rows.map((r) => ({ id: r.id, webhookId: r.webhook_id, body: r.body, tentativiSerie: r.tentativi_serie }));
}

export interface AttemptRecord {
  aziendaId: string;
  webhookId: string;
  messageId: string;
  at: Date;
  status: number | null;
  latenzaMs: number | null;
  risposta: string;
  ok: boolean;
  /** The message's next state: delivered, failed for good, or due again at `next`. */
  stato: 'CONSEGNATO' | 'FALLITO' | 'IN_ATTESA';
  next: Date | null;
  /** The answer was 410 Gone: the endpoint is disabled. */
  gone: boolean;
  /** The endpoint's lease, extended for the next message. */
  leaseUntil: Date;
}

/**
 * One attempt recorded with the message's and the endpoint's new state, in one statement (one round trip: a burst
 * to one endpoint is recorded attempt by attempt). A success clears the endpoint's failures; a failure starts them
 * (`fallisce_dal`), and disables the endpoint once they have lasted `disableAfterMs`; a 410 disables it at once.
 * Answers the reason when this attempt disabled the endpoint.
 */
export async function recordAttempt(
  db: Db,
  a: AttemptRecord,
  disableAfterMs: number,
): Promise<'GONE_410' | 'FALLIMENTI' | null> {
  const at = ts(a.at);
  const since = sql`coalesce(w.fallisce_dal, ${at})`;
  // Whether this failure disables the (still active) endpoint, and why.
  const disables = a.ok
    ? sql`false`
    : a.gone
      ? sql`w.attivo`
      : sql`w.attivo and ${since} <= ${at} - make_interval(secs => ${disableAfterMs / 1000})`;
  const reason = a.gone ? 'GONE_410' : 'FALLIMENTI';
  const rows = rowsOf<{ disabled: boolean }>(
    await db.execute(sql`
      with attempt as (
        insert into webhook_attempts (azienda_id, messaggio_id, at, status, latenza_ms, risposta, esito)
        values (${a.aziendaId}, ${a.messageId}, ${at}, ${a.status}, ${a.latenzaMs}, ${a.risposta},
          ${a.ok ? 'OK' : 'ERRORE'})),
      message as (
        update webhook_messages set stato = ${a.stato}, tentativi = tentativi + 1,
          tentativi_serie = tentativi_serie + 1, prossimo_tentativo = ${a.next ? ts(a.next) : null},
          ultimo_status = ${a.status}
        where azienda_id = ${a.aziendaId} and id = ${a.messageId})
      update webhooks w set
        fallisce_dal = ${a.ok ? null : since},
        attivo = case when ${disables} then false else w.attivo end,
        motivo_disabilitazione = case when ${disables} then ${reason} else w.motivo_disabilitazione end,
        disabilitato_il = case when ${disables} then ${at} else w.disabilitato_il end,
        in_consegna_fino = case when ${disables} then null else ${ts(a.leaseUntil)} end
      where w.azienda_id = ${a.aziendaId} and w.id = ${a.webhookId}
      returning (not w.attivo and w.disabilitato_il = ${at} and w.motivo_disabilitazione = ${reason}) as disabled`),
  );
  return rows[0]?.disabled ? reason : null;
}

/** The endpoint's lease given back (its batch is done). */
export async function release(db: Db, webhookId: string): Promise<void> {
  await db.execute(sql`update webhooks set in_consegna_fino = null where id = ${webhookId} and attivo`);
}

/** Whether some message is due now on an active endpoint without a running lease (another run is worth it). */
export async function anyDue(db: Db, now: Date): Promise<boolean> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`
      select 1 as n from webhook_messages m join webhooks w on w.id = m.webhook_id
      where m.stato = 'IN_ATTESA' and m.prossimo_tentativo <= ${ts(now)} and w.attivo
        and (w.in_consegna_fino is null or w.in_consegna_fino <= ${ts(now)})
      limit 1`),
  );
  return rows.length > 0;
}
