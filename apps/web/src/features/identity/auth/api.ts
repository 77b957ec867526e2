import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { HEADERS, routes, type LoginItem, type LoginRequest } from '@fs/contract';
import { api } from '../../../app/api/client';
import { sessionStore } from '../../../app/api/session-store';
import i18n, { localeOfLingua, writeLocaleCookie } from '../../../app/i18n';
import { sessionKeys } from '../../../app/session/api';
import { sealLoginStart } from './login-start';

/** Keeps a login answer (password or single sign-on): user, tokens, language; clears cached data. */
export function useCompleteLogin() {
  const queryClient = useQueryClient();
  return async (item: LoginItem) => {
    const { token, refreshToken, ...user } = item;
    queryClient.clear();
    queryClient.setQueryData(sessionKeys.user, user);
    const locale = localeOfLingua(user.lingua);
    if (locale && locale !== i18n.language) {
      writeLocaleCookie(locale);
      await i18n.changeLanguage(locale);
    }
    sessionStore.setUser(user);
    sessionStore.setTokens(token, refreshToken);
  };
}

/** Signs in; the public-only guard then sends the user to redirectAfterLogin or `/`. */
export function useLogin() {
  const completeLogin = useCompleteLogin();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: LoginRequest) => {
      const start = await sealLoginStart();
      const headers: Record<string, string> = start ? { [HEADERS.loginStart]: start } : {};
      return (await api.call(routes.auth.login, { body, headers })).item;
    },
    onSuccess: completeLogin,
  });
}

/** Revokes the session on the server, then clears all local storage. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    meta: { silent: true },
    mutationFn: () => api.call(routes.session.logout).catch(() => null),
    onSettled: () => {
      void navigate('/login', { replace: true });
      sessionStore.clearAll();
      queryClient.clear();
    },
  });
}
