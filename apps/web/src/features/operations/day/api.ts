import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@fs/contract';
import { api } from '../../../app/api/client';

/** The technician's day (GET /schedule/giornata) and making a visit's report; every key starts with 'day'. */
export const dayKeys = {
  all: ['day'] as const,
  own: ['day', 'own'] as const,
};

/** The caller's own day: today's visits, tomorrow's, the open reports without a date. */
export function useTechnicianDay(enabled = true) {
  return useQuery({
    queryKey: dayKeys.own,
    enabled,
    staleTime: 30_000,
    queryFn: ({ signal }) => api.call(routes.schedule.technicianDay, { query: {}, signal }),
  });
}

/** Makes the appointment's report (POST /schedule/appointment/:id/rapportino); answers the new report. */
export function useCreateVisitReport() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (appointmentId: string) =>
      (await api.call(routes.schedule.createReport, { params: { id: appointmentId } })).item,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: dayKeys.all });
      void client.invalidateQueries({ queryKey: ['agenda'] });
    },
  });
}
