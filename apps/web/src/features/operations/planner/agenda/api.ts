import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type AppointmentRequest, type Appointment, type RouteAnswer } from '@fs/contract';
import { api } from '../../../../app/api/client';
import { isoDay, wireDay } from './agenda-time';

export const agendaKeys = {
  all: ['agenda'] as const,
  range: (first: string, last: string, tecnicoId: string) => ['agenda', 'range', first, last, tecnicoId] as const,
};

export type AgendaRange = RouteAnswer<typeof routes.schedule.range>;

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
    queryFn: () =>
      api.call(routes.schedule.range, {
        params: { start: wireDay(first), end: wireDay(last) },
        query: { tecnico_id: tecnicoId },
      }),
  });
}

/**
 * The appointment as it is, saved again with a new report (crea_rapportino): nothing else changes,
 * so the warnings the office confirmed when planning it are confirmed again (conferma).
 */
export function startReportBody(a: Appointment): AppointmentRequest {
  const when =
    a.tutto_il_giorno && a.giorno_inizio && a.giorno_fine
      ? { tutto_il_giorno: true, data_inizio: isoDay(a.giorno_inizio), data_fine: isoDay(a.giorno_fine) }
      : { tutto_il_giorno: false, inizio: a.inizio ?? undefined, fine: a.fine ?? undefined };
  return {
    id: a.id,
    titolo: a.titolo,
    cliente_id: a.cliente_id,
    impianto_id: a.impianto_id,
    macchinari_ids: a.macchinari_ids,
    mansione_id: a.mansione_id,
    note: a.note,
    attivita_data_id: a.attivita_data_id,
    tecnici_ids: a.tecnici.map((t) => t.id),
    ...when,
    crea_rapportino: true,
    conferma: true,
  };
}

/** Creates the appointment's report (NUOVO); answers the appointment with its report. */
export function useStartReport() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (a: Appointment) => {
      const res = await api.call(routes.schedule.saveAppointment, { body: startReportBody(a) });
      if (!res.success) throw new Error(res.avvisi.map((w) => w.message).join(' '));
      return res.item;
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: agendaKeys.all }),
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
