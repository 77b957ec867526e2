/**
 * Subscription and purchases. Other features buy through `quote` and `purchase` (registration,
 * paid options); payments go through deps.payments, the gateway adapter.
 */
import {
  LIMITS,
  licenceCount,
  subscriptionState,
  technicianLimit,
  todayIn,
  type BreakListEntry,
  type CardInput,
  type Estimate,
  type PaymentMethod,
  type PurchaseResult,
  type Subscription,
  type Voucher,
} from '@fs/contract';
import { AppError, notFound } from '../../../platform/errors.js';
import { todayOf, type CompanyContext } from '../../../platform/context.js';
import type { Deps } from '../../../platform/deps.js';
import type { DbOrTx } from '../../../platform/db/client.js';
import type { CardDetails } from '../../../platform/payments/gateway.js';
import * as repo from './repo.js';
import { addDays, buildQuote, type QuoteCompany, type QuoteInput, type VoucherTerms } from './quote.js';

export interface QuoteRequest {
  items: BreakListEntry[];
  vouchers?: string[];
  billingPeriod?: 'monthly' | 'yearly';
  renew?: boolean;
  replace?: boolean;
}

export interface PurchaseRequest extends QuoteRequest {
  paymentMethod: PaymentMethod;
  card?: CardInput;
  /** Web path the 3-D Secure page returns to (gets `challenge=<id>`); default the checkout. */
  returnUrl?: string;
}

type Quoted = Estimate & { composition: BreakListEntry[]; plan: QuoteCompany['subscription_type'] };

const toDates = (c: repo.CompanyRow): QuoteCompany => ({
  subscription_type: c.subscriptionType,
  subscription_confirmed: c.subscriptionConfirmed,
  scadenza_trial_date: c.scadenzaTrialDate,
  scadenza_abbonamento_date: c.scadenzaAbbonamentoDate,
  start_abbonamento_date: c.startAbbonamentoDate,
  dunning: c.dunning,
});

async function company(db: DbOrTx, aziendaId: string, forUpdate = false) {
  const c = await repo.findCompany(db, aziendaId, forUpdate);
  if (!c) throw notFound('Azienda');
  return c;
}

export async function getSubscription(ctx: CompanyContext): Promise<Subscription> {
  const { db } = ctx;
  const aziendaId = ctx.company.id;
  const c = await company(db, aziendaId);
  const [breakList, used, card, pending, storage] = await Promise.all([
    repo.items(db, aziendaId),
    repo.usedLicences(db, aziendaId),
    repo.findCard(db, aziendaId),
    repo.latestPendingTransfer(db, aziendaId),
    repo.storageUsed(db, aziendaId),
  ]);
  const d = toDates(c);
  const slots = breakList.find((i) => i.type === 'storage')?.quantity ?? 0;
  return {
    sub: {
      subscription_type: c.subscriptionType,
      subscription_billing_period: c.subscriptionBillingPeriod,
      subscription_payment_method: c.subscriptionPaymentMethod,
      subscription_confirmed: c.subscriptionConfirmed,
      start_abbonamento_date: c.startAbbonamentoDate,
      scadenza_abbonamento_date: c.scadenzaAbbonamentoDate,
      scadenza_trial_date: c.scadenzaTrialDate,
      dunning: c.dunning,
      state: subscriptionState(d, todayOf(ctx)),
      renewListino: { breakList },
    },
    licences: { total: licenceCount(breakList), used, limit: technicianLimit(c.subscriptionType) },
    usage: {
      storage_bytes: storage,
      storage_limit_bytes: LIMITS.storageIncludedBytes + slots * LIMITS.storageSlotBytes,
    },
    card: card ? { last4: card.last4, brand: card.brand, exp_month: card.expMonth, exp_year: card.expYear } : null,
    pending_transfer: pending
      ? ((pending.estimate as { instructions?: Subscription['pending_transfer'] }).instructions ?? null)
      : null,
  };
}

/** POST /subscription/voucher: a voucher usable by the company today, or 0011. */
export const checkVoucher = (ctx: CompanyContext, code: string): Promise<Voucher> =>
  voucherFor(ctx.deps, ctx.db, ctx.company.id, code);

/**
 * A voucher usable by this company today (its calendar, by the clock), or 0011: on `db`, the
 * caller's transaction when there is one (the registration's, before the company has a context).
 */
export async function voucherFor(deps: Deps, db: DbOrTx, aziendaId: string, code: string): Promise<Voucher> {
  const c = await company(db, aziendaId);
  const today = todayIn(c.timezone, deps.clock.now());
  const v = await repo.findVoucher(db, code);
  const usable =
    v &&
    (!v.validFrom || v.validFrom <= today) &&
    (!v.validUntil || v.validUntil >= today) &&
    (v.maxRedemptions === null || v.redemptions < v.maxRedemptions) &&
    !(await repo.redeemedBy(db, aziendaId, v.id));
  if (!usable) throw new AppError('0011', 'Codice sconto non valido', [{ path: 'vouchers', message: code }]);
  return { code: v.code, percent_off: v.percentOff, amount_off_cents: v.amountOffCents, valid_until: v.validUntil };
}

async function quoteWith(ctx: CompanyContext, req: QuoteRequest, forUpdate = false): Promise<Quoted> {
  const { db } = ctx;
  const aziendaId = ctx.company.id;
  const c = await company(db, aziendaId, forUpdate);
  const codes = [...new Set((req.vouchers ?? []).map((v) => v.trim().toUpperCase()))];
  const terms: VoucherTerms[] = [];
  for (const code of codes) {
    const v = await voucherFor(ctx.deps, db, aziendaId, code);
    terms.push({ code: v.code, percentOff: v.percent_off, amountOffCents: v.amount_off_cents });
  }
  const input: QuoteInput = {
    items: req.items,
    billingPeriod: req.billingPeriod ?? 'yearly',
    renew: req.renew ?? false,
    replace: req.replace ?? false,
  };
  const [current, used] = await Promise.all([repo.items(db, aziendaId), repo.usedLicences(db, aziendaId)]);
  return buildQuote(toDates(c), current, used, input, terms, todayOf(ctx));
}

const publicEstimate = ({ composition: _c, plan: _p, ...e }: Quoted): Estimate => e;

export async function quote(ctx: CompanyContext, req: QuoteRequest): Promise<Estimate> {
  return publicEstimate(await quoteWith(ctx, req));
}

/** Applies a paid (or bank-transfer) purchase: items, company term, vouchers; inside the caller's transaction. */
async function apply(
  tx: DbOrTx,
  aziendaId: string,
  q: Quoted,
  method: PaymentMethod,
  paymentId: string,
  codes: string[],
  now: Date,
) {
  const c = await company(tx, aziendaId, true);
  if (q.mode === 'addition') {
    await repo.addItems(
      tx,
      aziendaId,
      q.lines.map((l) => ({ type: l.type, quantity: l.quantity })),
    );
    await repo.updateCompany(tx, aziendaId, { subscriptionPaymentMethod: method, dunning: false });
  } else {
    await repo.replaceItems(tx, aziendaId, q.composition);
    await repo.updateCompany(tx, aziendaId, {
      subscriptionType: q.plan,
      subscriptionConfirmed: true,
      subscriptionPaymentMethod: method,
      subscriptionBillingPeriod: q.billingPeriod,
      startAbbonamentoDate:
        c.subscriptionConfirmed && q.start > todayIn(c.timezone, now) ? c.startAbbonamentoDate : q.start,
      scadenzaAbbonamentoDate: q.end,
      dunning: false,
    });
  }
  for (const code of codes) {
    const v = await repo.findVoucher(tx, code);
    if (!v || !(await repo.redeem(tx, aziendaId, v.id, paymentId)))
      throw new AppError('0011', 'Codice sconto non più valido');
  }
}

/** A failed card payment on a confirmed subscription sets the dunning flag (payment failed). */
async function markDunning(ctx: CompanyContext, e: unknown) {
  if (!(e instanceof AppError) || !['CARD_DECLINED', 'CARD_3DS_FAILED', '0026'].includes(e.code)) return;
  const c = await repo.findCompany(ctx.db, ctx.company.id);
  if (c?.subscriptionConfirmed) await repo.updateCompany(ctx.db, ctx.company.id, { dunning: true });
}

async function paidByCard(
  ctx: CompanyContext,
  q: Quoted,
  codes: string[],
  card: CardDetails,
  ref: string | null,
  paymentId?: string,
) {
  const aziendaId = ctx.company.id;
  return ctx.transaction(async ({ db: tx }) => {
    const p = paymentId
      ? await repo.settlePayment(tx, aziendaId, paymentId, 'requires_action', {
          status: 'succeeded',
          gatewayReference: ref,
          paidAt: new Date(),
        })
      : await repo.insertPayment(tx, {
          aziendaId,
          status: 'succeeded',
          method: 'card',
          estimate: publicEstimate(q),
          vouchers: codes,
          totalCents: q.total_cents,
          gatewayReference: ref,
          paidAt: new Date(),
        });
    if (!p) throw new AppError('CONFLICT', 'Pagamento già concluso');
    await apply(tx, aziendaId, q, 'card', p.id, codes, ctx.clock.now());
    await repo.saveCard(tx, aziendaId, card);
    return p;
  });
}

/**
 * Quotes and pays. Card: succeeded, or requires_action with a 3-D Secure challenge to pass
 * (then `completeCardChallenge`). Bank transfer: recorded as pending with the instructions;
 * the subscription is confirmed at once (docs/pricing.md).
 */
export async function purchase(ctx: CompanyContext, req: PurchaseRequest): Promise<PurchaseResult> {
  const { deps } = ctx;
  const aziendaId = ctx.company.id;
  const q = await quoteWith(ctx, req);
  const codes = q.discounts.map((d) => d.code);
  const estimate = publicEstimate(q);
  if (req.paymentMethod === 'bank_transfer') {
    const c = await company(ctx.db, aziendaId);
    return ctx.transaction(async ({ db: tx }) => {
      const p = await repo.insertPayment(tx, {
        aziendaId,
        status: 'pending_transfer',
        method: 'bank_transfer',
        estimate,
        vouchers: codes,
        totalCents: q.total_cents,
      });
      const reference = `ABB-${c.partitaIva}-${p.id.slice(0, 8).toUpperCase()}`;
      const instructions = deps.payments.bankTransferInstructions({
        amountCents: q.total_cents,
        reference,
        dueDate: addDays(todayOf(ctx), deps.config.BANK_TRANSFER_DUE_DAYS),
      });
      await repo.settlePayment(tx, aziendaId, p.id, 'pending_transfer', {
        transferReference: reference,
        estimate: { ...estimate, instructions },
      });
      await apply(tx, aziendaId, q, 'bank_transfer', p.id, codes, ctx.clock.now());
      return { status: 'pending_transfer' as const, payment_id: p.id, estimate, instructions };
    });
  }
  if (!req.card)
    throw new AppError('VALIDATION', 'Dati della carta mancanti', [{ path: 'card', message: 'obbligatorio' }]);
  try {
    if (q.total_cents === 0) {
      const card = await deps.payments.authorize(req.card);
      const p = await paidByCard(ctx, q, codes, card, null);
      return { status: 'succeeded', payment_id: p.id, estimate };
    }
    const r = await deps.payments.charge({
      aziendaId,
      amountCents: q.total_cents,
      currency: 'EUR',
      description: `Abbonamento ${q.plan}`,
      card: req.card,
      returnUrl: req.returnUrl ?? '/subscription-plan/checkout',
    });
    if (r.status === 'succeeded') {
      const p = await paidByCard(ctx, q, codes, r.card, r.reference);
      return { status: 'succeeded', payment_id: p.id, estimate };
    }
    const p = await repo.insertPayment(ctx.db, {
      aziendaId,
      status: 'requires_action',
      method: 'card',
      estimate: { ...estimate, composition: q.composition, plan: q.plan },
      vouchers: codes,
      totalCents: q.total_cents,
      challengeId: r.challengeId,
    });
    return { status: 'requires_action', payment_id: p.id, estimate, challenge_id: r.challengeId, challenge_url: r.url };
  } catch (e) {
    await markDunning(ctx, e);
    throw e;
  }
}

/** After the 3-D Secure page: applies the purchase quoted when the challenge started. */
export async function completeCardChallenge(ctx: CompanyContext, challengeId: string): Promise<PurchaseResult> {
  const aziendaId = ctx.company.id;
  const p = await repo.findPaymentByChallenge(ctx.db, aziendaId, challengeId);
  if (!p) throw notFound('Pagamento');
  const q = p.estimate as Quoted;
  const estimate = publicEstimate(q);
  if (p.status === 'succeeded') return { status: 'succeeded', payment_id: p.id, estimate };
  if (p.status === 'failed') throw new AppError('CARD_3DS_FAILED', 'Verifica 3-D Secure non superata');
  let done: { reference: string; card: CardDetails };
  try {
    done = await ctx.deps.payments.completeChallenge(aziendaId, challengeId);
  } catch (e) {
    if (e instanceof AppError && e.code === 'CARD_3DS_FAILED') {
      await repo.settlePayment(ctx.db, aziendaId, p.id, 'requires_action', { status: 'failed' });
      await markDunning(ctx, e);
    }
    throw e;
  }
  await paidByCard(ctx, q, p.vouchers, done.card, done.reference, p.id);
  return { status: 'succeeded', payment_id: p.id, estimate };
}

/** Demo seed: the welcome voucher (10% off, no cap, valid a year from seeding). */
export async function seedDemoVoucher(db: DbOrTx, today: string) {
  await repo.insertVoucher(db, {
    code: 'BENVENUTO10',
    percentOff: 10,
    validFrom: today,
    validUntil: addDays(today, 365),
  });
}
