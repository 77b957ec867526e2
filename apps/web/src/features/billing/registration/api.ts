import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  CardInput,
  PromoCompanySummary,
  PromoCompleteRequest,
  RegisterCheckoutSummary,
  RegisterCheckRequest,
  RegisterInitItem,
  RegisterInitRequest,
  RegisterPromoItem,
  RegisterPromoRequest,
} from '@fs/contract';
import { api } from '../../../app/api/client';

/** Registration calls are public: there is no session yet. */
const pub = { isPublic: true } as const;

export type CheckoutResult =
  | { stato: 'completata'; card: { last4: string; brand: string } }
  | { stato: 'verifica_3ds'; challenge_id: string; url: string };

export function useRegisterCheck() {
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: RegisterCheckRequest) => api.post<{ success: true }>('/api/register/check', body, pub),
  });
}

export function useRegisterInit() {
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: RegisterInitRequest) =>
      (await api.post<{ item: RegisterInitItem }>('/api/register/init', body, pub)).item,
  });
}

/** GET /register/checkout: our card page (hosted_page) and the plan it is for. */
export function fetchCheckout(token: string) {
  return api.get<{ hosted_page: string; item: RegisterCheckoutSummary }>(
    `/api/register/checkout?token=${encodeURIComponent(token)}`,
    pub,
  );
}

export function useCheckout(token: string | null) {
  return useQuery({
    queryKey: ['register', 'checkout', token],
    enabled: token !== null,
    staleTime: 0,
    retry: false,
    queryFn: () => fetchCheckout(token!),
  });
}

export function useCheckoutCard() {
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: { token: string; card: CardInput }) =>
      (await api.post<{ item: CheckoutResult }>('/api/register/checkout', body, pub)).item,
  });
}

export function useCheckCard3ds() {
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: { token: string; challenge_id: string }) =>
      (await api.post<{ item: CheckoutResult }>('/api/register/checkcarta3ds', body, pub)).item,
  });
}

export function useRegisterPromo() {
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: RegisterPromoRequest) =>
      api.post<{ item: RegisterPromoItem; alert?: '0004' }>('/api/register/init-promo', body, pub),
  });
}

export function usePromoCompany(token: string | null) {
  return useQuery({
    queryKey: ['register', 'promo', token],
    enabled: token !== null,
    staleTime: 0,
    retry: false,
    queryFn: async () =>
      (
        await api.get<{ item: PromoCompanySummary }>(
          `/api/register/promo-completa-dati?token=${encodeURIComponent(token!)}`,
          pub,
        )
      ).item,
  });
}

export function usePromoComplete() {
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: PromoCompleteRequest) =>
      (await api.post<{ item: PromoCompanySummary }>('/api/register/promo-completa-dati', body, pub)).item,
  });
}

/* ---------- what the wizard keeps across the 3-D Secure round trip (this tab only) ---------- */

const KEY = 'fs.registration';

export interface Kept {
  token?: string;
  partita_iva?: string;
  username?: string;
  scadenza_trial_date?: string;
  card?: { last4: string; brand: string } | null;
}

export const kept = {
  get(): Kept {
    try {
      return JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Kept;
    } catch {
      return {};
    }
  },
  set(v: Kept) {
    sessionStorage.setItem(KEY, JSON.stringify({ ...kept.get(), ...v }));
  },
  clear() {
    sessionStorage.removeItem(KEY);
  },
};
