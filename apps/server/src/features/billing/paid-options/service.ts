import type { Estimate, PaidOptionConfirmRequest, PaidOptionRequest, PurchaseResult } from '@fs/contract';
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

async function ensureNotBought(deps: Deps, aziendaId: string, option: string) {
  if ((await repo.boughtOptions(deps.db, aziendaId)).has(option)) {
    throw new AppError('CONFLICT', 'Opzione già attiva', [{ path: 'option', message: 'già attiva' }]);
  }
}

const itemsOf = (option: PaidOptionRequest['option']) => [{ type: `option:${option}` as const, quantity: 1 }];

export async function estimate(deps: Deps, aziendaId: string, req: PaidOptionRequest): Promise<Estimate> {
  await ensureNotBought(deps, aziendaId, req.option);
  return subscription.quote(deps, aziendaId, { items: itemsOf(req.option), billingPeriod: req.billingPeriod });
}

export async function confirm(deps: Deps, aziendaId: string, req: PaidOptionConfirmRequest): Promise<PurchaseResult> {
  await ensureNotBought(deps, aziendaId, req.option);
  return subscription.purchase(deps, aziendaId, {
    items: itemsOf(req.option),
    billingPeriod: req.billingPeriod,
    paymentMethod: req.paymentMethod,
    card: req.card,
    returnUrl: '/options',
  });
}
