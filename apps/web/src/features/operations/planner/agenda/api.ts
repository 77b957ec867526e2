import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type Appointment } from '@fs/contract';
import { api } from '../../../../app/api/client';
import { wireDay } from './agenda-time';

export const agendaKeys = {
  all: ['agenda'] as const,
  range: (first: string, last: string, tecnicoId: string) => ['agenda', 'range', first, last, tecnicoId] as const,
};

/** A technician's week: few appointments, shown with their notes, so the range's full shape (decision 0044). */
export interface AgendaRange {
  timezone: string;
  items: Appointment[];
}

/**
 * The caller's own appointments over [first, last] (YYYY-MM-DD). The server already limits a
 * technician to their own; the tecnico_id filter keeps it so for one who may see colleagues' data.
 */
export function useAgendaRange(first: string, last: string, tecnicoId: string | undefined) {
  return useQuery({
    queryKey: agendaKeys.range(first, last, tecnicoId ?? ''),
    enabled: !!tecnicoId,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    queryFn: async (): Promise<AgendaRange> => {
      const answer = await api.call(routes.schedule.range, {
        params: { start: wireDay(first), end: wireDay(last) },
        query: { tecnico_id: tecnicoId },
      });
      if ('forma' in answer) throw new Error('The agenda asks for the full shape');
      return answer;
    },
  });
}

/**
 * Creates the appointment's report (NUOVO) from the visit (POST /schedule/appointment/:id/rapportino,
 * decision 0040): who may write reports, a technician of the appointment too; answers the report.
 */
export function useStartReport() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (a: Appointment) => (await api.call(routes.schedule.createReport, { params: { id: a.id } })).item,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: agendaKeys.all });
      void client.invalidateQueries({ queryKey: ['day'] });
    },
  });
}

/** Creates or regenerates the caller's calendar feed (an admin: `utenteId`'s); answers the secret address. */
export function useCreateFeed() {
  return useMutation({
    meta: { silent: true },
    mutationFn: async (utenteId?: string) =>
      (await api.call(routes.schedule.createFeed, { body: utenteId ? { utente_id: utenteId } : {} })).url,
  });
}

/** Revokes the calendar feed: its address then answers 404. */
export function useRevokeFeed() {
  return useMutation({
    meta: { silent: true },
    mutationFn: (utenteId?: string) =>
      api.call(routes.schedule.revokeFeed, { query: utenteId ? { utente_id: utenteId } : {} }),
  });
}
