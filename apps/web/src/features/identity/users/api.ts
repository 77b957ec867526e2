import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type PermissionGroupSave, type UserSave } from '@fs/contract';
import { api } from '../../../app/api/client';
import { sessionKeys } from '../../../app/session/api';
import { jobKeys } from '../../registries';

/** Users and groups are cached 3 hours (spec platform section 9); every change here refreshes them. */
export const USERS_STALE_MS = 3 * 3_600_000;

export const userKeys = {
  all: ['users'] as const,
  list: ['users', 'list'] as const,
  one: (id: string) => ['users', 'one', id] as const,
  groups: ['groups'] as const,
};

export function useUsers(enabled = true) {
  return useQuery({
    queryKey: userKeys.list,
    enabled,
    staleTime: USERS_STALE_MS,
    queryFn: async () => {
      const r = await api.call(routes.users.listUsers);
      return { items: r.items, licences: r.licences };
    },
  });
}

export function useUser(id: string | null) {
  return useQuery({
    queryKey: userKeys.one(id ?? ''),
    enabled: id !== null,
    staleTime: USERS_STALE_MS,
    queryFn: async () => (await api.call(routes.users.getUser, { params: { id: id! } })).item,
  });
}

function useRefreshUsers() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: userKeys.all });
    await queryClient.invalidateQueries({ queryKey: userKeys.groups });
    await queryClient.invalidateQueries({ queryKey: sessionKeys.user });
    await queryClient.invalidateQueries({ queryKey: sessionKeys.permissions });
    // Job roles list their holders.
    await queryClient.invalidateQueries({ queryKey: jobKeys.all });
  };
}

export function useSaveUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    meta: { silent: true },
    // The signature never travels with the user (spec section 7).
    mutationFn: async ({ signature: _s, ...body }: UserSave & { signature?: unknown }) =>
      (await api.call(routes.users.saveUser, { body })).item,
    onSuccess: refresh,
  });
}

export function useDeleteSignature() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: async (id?: string) => (await api.call(routes.users.deleteSignature, { body: id ? { id } : {} })).item,
    onSuccess: refresh,
  });
}

export function useSwapOrder() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (ids: { id1: string; id2: string }) => api.call(routes.users.swapOrder, { body: ids }),
    onSuccess: refresh,
  });
}

export function useUploadPhoto() {
  const refresh = useRefreshUsers();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ userId, file }: { userId: string; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return api.call(routes.media.insert, { params: { section: 'utente', id: userId }, form });
    },
    onSuccess: refresh,
  });
}

export function useDeleteMedia() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (mediaId: string) => api.call(routes.media.remove, { params: { id: mediaId } }),
    onSuccess: refresh,
  });
}

/** A new one-time code for the app-access QR (earlier codes stop working). */
export function useGenerateOtp() {
  return useMutation({
    meta: { silent: true },
    mutationFn: () => api.call(routes.users.generateOtp),
  });
}

/** Public: exchanges the code of /public/app-access for an APP session on this device. */
export function useAppAccess() {
  return useMutation({
    meta: { silent: true },
    mutationFn: async (otp: string) => (await api.call(routes.users.appAccess, { body: { otp } })).item,
  });
}

/* ---------- permission groups ---------- */

export function useGroups(enabled = true) {
  return useQuery({
    queryKey: userKeys.groups,
    enabled,
    staleTime: USERS_STALE_MS,
    queryFn: async () => (await api.call(routes.groups.listGroups)).gruppi,
  });
}

export function useSaveGroup() {
  const refresh = useRefreshUsers();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: PermissionGroupSave) => (await api.call(routes.groups.saveGroup, { body })).gruppo,
    onSuccess: refresh,
  });
}

export function useDeleteGroup() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (id: string) => api.call(routes.groups.deleteGroup, { params: { id } }),
    onSuccess: refresh,
  });
}
