import { useQuery } from '@tanstack/react-query';
import { can, routes } from '@fs/contract';
import { api } from '../../../app/api/client';
import { usePermissions } from '../../../app/session/api';

/** Positions are live data: a minute of cache, refreshed every minute while shown. */
const POSITIONS_MS = 60_000;

/** Technicians' last positions, for users who may read the company's planning. */
export function useTechnicianPositions() {
  const perms = usePermissions();
  const allowed = perms.data ? can(perms.data.permissions, 'pianificazione_interventi', 'read', 'company') : false;
  return useQuery({
    queryKey: ['geolocation', 'technicians'],
    enabled: allowed,
    staleTime: POSITIONS_MS,
    refetchInterval: POSITIONS_MS,
    queryFn: () => api.call(routes.geolocation.technicianPositions),
  });
}
