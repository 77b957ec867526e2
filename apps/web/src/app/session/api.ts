import { useSyncExternalStore } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CACHE_MS, CLIENT, can, type Action, type PageKey, type Scope, routes } from '@fs/contract';
import { api } from '../api/client';
import { sessionStore } from '../api/session-store';
import { localeOfLingua, writeLocaleCookie } from '../i18n';

export const sessionKeys = {
  user: ['session', 'user'] as const,
  permissions: ['session', 'permissions'] as const,
};

export function useStoredSession() {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

/** The session user, validated against the server on every app load. */
export function useSessionUser() {
  const { token, user } = useStoredSession();
  return useQuery({
    queryKey: sessionKeys.user,
    enabled: token !== null,
    initialData: user ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: CACHE_MS.permissions,
    queryFn: async () => {
      const { item } = await api.call(routes.session.sessionUser);
      sessionStore.setUser(item);
      return item;
    },
  });
}

/** The signed-in user's permissions (GET /session/permissions). */
export const permissionsQuery = queryOptions({
  queryKey: sessionKeys.permissions,
  staleTime: CACHE_MS.permissions,
  queryFn: async () => (await api.call(routes.session.permissions)).item,
});

export function usePermissions() {
  const { token } = useStoredSession();
  return useQuery({ ...permissionsQuery, enabled: token !== null });
}

/** Whether the user may do `action` on `key` (on any data, or only `scope`'s); undefined while the permissions load. */
export function useCan(key: PageKey, action: Action, scope: Scope | 'any' = 'any'): boolean | undefined {
  const { data } = usePermissions();
  return data ? can(data.permissions, key, action, scope) : undefined;
}

/** Saves the user's language, revalidates the session, sets the cookie, reloads after 500 ms. */
export function useChangeLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lingua: 'IT' | 'EN' | 'ES' | 'FR' | 'DE') =>
      api.call(routes.session.setLanguage, { body: { lingua } }),
    onSuccess: async ({ item }) => {
      sessionStore.setUser(item);
      await queryClient.invalidateQueries({ queryKey: sessionKeys.user });
      const locale = localeOfLingua(item.lingua);
      if (locale) writeLocaleCookie(locale);
      setTimeout(() => window.location.reload(), CLIENT.languageReloadDelayMs);
    },
  });
}
