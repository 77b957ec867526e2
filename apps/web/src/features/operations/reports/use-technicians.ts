import { useUsers } from '../../identity';
import { mayListUsers } from '@fs/contract';
import { usePermissions, useSessionUser } from '../../../app/session/api';
import type { Option } from './api';

/** The technicians a report may name: the company's users when the list may load (spec 6), else the user alone. */
export function useTechnicianOptions(extra: { id: string; nome: string }[] = []): Option[] {
  const me = useSessionUser().data;
  const perms = usePermissions().data?.permissions;
  const mayList = !!perms && mayListUsers(perms);
  const users = useUsers(mayList);
  const list: Option[] = (users.data?.items ?? []).map((u) => ({
    value: u.id,
    label: [u.name, u.surname].filter(Boolean).join(' ') || u.username,
  }));
  if (me && !list.some((o) => o.value === me.id)) {
    list.push({ value: me.id, label: [me.name, me.surname].filter(Boolean).join(' ') || me.username });
  }
  for (const e of extra) if (!list.some((o) => o.value === e.id)) list.push({ value: e.id, label: e.nome });
  return list;
}
