import type { CompanyContext } from '../../../platform/context.js';
import { ownIdOf } from '../../../platform/auth/principal.js';
import { reportAccess } from './access.js';
import type { ListFilters } from './list-repo.js';

/** The list's filters as the wire names them (GET /rapportini/rapportini/admin and the exports built on it). */
export interface WireFilters {
  stato?: ListFilters['stato'];
  cliente_id?: string;
  tecnico_id?: string;
  contratto_id?: string;
  completato?: boolean;
  dal?: string;
  al?: string;
  chiuso_dal?: string;
  chiuso_al?: string;
  q?: string;
}

/**
 * The report list's filters for this caller: the wire's filters, and only the caller's own reports
 * for a user who may not see colleagues' (the list, its CSV/XLSX export, the Danea XML, the zip of PDFs).
 */
export function listFiltersOf(ctx: CompanyContext, q: WireFilters): ListFilters {
  return {
    stato: q.stato,
    clienteId: q.cliente_id,
    tecnicoId: q.tecnico_id,
    contrattoId: q.contratto_id,
    completato: q.completato,
    dal: q.dal,
    al: q.al,
    chiusoDal: q.chiuso_dal,
    chiusoAl: q.chiuso_al,
    timeZone: ctx.company.timezone,
    q: q.q,
    onlyUser: reportAccess(ctx).seeAll ? undefined : ownIdOf(ctx.principal),
  };
}
