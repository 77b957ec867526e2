import { can, maySeePrices, maySetPrices } from '@fs/contract';
import type { CompanyContext } from '../../../platform/context.js';

/**
 * What the caller may do with reports (spec platform 6, issue 11): gestione_interventi on the
 * company's data edits any report, on own data only the reports the user is assigned to; a
 * user sees colleagues' reports with company read or "see colleagues' data"; prices need
 * the prices permission (read to see, write to set them: the report's own, the materials' and the
 * days' set prices). What a caller may not see it may not set either: write without read sets nothing.
 */
export function reportAccess(ctx: CompanyContext) {
  const p = ctx.principal.permissions;
  return {
    seeAll: can(p, 'gestione_interventi', 'read', 'company') || can(p, 'dati_colleghi', 'read'),
    editAll: can(p, 'gestione_interventi', 'write', 'company'),
    /** Write on own data at least: edits (and signs) the reports the user is assigned to. */
    editOwn: can(p, 'gestione_interventi', 'write'),
    deleteAll: can(p, 'gestione_interventi', 'delete', 'company'),
    seePrices: maySeePrices(p),
    setPrices: maySetPrices(p),
  };
}
export type ReportAccess = ReturnType<typeof reportAccess>;
