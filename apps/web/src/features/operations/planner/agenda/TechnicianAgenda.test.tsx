import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { defaultUserPermissions, type Appointment } from '@fs/contract';
import { sessionKeys } from '../../../../app/session/api';
import { renderUi, testQueryClient } from '../../../../test/render';
import { TechnicianAgenda } from '../TechnicianAgenda';

const base: Appointment = {
  id: 'a1',
  titolo: 'Manutenzione caldaia',
  note: 'Portare il kit',
  cliente_id: 'c1',
  cliente: 'Bar Centrale',
  impianto_id: null,
  impianto: null,
  macchinari_ids: [],
  tecnici: [{ id: 't1', nome: 'Anna Verdi', colore: 0 }],
  mansione_id: null,
  mansione: 'Idraulico',
  // Sunday 29 March 2026, the day the clocks go forward: 09:00–11:00 in Rome (CEST).
  inizio: '2026-03-29T07:00:00Z',
  fine: '2026-03-29T09:00:00Z',
  tutto_il_giorno: false,
  giorno_inizio: '20260329',
  giorno_fine: '20260329',
  da_fare: false,
  luogo: { indirizzo: 'Via Roma 1', citta: 'Torino', latitude: null, longitude: null },
  rapportino_id: null,
  stato_rapportino: null,
  numero_assistenza: null,
  attivita_data_id: null,
  promemoria_minuti: null,
  promemoria_inviato_at: null,
};
const allDay: Appointment = {
  ...base,
  id: 'a2',
  titolo: 'Verifica estintori',
  note: null,
  mansione: null,
  tutto_il_giorno: true,
  inizio: '2026-03-28T23:00:00Z',
  fine: '2026-03-29T22:00:00Z',
};

afterEach(() => vi.unstubAllGlobals());

function stubApi(items: Appointment[]) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method, body });
      const json = url.startsWith('/api/v2/schedule/appointments/')
        ? { success: true, timezone: 'Europe/Rome', items }
        : { success: true, item: { id: 'r7', numero_assistenza: '2026/00007' } };
      return new Response(JSON.stringify(json), { status: 200 });
    }),
  );
  return calls;
}

function renderAgenda(path: string, reportWrite = true) {
  const q = testQueryClient();
  const permissions = defaultUserPermissions();
  if (!reportWrite) permissions.gestione_interventi.userWrite = false;
  q.setQueryData(sessionKeys.permissions, { lastUpdate: '', permissions });
  q.setQueryData(sessionKeys.user, {
    id: 't1',
    role: 'user',
    scheduleenabled: 'Y',
    aziendamap: { timezone: 'Europe/Rome' },
  });
  const router = createMemoryRouter(
    [
      { path: '/intervention-planning', element: <TechnicianAgenda /> },
      { path: '/interventions/:id', element: <p>report page</p> },
    ],
    { initialEntries: [path] },
  );
  renderUi(<RouterProvider router={router} />, q);
  return router;
}

describe('the technician’s agenda', () => {
  it('lists the week’s own appointments by day, all-day first, asking only for the caller’s', async () => {
    const calls = stubApi([base, allDay]);
    renderAgenda('/intervention-planning?giorno=2026-03-25');
    const day = await screen.findByRole('region', { name: 'Domenica 29 marzo' });
    const cards = within(day).getAllByRole('button');
    expect(cards.map((c) => c.textContent)).toEqual([
      expect.stringMatching(/^Tutto il giornoVerifica estintori/),
      expect.stringMatching(/^09:00–11:00Manutenzione caldaiaBar CentraleVia Roma 1, TorinoMansione: Idraulico/),
    ]);
    expect(screen.getByText('2 appuntamenti')).toBeTruthy();
    expect(screen.getByText('23–29 marzo 2026')).toBeTruthy();
    expect(calls[0]!.url).toBe('/api/v2/schedule/appointments/start/20260323/end/20260329?tecnico_id=t1');
  });

  it('shows "Nessun appuntamento" for an empty day', async () => {
    stubApi([base]);
    renderAgenda('/intervention-planning?giorno=2026-03-25&periodo=giorno');
    expect(await screen.findByText('Nessun appuntamento')).toBeTruthy();
    expect(screen.getByText('Non hai appuntamenti in questo giorno.')).toBeTruthy();
  });

  it('says the report is missing when the technician may not write reports', async () => {
    stubApi([base]);
    renderAgenda('/intervention-planning?giorno=2026-03-29', false);
    fireEvent.click(await screen.findByRole('button', { name: /Manutenzione caldaia/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Manutenzione caldaia' });
    expect(within(dialog).getByText(/Nessun rapportino collegato/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Crea il rapportino' })).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Naviga fino al cliente' }).getAttribute('href')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=Via%20Roma%201%2C%20Torino',
    );
  });

  it('makes the report from the visit when the technician may write reports, then opens it', async () => {
    const calls = stubApi([base]);
    const router = renderAgenda('/intervention-planning?giorno=2026-03-29');
    fireEvent.click(await screen.findByRole('button', { name: /Manutenzione caldaia/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Manutenzione caldaia' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crea il rapportino' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/interventions/r7'));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/schedule/appointment/a1/rapportino');
    expect(await screen.findByText('Rapportino 2026/00007 creato')).toBeTruthy();
  });

  it('opens on today: today among the week’s days, scrolled to, "Oggi" enabled, the zone by its city', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-27T10:00:00Z')); // Friday 27 March in Rome
    const scrolled: string[] = [];
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.id);
    });
    try {
      const monday = { ...base, id: 'a0', inizio: '2026-03-23T08:00:00Z', fine: '2026-03-23T09:00:00Z' };
      stubApi([monday, base]);
      renderAgenda('/intervention-planning');
      const today = await screen.findByRole('region', { name: /Venerdì 27 marzo/ });
      expect(within(today).getByText('Nessun appuntamento oggi.')).toBeTruthy();
      expect(screen.getByText('2 appuntamenti')).toBeTruthy();
      await waitFor(() => expect(scrolled).toEqual(['agenda-2026-03-27']));
      const oggi = screen.getByRole('button', { name: 'Oggi' });
      expect(oggi.hasAttribute('disabled')).toBe(false);
      fireEvent.click(oggi);
      expect(scrolled).toEqual(['agenda-2026-03-27', 'agenda-2026-03-27']);
      expect(screen.getByText('I tuoi appuntamenti, con gli orari di Roma')).toBeTruthy();
    } finally {
      scroll.mockRestore();
      vi.useRealTimers();
    }
  });
});
