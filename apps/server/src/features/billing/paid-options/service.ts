import type { Estimate, PaidOptionConfirmRequest, PaidOptionRequest, PurchaseResult } from '@fs/contract';
import type { CompanyContext } from '../../../platform/context.js';
import type { Deps } from '../../../platform/deps.js';
import { AppError } from '../../../platform/errors.js';
import * as subscription from '../subscription/service.js';
import * as repo from './repo.js';

/**
 * Paid options are bought through the subscription (item `option:<key>`, quantity 1):
 * the quote and the charge are the subscription service's, so prices, the term,
 * pro-rata and payments follow its rules (docs/pricing.md). Routes are admin-only.
 */

/** The paid options the company has bought (keys of PAID_OPTIONS), for the options screen's rules. */
export async function boughtOptions(deps: Deps, aziendaId: string): Promise<Set<string>> {
  return repo.boughtOptions(deps.db, aziendaId);
}

async function ensureNotBought(ctx: CompanyContext, option: string) {
  if ((await repo.boughtOptions(ctx.db, ctx.company.id)).has(option)) {
    throw new AppError('CONFLICT', 'Opzione già attiva', [{ path: 'option', message: 'già attiva' }]);
  }
}

const itemsOf = (option: PaidOptionRequest['option']) => [{ type: `option:${option}` as const, quantity: 1 }];

export async function estimate(ctx: CompanyContext, req: PaidOptionRequest): Promise<Estimate> {
  await ensureNotBought(ctx, req.option);
  return subscription.quote(ctx, { items: itemsOf(req.option), billingPeriod: req.billingPeriod });
}

export async function confirm(ctx: CompanyContext, req: PaidOptionConfirmRequest): Promise<PurchaseResult> {
  await ensureNotBought(ctx, req.option);
  return subscription.purchase(ctx, {
    items: itemsOf(req.option),
    billingPeriod: req.billingPeriod,
    paymentMethod: req.paymentMethod,
    card: req.card,
    returnUrl: '/options',
  });
}
