import type { z } from 'zod';
import {
  licenceCount,
  PRICES,
  TRIAL_DAYS,
  type CardInput,
  type RegisterCheckoutSummary,
  type RegisterInitItem,
  type registerCheckRequest,
  type registerInitRequest,
} from '@fs/contract';
import { AppError, notFound } from '../../../platform/errors.js';
import { hashToken, randomToken } from '../../../platform/auth/crypto.js';
import type { Deps } from '../../../platform/deps.js';
import type { Tx } from '../../../platform/db/client.js';
import { provisionCompany, type NewCompany, type Provisioned } from '../../company/index.js';
import * as repo from './repo.js';
import * as subscriptionRepo from '../subscription/repo.js';
import { pgError } from '../../../platform/db/pg-errors.js';
import { RATE_RULES, takeHit } from '../../../platform/rate-limit.js';
import { assertStrongPassword } from '../../../platform/auth/password-strength.js';

const HOUR = 3_600_000;
export const CHECKOUT_TOKEN_TTL_MS = 24 * HOUR;
/** Where the sandbox (or a real gateway) sends the user back after 3-D Secure. */
export const RETURN_PATH = '/access/register?step=3ds';

type CheckInput = z.output<typeof registerCheckRequest>;
type InitInput = z.output<typeof registerInitRequest>;

export const emailUsed = () =>
  new AppError('0010', "Email già usata come nome utente: accedere con l'account esistente", [
    { path: 'email', message: 'Email già registrata' },
  ]);
export const pivaUsed = () =>
  new AppError('CONFLICT', "Partita IVA già registrata: accedere con l'account esistente", [
    { path: 'partita_iva', message: 'Partita IVA già registrata' },
  ]);

/** POST /register/check: the rules zod cannot see (email and VAT number free). */
/** The registration check; `client` (the caller's address) is throttled, as it tells whether an email or VAT number is registered. */
export async function check(deps: Deps, input: CheckInput, client?: string): Promise<void> {
  if (client) await takeHit(deps, RATE_RULES.registerCheckPerClient, client);
  if (input.password) await assertStrongPassword(input.password, [input.username, input.email, input.partita_iva]);
  if (input.email && (await repo.emailTaken(deps.db, input.email))) throw emailUsed();
  if (input.partita_iva && (await repo.pivaTaken(deps.db, input.partita_iva))) throw pivaUsed();
}

/** A unique index that fired between the check and the insert says the same as the check. */
export function takenError(e: unknown): AppError | undefined {
  const err = pgError(e);
  if (err?.code !== '23505') return undefined;
  return `${err.constraint ?? ''} ${err.message}`.includes('partita_iva') ? pivaUsed() : emailUsed();
}

/** Provisions a registered company and runs `more` in the same transaction. */
export async function provision<T>(deps: Deps, c: NewCompany, more: (tx: Tx, p: Provisioned) => Promise<T>) {
  try {
    return await provisionCompany(deps.db, { now: deps.clock.now(), ...c }, more);
  } catch (e) {
    throw takenError(e) ?? e;
  }
}

/** The registration's company and admin from steps 1 and 2 (shared by the promo variant). */
export function newCompanyOf(
  input: {
    ragione_sociale: string;
    partita_iva: string;
    email: string;
    username: string;
    password: string;
    name: string;
    surname: string;
    lingua: 'IT' | 'EN' | 'ES' | 'FR' | 'DE';
    subscription_type: 'lite' | 'premium' | 'platinum';
    tecnici: number;
  },
  trialDays: number,
  details: NewCompany['details'] = {},
): NewCompany {
  return {
    ragioneSociale: input.ragione_sociale,
    partitaIva: input.partita_iva,
    mailPrincipale: input.email,
    subscriptionType: input.subscription_type,
    trialDays,
    licences: input.tecnici,
    details: { linguaDefault: input.lingua, ...details },
    users: [
      {
        username: input.username,
        password: input.password,
        email: input.email,
        name: input.name,
        surname: input.surname,
        role: 'admin',
        lingua: input.lingua,
        scheduleenabled: 'N',
      },
    ],
  };
}

/**
 * POST /register/init: the company in free trial (30 days, the chosen plan and
 * licences) with its administrator and a checkout token, in one transaction.
 */
export async function init(deps: Deps, input: InitInput, now = new Date(), client?: string): Promise<RegisterInitItem> {
  if (client) await takeHit(deps, RATE_RULES.registerInitPerClient, client);
  await check(deps, input);
  const token = randomToken();
  const created = await provision(
    deps,
    newCompanyOf(input, TRIAL_DAYS, {
      telefono: input.telefono ?? null,
      indirizzo: input.indirizzo ?? null,
      citta: input.citta ?? null,
      provincia: input.provincia?.toUpperCase() ?? null,
      cap: input.cap ?? null,
      nazione: input.nazione,
    }),
    (tx, p) =>
      repo.insertToken(tx, {
        aziendaId: p.company.id,
        utenteId: p.users[0]!.id,
        kind: 'checkout',
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + CHECKOUT_TOKEN_TTL_MS),
      }),
  );
  return {
    azienda_id: created.company.id,
    partita_iva: created.company.partitaIva,
    username: created.users[0]!.username,
    subscription_type: created.company.subscriptionType,
    tecnici: input.tecnici,
    scadenza_trial_date: created.company.scadenzaTrialDate!,
    token,
  };
}

async function checkoutToken(deps: Deps, token: string) {
  const t = await repo.findLiveToken(deps.db, 'checkout', hashToken(token), deps.clock.now());
  if (!t) throw notFound('Registrazione (link scaduto o già usato)');
  return t;
}

/** GET /register/checkout: our own card page (hosted_page) and what the card is for. */
export async function checkoutPage(
  deps: Deps,
  token: string,
): Promise<{ hosted_page: string; item: RegisterCheckoutSummary }> {
  const t = await checkoutToken(deps, token);
  const company = await repo.findCompany(deps.db, t.aziendaId);
  if (!company) throw notFound('Azienda');
  const items = await repo.findItems(deps.db, t.aziendaId);
  const card = await subscriptionRepo.findCard(deps.db, t.aziendaId);
  const tecnici = licenceCount(items);
  const url = new URL('/access/register', deps.config.publicUrl);
  url.searchParams.set('step', 'carta');
  url.searchParams.set('token', token);
  return {
    hosted_page: url.toString(),
    item: {
      ragione_sociale: company.ragioneSociale,
      subscription_type: company.subscriptionType,
      tecnici,
      scadenza_trial_date: company.scadenzaTrialDate!,
      prezzo_annuo_cents: PRICES[company.subscriptionType].yearly * tecnici,
      card: card ? { last4: card.last4, brand: card.brand } : null,
    },
  };
}

export type CheckoutResult =
  | { stato: 'completata'; card: { last4: string; brand: string } }
  | { stato: 'verifica_3ds'; challenge_id: string; url: string };

/** Keeps the verified card and spends the token, in one transaction. */
async function keepCard(
  deps: Deps,
  t: { id: string; aziendaId: string },
  card: Parameters<typeof subscriptionRepo.saveCard>[2],
) {
  await deps.db.transaction(async (tx) => {
    if (!(await repo.spendToken(tx, t.aziendaId, t.id, deps.clock.now())))
      throw notFound('Registrazione (link già usato)');
    await subscriptionRepo.saveCard(tx, t.aziendaId, card);
  });
  return { stato: 'completata' as const, card: { last4: card.last4, brand: card.brand } };
}

/**
 * POST /register/checkout: the card on file for after the trial. Nothing is
 * charged: the gateway verifies the card with a zero-amount authorisation,
 * which may ask for 3-D Secure first.
 */
export async function checkout(deps: Deps, token: string, card: CardInput): Promise<CheckoutResult> {
  const t = await checkoutToken(deps, token);
  const r = await deps.payments.charge({
    aziendaId: t.aziendaId,
    amountCents: 0,
    currency: 'EUR',
    description: 'Verifica della carta alla registrazione (nessun addebito)',
    card,
    returnUrl: RETURN_PATH,
  });
  if (r.status === 'requires_action') return { stato: 'verifica_3ds', challenge_id: r.challengeId, url: r.url };
  return keepCard(deps, t, r.card);
}

/** POST /register/checkcarta3ds: the outcome of the 3-D Secure challenge. */
export async function checkCard3ds(deps: Deps, token: string, challengeId: string): Promise<CheckoutResult> {
  const t = await checkoutToken(deps, token);
  const r = await deps.payments.completeChallenge(t.aziendaId, challengeId);
  return keepCard(deps, t, r.card);
}
