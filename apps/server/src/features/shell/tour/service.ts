import { LIMITS, tourStep, type TourStep } from '@fs/contract';
import { todayOf, type CompanyContext } from '../../../platform/context.js';
import { AppError, notFound } from '../../../platform/errors.js';
import * as repo from './repo.js';

export interface TourAnswer {
  work_flow_primo_accesso: number;
}

/** POST /workflow-primo-accesso/interrompi: the tour ends for the company (30, finished). */
export async function interrupt(ctx: CompanyContext): Promise<TourAnswer> {
  if (!(await repo.moveStep(ctx.db, ctx.company.id, null, LIMITS.tourFinishedStep))) throw notFound('Azienda');
  return { work_flow_primo_accesso: LIMITS.tourFinishedStep };
}

const NEXT: Record<TourStep, number> = { 0: 10, 10: 20, 20: LIMITS.tourFinishedStep };

/**
 * POST /workflow-primo-accesso/avanza: the next step, once this one is done.
 * 0 → 10 when the company data is complete (main email, address, city);
 * 10 → 20 when the company has an active technician; 20 → 30 (finished).
 * `from` must be the current step, so a repeated click moves it only once.
 */
export async function advance(ctx: CompanyContext, from: TourStep): Promise<TourAnswer> {
  const aziendaId = ctx.company.id;
  return ctx.transaction(async ({ db: tx }) => {
    const c = await repo.findCompany(tx, aziendaId);
    if (!c) throw notFound('Azienda');
    const step = tourStep(
      {
        work_flow_primo_accesso: c.step,
        subscription_confirmed: c.subscriptionConfirmed,
        scadenza_trial_date: c.scadenzaTrialDate,
      },
      todayOf(ctx),
    );
    if (step === null) throw new AppError('CONFLICT', 'Il percorso di primo accesso non è attivo');
    if (step !== from) throw new AppError('CONFLICT', 'Il percorso è già a un altro passo');
    if (from === 0 && !(c.mailPrincipale && c.indirizzo && c.citta)) {
      throw new AppError('CONFLICT', "Completare i dati dell'azienda (email, indirizzo, città)", [
        { path: 'step', message: 'company' },
      ]);
    }
    if (from === 10 && (await repo.countTechnicians(tx, aziendaId)) === 0) {
      throw new AppError('CONFLICT', 'Aggiungere almeno un tecnico', [{ path: 'step', message: 'technician' }]);
    }
    await repo.moveStep(tx, aziendaId, from, NEXT[from]);
    return { work_flow_primo_accesso: NEXT[from] };
  });
}
