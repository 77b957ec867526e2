import { useMemo } from 'react';
import { mayListUsers } from '@fs/contract';
import { usePermissions } from '../../../../app/session/api';
import { useUsers } from '../../../identity';

export interface TechnicianOption {
  value: string;
  label: string;
  /** Place in the company's list of users (the server's colour order). */
  indice: number;
}

/** The company's active technicians (scheduleenabled Y) for pickers and the legend. */
export function useTechnicians(): { list: TechnicianOption[]; loading: boolean } {
  const perms = usePermissions().data?.permissions;
  const users = useUsers(!!perms && mayListUsers(perms));
  const items = users.data?.items;
  const list = useMemo(
    () =>
      (items ?? []).flatMap((u, i) =>
        u.scheduleenabled === 'Y' && u.status === 'ACTIVE'
          ? [{ value: u.id, label: [u.name, u.surname].filter(Boolean).join(' ') || u.username, indice: i }]
          : [],
      ),
    [items],
  );
  return { list, loading: users.isLoading };
}
