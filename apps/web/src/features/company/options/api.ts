import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CACHE_MS,
  REASONS_CACHE_MS,
  reasonSuggestionsOn,
  routes,
  type ReasonRequest,
  type OptionsConfirmRequest,
  type PaidOptionConfirmRequest,
  type PaidOptionRequest,
} from '@fs/contract';
import { api } from '../../../app/api/client';
import { useCan } from '../../../app/session/api';

export const optionKeys = {
  options: ['options'] as const,
  motivazioni: ['options', 'motivazioni'] as const,
};

export function useOptions(enabled = true) {
  return useQuery({
    queryKey: optionKeys.options,
    enabled,
    staleTime: CACHE_MS.options,
    queryFn: async () => (await api.call(routes.options.listOptions)).items,
  });
}

export function useConfirmOptions() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: OptionsConfirmRequest) => (await api.call(routes.options.confirmOptions, { body })).items,
    onSuccess: (items) => queryClient.setQueryData(optionKeys.options, items),
  });
}

/** Real connection to the company's saved SMTP server; the error carries the server's text. */
export function useTestSmtp() {
  return useMutation({ meta: { silent: true }, mutationFn: () => api.call(routes.mail.testSmtp) });
}

/**
 * The reasons configuration loads only when the reason-suggestion option is on
 * and the user may read personalizza_interventi (spec loading rules); 3 h cache.
 */
export function useReasonsEnabled(): boolean {
  const options = useOptions();
  const mayRead = useCan('personalizza_interventi', 'read');
  return mayRead === true && reasonSuggestionsOn(options.data);
}

export function useMotivazioni() {
  const enabled = useReasonsEnabled();
  return useQuery({
    queryKey: optionKeys.motivazioni,
    enabled,
    staleTime: REASONS_CACHE_MS,
    queryFn: async () => (await api.call(routes.options.listMotivazioni)).items,
  });
}

export function useSaveMotivazione() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: ReasonRequest) => (await api.call(routes.options.saveMotivazione, { body })).item,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: optionKeys.motivazioni }),
  });
}

export function useDeleteMotivazione() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: string) => api.call(routes.options.deleteMotivazione, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: optionKeys.motivazioni }),
  });
}

/* ---------- paid options ---------- */

export function usePaidOptionEstimate(req: PaidOptionRequest | null) {
  return useQuery({
    queryKey: ['options', 'estimate', req?.option, req?.billingPeriod],
    enabled: req !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { silent: true },
    queryFn: async () => (await api.call(routes.paidOptions.estimateOption, { body: req! })).estimate[0]!,
  });
}

export function useBuyPaidOption() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: PaidOptionConfirmRequest) =>
      (await api.call(routes.paidOptions.confirmOption, { body })).item,
    onSuccess: (r) => {
      if (r.status !== 'requires_action') void queryClient.invalidateQueries({ queryKey: ['options'] });
      void queryClient.invalidateQueries({ queryKey: ['subscription'] });
    },
  });
}

/** Back from the 3-D Secure page: completes the card purchase of the option. */
export function useCompleteCardChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (challenge_id: string) =>
      (await api.call(routes.subscription.completeCardChallenge, { body: { challenge_id } })).item,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['options'] }),
  });
}
