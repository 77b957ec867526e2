import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { DayVisit } from '@fs/contract';
import { renderUi } from '../../../test/render';
import { TechnicianDay } from './TechnicianDay';

const place = {
  indirizzo: 'Via Roma 1',
  citta: 'Torino',
  provincia: 'TO',
  cap: '10121',
  latitude: null,
  longitude: null,
};
function visit(over: Partial<DayVisit>): DayVisit {
  return {
    sezione: 'oggi',
    appuntamento_id: 'a',
    titolo: null,
    inizio: null,
    fine: null,
    tutto_il_giorno: false,
    rapportino_id: null,
    numero_assistenza: null,
    stato_rapportino: null,
    rapportino_creabile: true,
    cliente_id: 'c',
    cliente: 'Bar Centrale',
    luogo: place,
    impianto: null,
    telefono: null,
    mansione: null,
    richiesta: null,
    note: null,
    ...over,
  };
}

// Thursday 26 November 2026 in Rome (UTC+1).
const afternoon = visit({
  appuntamento_id: 'a2',
  inizio: '2026-11-26T14:30:00Z',
  fine: '2026-11-26T16:00:00Z',
  cliente: 'Hotel Savoia',
  telefono: '+39 011 555 1234',
  mansione: 'Idraulico',
  richiesta: 'Perdita sotto il lavello',
});
const morning = visit({
  appuntamento_id: 'a1',
  inizio: '2026-11-26T08:00:00Z',
  fine: '2026-11-26T09:00:00Z',
  cliente: 'Bar Centrale',
  rapportino_id: 'r1',
  numero_assistenza: '2026/00001',
  stato_rapportino: 'NUOVO',
  luogo: { ...place, latitude: 45.07, longitude: 7.68 },
});
const tomorrow = visit({
  sezione: 'domani',
  appuntamento_id: 'a3',
  inizio: '2026-11-27T07:00:00Z',
  fine: '2026-11-27T08:00:00Z',
  cliente: 'Pizzeria Da Gino',
  rapportino_creabile: false,
});

afterEach(() => vi.unstubAllGlobals());

function stubApi(items: DayVisit[], create: { status: number; json: unknown } = { status: 200, json: {} }) {
  const calls: { url: string; method: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method });
      if (method === 'POST') return new Response(JSON.stringify(create.json), { status: create.status });
      const json = { success: true, timezone: 'Europe/Rome', oggi: '2026-11-26', domani: '2026-11-27', items };
      return new Response(JSON.stringify(json), { status: 200 });
    }),
  );
  return calls;
}

function renderDay() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <TechnicianDay /> },
      { path: '/interventions/:id', element: <p>report page</p> },
    ],
    { initialEntries: ['/'] },
  );
  renderUi(<RouterProvider router={router} />);
  return router;
}

describe('the technician’s day on the home', () => {
  it('lists today in time order, then tomorrow, each with its report, maps and phone links', async () => {
    const calls = stubApi([afternoon, tomorrow, morning]);
    renderDay();
    const today = await screen.findByRole('region', { name: 'Oggi' });
    const cards = within(today).getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Bar Centrale', 'Hotel Savoia']);
    expect(cards[0]!.textContent).toMatch(/^09:00–10:00/);
    expect(cards[1]!.textContent).toMatch(/^15:30–17:00/);
    expect(calls[0]!.url).toBe('/api/schedule/giornata');

    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: /^Apri rapportino/ }).getAttribute('href')).toBe('/interventions/r1');
    expect(first.getByRole('link', { name: /^Naviga/ }).getAttribute('href')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=45.07%2C7.68',
    );
    expect(first.queryByRole('link', { name: /^Chiama/ })).toBeNull();

    const second = within(cards[1]!);
    expect(second.getByRole('link', { name: /^Chiama/ }).getAttribute('href')).toBe('tel:+390115551234');
    expect(second.getByText('Mansione: Idraulico')).toBeTruthy();
    expect(second.getByText('Perdita sotto il lavello')).toBeTruthy();
    expect(second.getByRole('button', { name: /^Crea rapportino/ })).toBeTruthy();

    const next = await screen.findByRole('region', { name: 'Domani' });
    expect(within(next).getByText("Il rapportino lo prepara l'ufficio.")).toBeTruthy();
    expect(within(next).queryByRole('button', { name: /Crea rapportino/ })).toBeNull();
  });

  it('creates the visit’s report and opens it', async () => {
    const calls = stubApi([afternoon], { status: 200, json: { success: true, item: { id: 'r9' } } });
    const router = renderDay();
    fireEvent.click(await screen.findByRole('button', { name: /^Crea rapportino/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/interventions/r9'));
    expect(calls.find((c) => c.method === 'POST')!.url).toBe('/api/schedule/appointment/a2/rapportino');
  });

  it('says so when the report cannot be made, and stays', async () => {
    stubApi([afternoon], { status: 409, json: { success: false, message: 'Esiste già' } });
    const router = renderDay();
    fireEvent.click(await screen.findByRole('button', { name: /^Crea rapportino/ }));
    expect(await screen.findByText('Rapportino non creato')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Crea rapportino/ }).hasAttribute('disabled')).toBe(false),
    );
  });

  it('has an empty state without visits', async () => {
    stubApi([]);
    renderDay();
    expect(await screen.findByText('Nessuna visita oggi')).toBeTruthy();
    expect(screen.getByText('Non hai visite oggi né domani e nessun rapportino aperto.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Domani' })).toBeNull();
  });

  it('shows the loading state, then an error with a retry', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: false, message: 'boom' }), { status: 500 })),
    );
    renderDay();
    expect(screen.getByText('Caricamento della giornata…')).toBeTruthy();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeTruthy();
  });
});
