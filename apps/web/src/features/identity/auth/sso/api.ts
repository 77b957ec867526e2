import { useMutation } from '@tanstack/react-query';
import { SSO, routes, type LoginItem, type SsoTarget } from '@fs/contract';
import { api } from '../../../../app/api/client';
import { ApiError } from '../../../../app/api/errors';
import { savePending, type PendingSso, type SsoReturn } from './flow';

/** Asks the server for the provider's address, remembers the attempt in this tab, and goes there. */
export function useStartSso(target: SsoTarget, go: (url: string) => void = (url) => window.location.assign(url)) {
  return useMutation({
    meta: { silent: true },
    mutationFn: async (redirect: string | null) => {
      const item = (await api.call(routes.sso.start, { body: { target } })).item;
      savePending({ attempt: item.attempt, target, redirect, startedAt: Date.now() });
      return item.url;
    },
    // A top-level navigation: neither connect-src nor form-action of our CSP applies to it.
    onSuccess: (url) => go(url),
  });
}

export interface SsoFinish {
  back: SsoReturn;
  pending: PendingSso | null;
}

/** Sends the provider's code back with the attempt handle; answers the login item. */
export function useFinishSso() {
  return useMutation({
    meta: { silent: true },
    mutationFn: async ({ back, pending }: SsoFinish): Promise<LoginItem> => {
      if (back.kind === 'error') {
        throw new ApiError(401, 'SSO_FAILED', back.error === 'access_denied' ? 'access_denied' : back.error);
      }
      if (back.state !== SSO.state || !pending) throw new ApiError(401, 'SSO_FAILED', 'state or attempt missing');
      const body = {
        code: back.code,
        state: back.state,
        ...(back.iss ? { iss: back.iss } : {}),
        attempt: pending.attempt,
      };
      return (await api.call(routes.sso.login, { body })).item;
    },
  });
}
