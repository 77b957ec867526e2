import { Readable } from 'node:stream';
import type { PublicSignatureSummary, Report } from '@fs/contract';
import { AppError, forbidden, notFound } from '../../../platform/errors.js';
import { systemContext, type CompanyContext } from '../../../platform/context.js';
import { ownIdOf, userIdOf } from '../../../platform/auth/principal.js';
import { hashToken, randomToken } from '../../../platform/auth/crypto.js';
import type { Deps } from '../../../platform/deps.js';
import type { Tx } from '../../../platform/db/client.js';
import { RATE_RULES, securityEvent, takeHit } from '../../../platform/rate-limit.js';
import { removeObjects } from '../../../platform/storage-removals.js';
import { optionValues } from '../../company/index.js';
import { dropFile, fileRow, recordFile, reserveSpace } from '../../registries/index.js';
import { reportAccess } from './access.js';
import { takeMailRecipients } from './mail-cap.js';
import * as repo from './repo.js';
import { get, visible } from './service.js';
import { signatureMail } from './signature-mail.js';
import { pngBytes } from './signature-png.js';
import { insertMailLog } from './mail-repo.js';
import { REPORT_MAIL_QUEUE, REPORT_MAIL_RETRIES, type ReportMailJob } from './report-mail.js';

/**
 * The customer's acceptance (issue 12, docs/decisions/0025-signature.md): a PNG signature with the
 * signer's name, on the technician's or the office's screen, or through a single-use mailed link.
 */

export { pngBytes };

interface Signer {
  firmatario: string;
  remoto: boolean;
  ip: string | null;
  uploadedBy: string | null;
}

/**
 * Stores the image, then in one transaction: the report locked, `check` (rules that need the lock),
 * the quota (the replaced signature's bytes freed), the old file's row deleted, the new one recorded,
 * the report signed and its open links spent. The replaced object goes after the commit; whatever
 * fails, the new object is removed.
 */
async function store(
  /** The signer's context (the office's or technician's; a system context for a signing link). */
  ctx: CompanyContext,
  reportId: string,
  bytes: Buffer,
  signer: Signer,
  check: (tx: Tx, report: repo.ReportRow) => Promise<void>,
  now: Date = ctx.clock.now(),
): Promise<Date> {
  const { deps } = ctx;
  const aziendaId = ctx.company.id;
  const stored = await deps.storage.put(aziendaId, Readable.from([bytes]));
  try {
    const { at, oldKey } = await ctx.transaction(async (unit) => {
      const tx = unit.db as Tx;
      const row = await repo.lockReport(tx, aziendaId, reportId);
      if (!row) throw notFound('Rapportino');
      await check(tx, row);
      const old = row.firmaMediaId ? await fileRow(tx, aziendaId, row.firmaMediaId) : undefined;
      await reserveSpace(tx, aziendaId, stored.size, async () => (old ? [old] : []));
      if (old) await dropFile(tx, aziendaId, old.id);
      const m = await recordFile(tx, {
        aziendaId,
        section: 'rapportino',
        ownerId: reportId,
        filename: 'firma.png',
        contentType: 'image/png',
        size: stored.size,
        storageKey: stored.key,
        descrizione: signer.firmatario,
        uploadedBy: signer.uploadedBy,
      });
      await repo.setSignature(tx, aziendaId, reportId, {
        firmaMediaId: m.id,
        firmaFirmatario: signer.firmatario,
        firmaAt: now,
        firmaRemoto: signer.remoto,
        firmaIp: signer.remoto ? signer.ip : null,
      });
      await repo.spendSignatureLinks(tx, aziendaId, reportId, now);
      await unit.emit({
        type: 'report.signed',
        aggregateId: reportId,
        payload: {
          id: reportId,
          numero_assistenza: row.numeroAssistenza,
          cliente_id: row.clienteId,
          firmatario: signer.firmatario,
          firmato_at: now.toISOString(),
        },
      });
      return { at: now, oldKey: old?.storageKey };
    });
    if (oldKey) await removeObjects(deps, [oldKey]);
    return at;
  } catch (e) {
    await deps.storage.remove(stored.key).catch((err) => deps.log.warn({ err }, 'signature not removed'));
    throw e;
  }
}

/** The report the caller may sign: seen and editable by them (404 otherwise, as for saves). */
async function signable(ctx: CompanyContext, id: string) {
  const access = reportAccess(ctx);
  const r = await visible(ctx.db, ctx, access, id);
  const mine = r.tecnici.some((t) => t.id === ownIdOf(ctx.principal));
  if (!access.editAll && !(access.editOwn && mine)) throw notFound('Rapportino');
  if (r.report.completato) throw new AppError('REPORT_COMPLETED', 'Rapportino completato: la firma non cambia più');
  return r;
}

const notCompleted = async (_tx: Tx, row: repo.ReportRow) => {
  if (row.completato) throw new AppError('REPORT_COMPLETED', 'Rapportino completato: la firma non cambia più');
};

/** The signature locks when the report closes (issue 24): a closed report's signature is neither replaced nor cleared. */
const notLocked = async (tx: Tx, row: repo.ReportRow) => {
  await notCompleted(tx, row);
  if (row.stato === 'CHIUSO' && row.firmaMediaId)
    throw new AppError(
      'SIGNATURE_LOCKED',
      'Rapportino chiuso: la firma del cliente non si cambia più (riaprire il rapportino per cambiarla)',
    );
};

/**
 * Clears the signature of a locked report row (the caller's transaction): its file's row goes (the bytes leave
 * the quota), the report unsigned. Answers the stored object to remove after the commit.
 */
export async function dropSignature(tx: Tx, aziendaId: string, row: repo.ReportRow): Promise<string | undefined> {
  if (!row.firmaMediaId) return undefined;
  const old = await fileRow(tx, aziendaId, row.firmaMediaId);
  if (old) await dropFile(tx, aziendaId, old.id);
  await repo.setSignature(tx, aziendaId, row.id, {
    firmaMediaId: null,
    firmaFirmatario: null,
    firmaAt: null,
    firmaRemoto: false,
    firmaIp: null,
  });
  return old?.storageKey;
}

/** POST /rapportini/rapportino/firma: signs on this screen; a new signature replaces the old one. */
export async function sign(
  ctx: CompanyContext,
  input: { id: string; firmatario: string; png: string },
  /** When the customer signed: now (the route); the demo seed dates its history after the work days. */
  at: Date = ctx.clock.now(),
): Promise<Report> {
  await signable(ctx, input.id);
  const bytes = pngBytes(input.png);
  await store(
    ctx,
    input.id,
    bytes,
    { firmatario: input.firmatario, remoto: false, ip: null, uploadedBy: userIdOf(ctx.principal) },
    notLocked,
    at,
  );
  return get(ctx, input.id);
}

/** DELETE /rapportini/rapportino/firma/{id}: the signature and its file go (to sign again). */
export async function clear(ctx: CompanyContext, id: string): Promise<Report> {
  const aziendaId = ctx.company.id;
  await signable(ctx, id);
  const oldKey = await ctx.db.transaction(async (tx) => {
    const row = await repo.lockReport(tx, aziendaId, id);
    if (!row) throw notFound('Rapportino');
    await notLocked(tx, row);
    return dropSignature(tx, aziendaId, row);
  });
  if (oldKey) await removeObjects(ctx.deps, [oldKey]);
  return get(ctx, id);
}

/**
 * POST /rapportini/rapportino/firma/link: the office (company write) mails the customer a single-use
 * link valid SIGNATURE_LINK_DAYS days (configuration); the report's earlier open links are spent. Only the token's
 * SHA-256 is kept.
 */
export async function sendLink(
  ctx: CompanyContext,
  input: { id: string; email?: string },
): Promise<{ email: string; scadenza: string }> {
  const aziendaId = ctx.company.id;
  const access = reportAccess(ctx);
  const r = await visible(ctx.db, ctx, access, input.id);
  if (!access.editAll) throw forbidden("Solo l'ufficio invia il link di firma al cliente");
  await notLocked(ctx.db as Tx, r.report);
  const email = input.email ?? (await repo.customerEmail(ctx.db, aziendaId, r.report.clienteId))?.trim();
  if (!email) {
    const message = 'Il cliente non ha un indirizzo email: indicane uno';
    throw new AppError('VALIDATION', message, [{ path: 'email', message }]);
  }
  await takeMailRecipients(ctx.deps, aziendaId, 1);
  const token = randomToken();
  const scadenza = new Date(ctx.clock.now().getTime() + ctx.deps.config.SIGNATURE_LINK_DAYS * 24 * 3600_000);
  const [lingua] = await optionValues(ctx.deps, aziendaId, [['lingua_default', 'value']]);
  const link = {
    url: `${ctx.deps.config.publicUrl}/firma/${encodeURIComponent(token)}`,
    giorni: ctx.deps.config.SIGNATURE_LINK_DAYS,
    lingua: lingua ?? 'IT',
  };
  const oggetto = signatureMail({
    to: email,
    lingua: link.lingua,
    azienda: await repo.companyName(ctx.db, aziendaId),
    numero: r.report.numeroAssistenza ?? '',
    link: link.url,
    giorni: link.giorni,
  }).subject;
  // The link and its sending in the report's mail log (issue 24): the job sends it and records whether it went.
  const logId = await ctx.db.transaction(async (tx) => {
    await repo.spendSignatureLinks(tx, aziendaId, input.id);
    await repo.insertSignatureLink(tx, {
      aziendaId,
      rapportinoId: input.id,
      tokenHash: hashToken(token),
      email,
      scadeAt: scadenza,
      createdBy: userIdOf(ctx.principal),
    });
    const row = await insertMailLog(tx, {
      aziendaId,
      rapportinoId: input.id,
      destinatari: [email],
      oggetto,
      tipo: 'link_firma',
      createdBy: userIdOf(ctx.principal),
    });
    return row.id;
  });
  await ctx.deps.jobs.send<ReportMailJob>(
    REPORT_MAIL_QUEUE,
    { aziendaId, logId, link },
    { retryLimit: REPORT_MAIL_RETRIES, retryDelay: ctx.deps.config.MAIL_RETRY_DELAY_SEC },
  );
  return { email, scadenza: scadenza.toISOString() };
}

/* ---------- the public page (no session: the token is the only key) ---------- */

const gone = (message: string) => new AppError('SIGNATURE_LINK_INVALID', message);

/** The link of a token, open and unexpired, on a report that can still be signed; 410 otherwise. */
async function openLink(deps: Deps, token: string, client: string, tx?: Tx) {
  const link = await repo.signatureLinkByHash(tx ?? deps.db, hashToken(token), !!tx);
  if (!link) {
    securityEvent(deps, 'signature_link_unknown', { client });
    throw gone('Link di firma non valido');
  }
  if (link.usatoAt) throw gone('Questo link di firma è già stato usato');
  if (link.scadeAt.getTime() <= deps.clock.now().getTime())
    throw gone('Questo link di firma è scaduto: chiedine uno nuovo');
  return link;
}

/** GET /public/firma/{token}: what the customer signs for, without prices. */
export async function publicSummary(deps: Deps, token: string, client: string): Promise<PublicSignatureSummary> {
  await takeHit(deps, RATE_RULES.signatureViewPerClient, client);
  const link = await openLink(deps, token, client);
  const r = await repo.findReport(deps.db, link.aziendaId, link.rapportinoId);
  if (!r || r.report.completato) throw gone('Questo rapportino non si può più firmare');
  const company = await repo.companyOf(deps.db, link.aziendaId);
  return {
    // The company asks for the signature: its name and how to reach it, never the product's.
    azienda: company?.ragioneSociale ?? '',
    azienda_contatti: {
      indirizzo: company
        ? [company.indirizzo, [company.cap, company.citta].filter(Boolean).join(' ')].filter(Boolean).join(', ') || null
        : null,
      telefono: company?.telefono ?? null,
      email: company?.email ?? null,
    },
    numero_assistenza: r.report.numeroAssistenza ?? '',
    data_apertura: r.report.dataApertura,
    cliente: r.cliente,
    impianto: r.impianto,
    richiesta_iniziale: r.report.richiestaIniziale,
    tecnici: r.tecnici.map((t) => t.nome),
    giornate: r.giornate.map((g) => ({
      data: g.data,
      tecnico: g.tecnicoNome,
      totale_ore: g.totaleOre,
      km_viaggio: g.kmViaggio,
      ore_viaggio: g.oreViaggio,
    })),
    materiali: r.materiali.map((m) => ({
      codice: m.codice,
      descrizione: m.descrizione,
      quantita: m.quantita,
      unita: m.unita,
    })),
    totale_ore: r.report.totaleOre,
    scadenza: link.scadeAt.toISOString(),
  };
}

/** POST /public/firma/{token}: signs remotely (the client's address kept) and spends the link. */
export async function publicSign(
  deps: Deps,
  token: string,
  input: { firmatario: string; png: string },
  client: string,
): Promise<{ firmatario: string; firmato_il: string }> {
  await takeHit(deps, RATE_RULES.signatureSignPerClient, client);
  const link = await openLink(deps, token, client);
  const bytes = pngBytes(input.png);
  // No one signs in: the link's company acts as the signing link (a system principal without grants).
  const ctx = await systemContext(deps, link.aziendaId, 'firma-remota');
  const at = await store(
    ctx,
    link.rapportinoId,
    bytes,
    { firmatario: input.firmatario, remoto: true, ip: client, uploadedBy: null },
    async (tx, row) => {
      // Under the report's lock: the link again (a second request with the same token waits, then fails).
      const locked = await openLink(deps, token, client, tx);
      if (row.completato) throw gone('Questo rapportino non si può più firmare');
      if (row.stato === 'CHIUSO' && row.firmaMediaId) throw gone('Questo rapportino è già stato firmato');
      if (!(await repo.useSignatureLink(tx, link.aziendaId, locked.id, deps.clock.now())))
        throw gone('Questo link di firma è già stato usato');
    },
  );
  return { firmatario: input.firmatario, firmato_il: at.toISOString() };
}
