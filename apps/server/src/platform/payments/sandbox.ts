import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  DEFAULT_TIME_ZONE,
  cardBrand,
  cardExpired,
  cvcValid,
  digitsOnly,
  luhnValid,
  todayIn,
  type CardInput,
} from '@fs/contract';
import { AppError, notFound } from '../errors.js';
import type { Db } from '../db/client.js';
import { sandboxChallenges } from '../db/schema-subscription.js';
import type { CardDetails, ChargeRequest, ChargeResult, PaymentGateway } from './gateway.js';

/**
 * Deterministic test cards of the sandbox gateway (any future expiry, any holder).
 * Every other number passing the checks succeeds too.
 */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  successMastercard: '5555555555554444',
  successAmex: '378282246310005',
  /** The issuer says the card details are wrong: 0012. */
  invalid: '4000000000000127',
  /** The issuer says the card has expired (whatever the expiry typed): 0026. */
  expired: '4000000000000069',
  /** Not authorised by the issuer: CARD_DECLINED. */
  declined: '4000000000000002',
  /** Needs 3-D Secure: the user passes or fails the challenge on /public/3ds-sandbox. */
  threeDs: '4000000000003220',
} as const;

/** How long a challenge waits for the user. */
export const CHALLENGE_TTL_MS = 15 * 60_000;

export const SANDBOX_PAGE = '/public/3ds-sandbox';

const reference = () => `sbx_${randomBytes(9).toString('hex')}`;

export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async authorize(card: CardInput): Promise<CardDetails> {
    const number = digitsOnly(card.number);
    const brand = cardBrand(number);
    if (!luhnValid(number) || brand === 'unknown') {
      throw new AppError('0012', 'Numero di carta non valido', [
        { path: 'card.number', message: 'Numero di carta non valido' },
      ]);
    }
    if (!cvcValid(number, card.cvc)) {
      throw new AppError('0012', 'Codice di sicurezza non valido', [
        { path: 'card.cvc', message: 'Codice di sicurezza non valido' },
      ]);
    }
    if (
      // The gateway's calendar, not a company's: the sandbox judges a card's month as the default zone.
      cardExpired(card.exp_month, card.exp_year, todayIn(DEFAULT_TIME_ZONE, this.now())) ||
      number === SANDBOX_CARDS.expired
    ) {
      throw new AppError('0026', 'Carta scaduta', [{ path: 'card.exp', message: 'Carta scaduta' }]);
    }
    if (number === SANDBOX_CARDS.invalid) throw new AppError('0012', 'Dati della carta non validi');
    if (number === SANDBOX_CARDS.declined) throw new AppError('CARD_DECLINED', 'Carta non autorizzata');
    return { last4: number.slice(-4), brand, exp_month: card.exp_month, exp_year: card.exp_year };
  }

  async charge(req: ChargeRequest): Promise<ChargeResult> {
    const card = await this.authorize(req.card);
    if (digitsOnly(req.card.number) !== SANDBOX_CARDS.threeDs)
      return { status: 'succeeded', reference: reference(), card };
    const challengeId = `3ds_${randomBytes(18).toString('base64url')}`;
    await this.db.insert(sandboxChallenges).values({
      id: challengeId,
      aziendaId: req.aziendaId,
      amountCents: req.amountCents,
      last4: card.last4,
      brand: card.brand,
      expMonth: card.exp_month,
      expYear: card.exp_year,
      returnUrl: req.returnUrl,
      expiresAt: new Date(this.now().getTime() + CHALLENGE_TTL_MS),
    });
    return {
      status: 'requires_action',
      challengeId,
      url: `${SANDBOX_PAGE}?challenge=${encodeURIComponent(challengeId)}`,
      card,
    };
  }

  async completeChallenge(aziendaId: string, challengeId: string) {
    const [c] = await this.db
      .select()
      .from(sandboxChallenges)
      .where(and(eq(sandboxChallenges.aziendaId, aziendaId), eq(sandboxChallenges.id, challengeId)));
    if (!c) throw notFound('Verifica 3-D Secure');
    if (c.status === 'failed' || (c.status === 'pending' && c.expiresAt <= this.now())) {
      throw new AppError('CARD_3DS_FAILED', 'Verifica 3-D Secure non superata');
    }
    if (c.status === 'pending') throw new AppError('CONFLICT', 'Verifica 3-D Secure non ancora completata');
    return {
      reference: reference(),
      card: { last4: c.last4, brand: c.brand as CardDetails['brand'], exp_month: c.expMonth, exp_year: c.expYear },
    };
  }

  bankTransferInstructions(req: { amountCents: number; reference: string; dueDate: string }) {
    return {
      beneficiary: 'Gestionale Interventi S.r.l. (sandbox)',
      // The well-known example IBAN: no real account.
      iban: 'IT60X0542811101000000123456',
      bic: 'BPMOIT22XXX',
      reference: req.reference,
      amount_cents: req.amountCents,
      due_date: req.dueDate,
    };
  }

  /* ---- the local sandbox page (public routes, sandbox only) ---- */

  async challenge(id: string) {
    const [c] = await this.db.select().from(sandboxChallenges).where(eq(sandboxChallenges.id, id));
    if (!c) return undefined;
    const expired = c.status === 'pending' && c.expiresAt <= this.now();
    return {
      id: c.id,
      status: expired ? ('failed' as const) : c.status,
      amount_cents: c.amountCents,
      last4: c.last4,
      brand: c.brand,
      return_url: `${c.returnUrl}${c.returnUrl.includes('?') ? '&' : '?'}challenge=${encodeURIComponent(c.id)}`,
    };
  }

  /** The user's answer on the sandbox page; only a pending, unexpired challenge changes. */
  async decide(id: string, outcome: 'pass' | 'fail') {
    const c = await this.challenge(id);
    if (!c) throw notFound('Verifica 3-D Secure');
    if (c.status !== 'pending') throw new AppError('CONFLICT', 'Verifica già conclusa');
    await this.db
      .update(sandboxChallenges)
      .set({ status: outcome === 'pass' ? 'passed' : 'failed' })
      .where(and(eq(sandboxChallenges.id, id), eq(sandboxChallenges.status, 'pending')));
    return (await this.challenge(id))!;
  }
}
