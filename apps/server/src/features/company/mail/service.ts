import type { CompanyContext } from '../../../platform/context.js';
import type { Deps } from '../../../platform/deps.js';
import { AppError } from '../../../platform/errors.js';
import type { MailMessage } from '../../../platform/mail.js';
import { optionValues } from '../options/service.js';
import * as box from '../options/secret-box.js';
import { sendWithSmtp, verifySmtp, type CompanySmtp } from './smtp.js';

/** The SMTP settings of the options screen (category smtp), in this order. */
const SMTP_KEYS = ['enabled', 'host', 'port', 'security', 'user', 'password', 'sender'] as const;

async function smtpSettings(deps: Deps, aziendaId: string) {
  const values = await optionValues(
    deps,
    aziendaId,
    SMTP_KEYS.map((k) => ['smtp', k]),
  );
  return Object.fromEntries(SMTP_KEYS.map((k, i) => [k, values[i]!])) as Record<(typeof SMTP_KEYS)[number], string>;
}

type SmtpSettings = Awaited<ReturnType<typeof smtpSettings>>;

/** The company's saved SMTP server, password opened. */
async function serverOf(deps: Deps, s: SmtpSettings): Promise<CompanySmtp> {
  if (!s.host) throw new AppError('SMTP_FAILED', 'Server SMTP non configurato: indicare il server e salvare');
  return {
    host: s.host,
    port: Number(s.port),
    security: s.security as CompanySmtp['security'],
    user: s.user,
    password: s.password ? await box.open(deps.db, s.password) : '',
  };
}

/**
 * How a mail of the company to its customers goes out: through the company's own SMTP server when
 * the option smtp is on (server and sender set), else through the server's mailer (SMTP_HOST).
 */
export async function companySend(deps: Deps, aziendaId: string): Promise<(m: MailMessage) => Promise<void>> {
  const s = await smtpSettings(deps, aziendaId);
  if (s.enabled !== '1' || !s.host || !s.sender) return (m) => deps.mailer.send(m);
  const smtp = { ...(await serverOf(deps, s)), sender: s.sender };
  return (m) => sendWithSmtp(smtp, m);
}

/** Why a mail to a customer cannot go: no SMTP server at all. */
export const NO_SMTP_REASON =
  "Nessun server SMTP configurato (né quello dell'azienda né quello del server): la mail non è stata inviata";

/**
 * The way out of a mail to the customer, or why there is none (issue 24): with neither the company's SMTP
 * server (option smtp on, server and sender set) nor the server's (SMTP_HOST), the mail is not sent, and
 * whoever records the sending says so (never "sent").
 */
export async function companyMailRoute(
  deps: Deps,
  aziendaId: string,
): Promise<{ send: (m: MailMessage) => Promise<void> } | { send: null; reason: string }> {
  const s = await smtpSettings(deps, aziendaId);
  if (s.enabled === '1' && s.host && s.sender) {
    const smtp = { ...(await serverOf(deps, s)), sender: s.sender };
    return { send: (m) => sendWithSmtp(smtp, m) };
  }
  if (!deps.mailer.configured) return { send: null, reason: NO_SMTP_REASON };
  return { send: (m) => deps.mailer.send(m) };
}

/** GET /mail/test-smtp: a real connection to the company's saved SMTP server. */
export async function testSmtp(ctx: CompanyContext): Promise<void> {
  await verifySmtp(await serverOf(ctx.deps, await smtpSettings(ctx.deps, ctx.company.id)));
}
