import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CACHE_MS, routes, type CardInput, type EstimateRequest, type PurchaseResult } from '@fs/contract';
import { api } from '../../../app/api/client';
import { sessionKeys, useCan } from '../../../app/session/api';

export const subscriptionKeys = {
  subscription: ['subscription'] as const,
  estimate: (body: EstimateRequest) => ['subscription', 'estimate', body] as const,
  challenge: (id: string) => ['subscription', '3ds', id] as const,
};

/** Subscription status: cached 30 minutes (spec section 9); only for users who may read it. */
export function useSubscription() {
  const allowed = useCan('gestione_abbonamento', 'read') === true;
  return useQuery({
    queryKey: subscriptionKeys.subscription,
    enabled: allowed,
    staleTime: CACHE_MS.subscription,
    queryFn: async () => (await api.call(routes.subscription.getSubscription)).item,
  });
}

/** A live quote of an order; nothing is asked while the order is empty or invalid on its face. */
export function useEstimate(body: EstimateRequest | null) {
  return useQuery({
    queryKey: subscriptionKeys.estimate(body ?? { items: [] }),
    enabled: body !== null,
    retry: false,
    meta: { silent: true },
    placeholderData: (prev) => prev,
    queryFn: async () => (await api.call(routes.subscription.quote, { body: body! })).estimate[0]!,
  });
}

export function useCheckVoucher() {
  return useMutation({
    meta: { silent: true },
    mutationFn: async (code: string) => (await api.call(routes.subscription.checkVoucher, { body: { code } })).item,
  });
}

function usePurchaseDone() {
  const queryClient = useQueryClient();
  return async (r: PurchaseResult) => {
    if (r.status !== 'requires_action') {
      await queryClient.invalidateQueries({ queryKey: subscriptionKeys.subscription });
      // The session user carries the company's dates and plan (aziendamap).
      await queryClient.invalidateQueries({ queryKey: sessionKeys.user });
    }
    return r;
  };
}

export function useConfirmCard() {
  const done = usePurchaseDone();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: EstimateRequest & { card: CardInput }) =>
      done((await api.call(routes.subscription.confirmCard, { body })).item),
  });
}

export function useConfirmTransfer() {
  const done = usePurchaseDone();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: EstimateRequest) => done((await api.call(routes.subscription.confirm, { body })).item),
  });
}

export function useComplete3ds() {
  const done = usePurchaseDone();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (challenge_id: string) =>
      done((await api.call(routes.subscription.completeCardChallenge, { body: { challenge_id } })).item),
  });
}

export function useSandboxChallenge(id: string | null) {
  return useQuery({
    queryKey: subscriptionKeys.challenge(id ?? ''),
    enabled: id !== null,
    retry: false,
    queryFn: async () => (await api.call(routes.paymentSandbox.challenge, { params: { id: id! } })).item,
  });
}

export function useDecideChallenge(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (outcome: 'pass' | 'fail') =>
      (await api.call(routes.paymentSandbox.decide, { params: { id }, body: { outcome } })).item,
    onSuccess: (item) => queryClient.setQueryData(subscriptionKeys.challenge(id), item),
  });
}
