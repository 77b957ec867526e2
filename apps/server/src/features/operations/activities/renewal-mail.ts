import { formatDay } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { defineJob } from '../../../platform/job-registry.js';
import { companySend } from '../../company/index.js';
import * as rrepo from './renewal-repo.js';

/**
 * The contract expiry notice mail (issue 13, decision 0027): one contratti_avvisi row per contract and
 * end date, sent by this job through the company's SMTP server when its option is on, else the
 * server's; retried like every mail (the row shows errore after a failed attempt, inviata once sent).
 */
export const CONTRACT_NOTICE_QUEUE = 'contracts-notice-mail';
export const CONTRACT_NOTICE_RETRIES = 3;

type Content = NonNullable<Awaited<ReturnType<typeof rrepo.noticeContent>>>;

/** The notice in the company's language (IT or EN). */
export function noticeText(c: Content, dataFine: string): { subject: string; text: string } {
  const end = formatDay(dataFine);
  const what = c.descrizione ? ` (${c.descrizione})` : '';
  if (c.lingua === 'EN') {
    const renewal =
      c.rinnovoAutomatico && c.mesiRinnovo
        ? `It renews automatically for ${c.mesiRinnovo} months.`
        : 'It does not renew automatically.';
    return {
      subject: `Contract ${c.identificativo} expires on ${end} – ${c.cliente}`,
      text: `Contract ${c.identificativo}${what} of ${c.cliente} expires on ${end}.\n${renewal}\n\n${c.azienda}`,
    };
  }
  const renewal =
    c.rinnovoAutomatico && c.mesiRinnovo
      ? `Si rinnova automaticamente per ${c.mesiRinnovo} mesi.`
      : 'Non si rinnova automaticamente.';
  return {
    subject: `Contratto ${c.identificativo} in scadenza il ${end} – ${c.cliente}`,
    text: `Il contratto ${c.identificativo}${what} del cliente ${c.cliente} scade il ${end}.\n${renewal}\n\n${c.azienda}`,
  };
}

/** One attempt: sends the notice once (a notice already inviata, or being sent by another attempt, is left alone). */
export async function sendNotice(deps: Deps, k: rrepo.NoticeKey): Promise<void> {
  const c = await rrepo.noticeContent(deps.db, k);
  if (!c || c.stato === 'inviata' || !c.destinatari) return;
  // Read before the transaction: on PGlite the transaction holds the one connection.
  const send = await companySend(deps, k.aziendaId);
  const { subject, text } = noticeText(c, k.dataFine);
  try {
    await deps.db.transaction(async (tx) => {
      if (!(await rrepo.claimNotice(tx, k))) return;
      await send({ to: c.destinatari.split(', '), subject, text });
      await rrepo.markNotice(tx, k, 'inviata', null);
    });
  } catch (e) {
    const err = e as Error & { response?: string };
    const message = (err.message || err.response || String(e)).slice(0, 500) || 'errore di invio';
    await rrepo.markNotice(deps.db, k, 'errore', message);
    throw e;
  }
}

export async function queueNotice(deps: Deps, k: rrepo.NoticeKey): Promise<void> {
  await deps.jobs.send<rrepo.NoticeKey>(CONTRACT_NOTICE_QUEUE, k, {
    retryLimit: CONTRACT_NOTICE_RETRIES,
    retryDelay: deps.config.MAIL_RETRY_DELAY_SEC,
  });
}

export const contractNoticeJob = defineJob<rrepo.NoticeKey>({
  queue: CONTRACT_NOTICE_QUEUE,
  run: sendNotice,
  short: true,
});
