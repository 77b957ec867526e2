import { routes } from '@fs/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TourStep } from '@fs/contract';
import { api } from '../../../app/api/client';
import { sessionKeys } from '../../../app/session/api';

type Answer = { item: { work_flow_primo_accesso: number } };

/** Both calls change the company's step, which the session user carries (aziendamap). */
function useTourMutation<V>(fn: (v: V) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.user }),
  });
}

export const useInterruptTour = () => useTourMutation<void>(() => api.call(routes.tour.interrupt));

export const useAdvanceTour = () =>
  useTourMutation<TourStep>((from) => api.call(routes.tour.advance, { body: { from } }));
