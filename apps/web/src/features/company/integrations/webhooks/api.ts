import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type WebhookMessageState, type WebhookSaveRequest } from '@fs/contract';
import { api } from '../../../../app/api/client';

/** Webhooks (issue 28 part 2, decision 0049): administrators only. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: ['webhooks', 'list'] as const,
  dictionary: ['webhooks', 'dictionary'] as const,
  messages: (id: string, stato: WebhookMessageState | null) => ['webhooks', 'messages', id, stato] as const,
  message: (id: string, messageId: string) => ['webhooks', 'message', id, messageId] as const,
};

/** How often the delivery log is read again while a message waits for its attempts (ms). */
export const PENDING_REFRESH_MS = 3_000;
/** Messages per page of the delivery log. */
export const MESSAGES_PAGE = 25;

/** How often the endpoints' counts are read again while one of them has messages waiting (ms). */
export const LIST_REFRESH_MS = 10_000;

export function useWebhooks() {
  return useQuery({
    queryKey: webhookKeys.list,
    queryFn: async () => (await api.call(routes.webhooks.list)).items,
    refetchInterval: (q) => (q.state.data?.some((w) => w.conteggi.inAttesa > 0) ? LIST_REFRESH_MS : false),
  });
}

export function useWebhookDictionary() {
  return useQuery({
    queryKey: webhookKeys.dictionary,
    staleTime: Infinity,
    queryFn: async () => (await api.call(routes.webhooks.dictionary)).items,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
}

export function useSaveWebhook() {
  const refresh = useRefresh();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: WebhookSaveRequest) => api.call(routes.webhooks.save, { body }),
    onSuccess: refresh,
  });
}

export function useRemoveWebhook() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) => (await api.call(routes.webhooks.remove, { params: { id } })).item,
    onSuccess: refresh,
  });
}

export function useRevealSecret() {
  return useMutation({
    meta: { silent: true },
    mutationFn: async (id: string) => (await api.call(routes.webhooks.secret, { params: { id } })).segreto,
  });
}

export function useRotateSecret() {
  const refresh = useRefresh();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (id: string) => api.call(routes.webhooks.rotateSecret, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useSendTest() {
  const refresh = useRefresh();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (id: string) => (await api.call(routes.webhooks.test, { params: { id } })).item,
    onSuccess: refresh,
  });
}

export function useReplay() {
  const refresh = useRefresh();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (v: { id: string; messageId: string }) =>
      (await api.call(routes.webhooks.replay, { params: v })).item,
    onSuccess: refresh,
  });
}

export function useReplayFailed() {
  const refresh = useRefresh();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (v: { id: string; dal: string }) =>
      (await api.call(routes.webhooks.replayFailed, { params: { id: v.id }, body: { dal: v.dal } })).rimessi,
    onSuccess: refresh,
  });
}

/**
 * The endpoint's messages, newest first, a page at a time (the cursor `prossima`); read again every few seconds
 * while one of them still waits for its attempts.
 */
export function useWebhookMessages(id: string, stato: WebhookMessageState | null) {
  return useInfiniteQuery({
    queryKey: webhookKeys.messages(id, stato),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) =>
      api.call(routes.webhooks.messages, {
        params: { id },
        query: { limit: MESSAGES_PAGE, ...(stato ? { stato } : {}), ...(pageParam ? { prima: pageParam } : {}) },
      }),
    getNextPageParam: (last) => last.prossima,
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.items.some((m) => m.stato === 'IN_ATTESA')) ? PENDING_REFRESH_MS : false,
  });
}

/** One message with its body and attempts; read again while it waits. */
export function useWebhookMessage(id: string, messageId: string | null) {
  return useQuery({
    queryKey: webhookKeys.message(id, messageId ?? ''),
    enabled: !!messageId,
    queryFn: async () => (await api.call(routes.webhooks.message, { params: { id, messageId: messageId! } })).item,
    refetchInterval: (q) => (q.state.data?.stato === 'IN_ATTESA' ? PENDING_REFRESH_MS : false),
  });
}
