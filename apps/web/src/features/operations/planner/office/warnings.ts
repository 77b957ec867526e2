import type { AppointmentRequest, AppointmentSaveResponse, Appointment, ScheduleWarning } from '@fs/contract';

/** Asks the user whether to save despite the warnings (true: confirm). */
export type AskConfirm = (avvisi: ScheduleWarning[]) => Promise<boolean>;
export type Post = (body: AppointmentRequest) => Promise<AppointmentSaveResponse>;

export type SaveOutcome = { saved: true; item: Appointment } | { saved: false; avvisi: ScheduleWarning[] };

/**
 * Saves an appointment the way spec 5 wants warnings handled: a first try without `conferma`; if the
 * server answers with warnings the user is asked, and only on their confirmation the same request is
 * sent again with `conferma: true`. Declined: nothing saved (the caller reverts the calendar).
 */
export async function saveConfirming(post: Post, body: AppointmentRequest, ask: AskConfirm): Promise<SaveOutcome> {
  const first = await post({ ...body, conferma: false });
  if (first.success) return { saved: true, item: first.item };
  if (!(await ask(first.avvisi))) return { saved: false, avvisi: first.avvisi };
  const second = await post({ ...body, conferma: true });
  if (second.success) return { saved: true, item: second.item };
  // Confirmed saves never warn; if one still does, report it as not saved.
  return { saved: false, avvisi: second.avvisi };
}

/**
 * A warning's sentence in the user's language, from its fields (the technician's name from the
 * company's list); the server's Italian message when a field it needs is missing.
 */
export function warningText(
  a: ScheduleWarning,
  t: (key: string, values: Record<string, unknown>) => string,
  nameOf: (id: string) => string | undefined,
  day: (iso: string) => string,
): string {
  if (a.codice === 'ritardo_attivita') {
    if (!a.data || a.ritardo_giorni === undefined || a.ritardo_massimo_giorni === undefined) return a.message;
    return t('planner.warnings.details.ritardo_attivita', {
      data: day(a.data),
      giorni: a.ritardo_giorni,
      massimo: a.ritardo_massimo_giorni,
    });
  }
  const nome = a.tecnico_id ? nameOf(a.tecnico_id) : undefined;
  if (!nome) return a.message;
  return t(`planner.warnings.details.${a.codice}`, { nome });
}
