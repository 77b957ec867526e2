import { useMemo, useState } from 'react';
import { filterRules, useListParams } from '../../../../app/components/list-url';
import { useCustomerName } from '../../reports/api';
import type { PlannerFilters } from '../api';

/** The planner's filters in the address, as every list's (the calendar and its list view alike). */
const PLANNER_LIST = {
  sort: '',
  filters: { tecnico_id: filterRules.id, mansione_id: filterRules.id, cliente_id: filterRules.id },
};

type Chosen = { id: string; nome: string } | null;

/**
 * The office planner's technician, job role and customer filters, kept in the address (`tecnico_id`,
 * `mansione_id`, `cliente_id`): a reload or Back from a report shows the same calendar. The customer
 * read from the address gets its name from the server.
 */
export function usePlannerFilters() {
  const list = useListParams(PLANNER_LIST);
  const { tecnico_id, mansione_id, cliente_id } = list.filters;
  const filters: PlannerFilters = useMemo(
    () => ({ tecnico_id: tecnico_id || null, mansione_id: mansione_id || null, cliente_id: cliente_id || null }),
    [tecnico_id, mansione_id, cliente_id],
  );
  const [picked, setPicked] = useState<Chosen>(null);
  const known = picked && picked.id === cliente_id ? picked : null;
  const name = useCustomerName(cliente_id && !known ? cliente_id : null);
  const customer: Chosen = known ?? (cliente_id && name.data ? { id: cliente_id, nome: name.data } : null);
  return {
    filters,
    setFilters: (next: PlannerFilters | ((f: PlannerFilters) => PlannerFilters)) => {
      const f = typeof next === 'function' ? next(filters) : next;
      list.setFilters({
        tecnico_id: f.tecnico_id ?? null,
        mansione_id: f.mansione_id ?? null,
        cliente_id: f.cliente_id ?? null,
      });
    },
    customer,
    setCustomer: setPicked,
  };
}
