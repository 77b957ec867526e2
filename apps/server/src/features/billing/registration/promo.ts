import type { z } from 'zod';
import {
  TRIAL_DAYS,
  type promoCompleteRequest,
  type PromoCompanySummary,
  type RegisterPromoItem,
  type registerPromoRequest,
} from '@fs/contract';
import { AppError, notFound } from '../../../platform/errors.js';
import { hashToken, randomToken } from '../../../platform/auth/crypto.js';
import type { Deps } from '../../../platform/deps.js';
import { voucherFor } from '../subscription/service.js';
import { addDays } from '../subscription/quote.js';
import * as repo from './repo.js';
import { check, newCompanyOf, provision } from './service.js';
import { RATE_RULES, takeHit } from '../../../platform/rate-limit.js';

export const PROMO_TOKEN_TTL_MS = 7 * 24 * 3_600_000;

type PromoInput = z.output<typeof registerPromoRequest>;

/**
 * POST /register/init-promo: the company in free trial with its administrator,
 * in one transaction. The coupon is checked with the subscription area's
 * voucher rules; a valid one adds its free-trial days (vouchers.trial_days) and
 * stays usable for the first purchase. An invalid one does not stop the
 * registration: the answer carries alert 0004. `client` (the caller's address) is
 * throttled with /register/init's rule, one count for both sign-ups: either tells
 * whether an email or VAT number is registered, and each makes a company.
 */
export async function initPromo(
  deps: Deps,
  input: PromoInput,
  now = new Date(),
  client?: string,
): Promise<{ item: RegisterPromoItem; alert?: '0004' }> {
  if (client) await takeHit(deps, RATE_RULES.registerInitPerClient, client);
  await check(deps, input);
  const token = randomToken();
  const created = await provision(deps, newCompanyOf(input, TRIAL_DAYS), async (tx, p) => {
    let valid = true;
    try {
      await voucherFor(deps, tx, p.company.id, input.coupon);
    } catch (e) {
      if (!(e instanceof AppError && e.code === '0011')) throw e;
      valid = false;
    }
    let trialEnd = p.company.scadenzaTrialDate!;
    const extra = valid ? await repo.voucherTrialDays(tx, input.coupon) : 0;
    if (extra > 0) {
      trialEnd = addDays(trialEnd, extra);
      await repo.updateCompany(tx, p.company.id, { scadenzaTrialDate: trialEnd });
    }
    await repo.insertToken(tx, {
      aziendaId: p.company.id,
      utenteId: p.users[0]!.id,
      kind: 'promo',
      tokenHash: hashToken(token),
      coupon: input.coupon.toUpperCase(),
      couponValido: valid,
      expiresAt: new Date(now.getTime() + PROMO_TOKEN_TTL_MS),
    });
    return { valid, trialEnd };
  });
  return {
    item: {
      azienda_id: created.company.id,
      partita_iva: created.company.partitaIva,
      username: created.users[0]!.username,
      scadenza_trial_date: created.extra.trialEnd,
      coupon_valido: created.extra.valid,
      token_v2: token,
    },
    ...(created.extra.valid ? {} : { alert: '0004' as const }),
  };
}

async function promoToken(deps: Deps, token: string) {
  const t = await repo.findLiveToken(deps.db, 'promo', hashToken(token), deps.clock.now());
  if (!t) throw notFound('Registrazione (link scaduto o già usato)');
  return t;
}

const summary = (c: NonNullable<Awaited<ReturnType<typeof repo.findCompany>>>): PromoCompanySummary => ({
  ragione_sociale: c.ragioneSociale,
  partita_iva: c.partitaIva,
  codice_fiscale: c.codiceFiscale,
  pec: c.pec,
  telefono: c.telefono,
  indirizzo: c.indirizzo,
  citta: c.citta,
  provincia: c.provincia,
  cap: c.cap,
  nazione: c.nazione,
});

/** GET /register/promo-completa-dati: the company as registered, for the completion form. */
export async function promoCompany(deps: Deps, token: string): Promise<PromoCompanySummary> {
  const t = await promoToken(deps, token);
  const c = await repo.findCompany(deps.db, t.aziendaId);
  if (!c) throw notFound('Azienda');
  return summary(c);
}

/** POST /register/promo-completa-dati: completes the company data once, spending token_v2. */
export async function promoComplete(
  deps: Deps,
  input: z.output<typeof promoCompleteRequest>,
): Promise<PromoCompanySummary> {
  const t = await promoToken(deps, input.token);
  return deps.db.transaction(async (tx) => {
    if (!(await repo.spendToken(tx, t.aziendaId, t.id, deps.clock.now())))
      throw notFound('Registrazione (link già usato)');
    await repo.updateCompany(tx, t.aziendaId, {
      codiceFiscale: input.codice_fiscale ?? null,
      pec: input.pec,
      telefono: input.telefono ?? null,
      indirizzo: input.indirizzo,
      citta: input.citta,
      provincia: input.provincia?.toUpperCase() ?? null,
      cap: input.cap,
      nazione: input.nazione,
    });
    const c = await repo.findCompany(tx, t.aziendaId);
    return summary(c!);
  });
}
