import { useMutation, useQuery } from '@tanstack/react-query';
import {
  routes,
  type CardInput,
  type PromoCompleteRequest,
  type RegisterCheckRequest,
  type RegisterInitRequest,
  type RegisterPromoRequest,
  type RouteAnswer,
} from '@fs/contract';
import { api } from '../../../app/api/client';

// Registration routes are public in the table: the client sends them without a session.

export type CheckoutResult = RouteAnswer<typeof routes.registration.checkout>['item'];

export function useRegisterCheck() {
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: RegisterCheckRequest) => api.call(routes.registration.check, { body }),
  });
}

export function useRegisterInit() {
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: RegisterInitRequest) => (await api.call(routes.registration.init, { body })).item,
  });
}

/** GET /register/checkout: our card page (hosted_page) and the plan it is for. */
export function fetchCheckout(token: string) {
  return api.call(routes.registration.checkoutPage, { query: { token } });
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
      (await api.call(routes.registration.checkout, { body })).item,
  });
}

export function useCheckCard3ds() {
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: { token: string; challenge_id: string }) =>
      (await api.call(routes.registration.checkCard3ds, { body })).item,
  });
}

export function useRegisterPromo() {
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: RegisterPromoRequest) => api.call(routes.promo.initPromo, { body }),
  });
}

export function usePromoCompany(token: string | null) {
  return useQuery({
    queryKey: ['register', 'promo', token],
    enabled: token !== null,
    staleTime: 0,
    retry: false,
    queryFn: async () => (await api.call(routes.promo.promoData, { query: { token: token! } })).item,
  });
}

export function usePromoComplete() {
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: PromoCompleteRequest) => (await api.call(routes.promo.completePromo, { body })).item,
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
