import type { AppointmentRequest, AppointmentSaveResponse, Appuntamento, AvvisoSchedule } from '@fs/contract';

/** Asks the user whether to save despite the warnings (true: confirm). */
export type AskConfirm = (avvisi: AvvisoSchedule[]) => Promise<boolean>;
export type Post = (body: AppointmentRequest) => Promise<AppointmentSaveResponse>;

export type SaveOutcome = { saved: true; item: Appuntamento } | { saved: false; avvisi: AvvisoSchedule[] };

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
