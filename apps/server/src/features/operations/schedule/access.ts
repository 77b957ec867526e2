import { can } from '@fs/contract';
import type { CompanyContext } from '../../../platform/context.js';

/**
 * What the caller may do in the planner (spec operations 6, pianificazione_interventi read/write/delete):
 * on the company's data every appointment; on own data only the appointments the caller is a
 * technician of. "See colleagues' data" shows everyone's, as for reports. Creating the report with
 * the appointment needs gestione_interventi write. To-dos need interventi_da_pianificare besides.
 */
export function scheduleAccess(ctx: CompanyContext) {
  const p = ctx.principal.permissions;
  return {
    seeAll: can(p, 'pianificazione_interventi', 'read', 'company') || can(p, 'dati_colleghi', 'read'),
    writeAll: can(p, 'pianificazione_interventi', 'write', 'company'),
    deleteAll: can(p, 'pianificazione_interventi', 'delete', 'company'),
    positions: can(p, 'pianificazione_interventi', 'read', 'company'),
    createReports: can(p, 'gestione_interventi', 'write'),
    /** To-dos (appointments without dates) are the area "interventions to schedule": read, write (create, plan), delete. */
    todos: {
      read: can(p, 'interventi_da_pianificare', 'read'),
      write: can(p, 'interventi_da_pianificare', 'write'),
      delete: can(p, 'interventi_da_pianificare', 'delete'),
    },
  };
}
export type ScheduleAccess = ReturnType<typeof scheduleAccess>;
