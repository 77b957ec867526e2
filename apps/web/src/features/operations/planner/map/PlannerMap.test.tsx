import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Appointment, PublicConfig } from '@fs/contract';
import { renderUi, testQueryClient } from '../../../../test/render';
import { compactRangeOf } from '../../../../test/compact-range';
import { plannerMapKeys, type Basemap, type MapAnswer } from './api';
import { PlannerMap } from './PlannerMap';
import { PlacePopup } from './Popups';

const appt = (id: string, lat: number | null, lng: number | null): Appointment => ({
  id,
  titolo: 'Manutenzione',
  note: null,
  cliente_id: 'c1',
  cliente: 'Rossi Srl',
  impianto_id: null,
  impianto: null,
  macchinari_ids: [],
  tecnici: [{ id: 't1', nome: 'Mario Rossi', colore: 0 }],
  mansione_id: null,
  mansione: null,
  inizio: '2026-11-25T08:00:00.000Z',
  fine: '2026-11-25T10:00:00.000Z',
  tutto_il_giorno: false,
  giorno_inizio: '20261125',
  giorno_fine: '20261125',
  da_fare: false,
  luogo: { indirizzo: 'Via Roma 1', citta: 'Milano', latitude: lat, longitude: lng },
  rapportino_id: null,
  stato_rapportino: null,
  numero_assistenza: null,
  attivita_data_id: null,
  promemoria_minuti: null,
  promemoria_inviato_at: null,
});

const position = (utenteId: string, minutesAgo: number) => ({
  utenteId,
  name: 'Mario',
  surname: 'Rossi',
  username: utenteId,
  latitude: 44.49,
  longitude: 11.34,
  accuracyM: 10,
  recordedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
});

const placed = [appt('a1', 45.46, 9.19), appt('a2', 45.46, 9.19)];
const answer: MapAnswer = {
  success: true,
  timezone: 'Europe/Rome',
  start: '20261123',
  end: '20261129',
  items: placed,
  posizioni: { enabled: true, validityMinutes: 30, items: [position('fresh', 2), position('stale', 45)] },
};
const square = [
  [
    [
      [9, 45],
      [10, 45],
      [10, 46],
      [9, 45],
    ],
  ],
] as [number, number][][][];
const basemap: Basemap = {
  attribution: 'x',
  regions: {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { nome: 'R', codice: '01' },
        geometry: { type: 'MultiPolygon', coordinates: square },
      },
    ],
  },
  provinces: { type: 'FeatureCollection', features: [] },
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  sessionStorage.clear();
  fetchMock = vi.fn(async () => new Response('{}', { status: 401 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function show(mapTiles: PublicConfig['mapTiles']) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(plannerMapKeys.range('settimana'), answer);
  queryClient.setQueryData(plannerMapKeys.all('20261123', '20261129'), {
    success: true,
    timezone: 'Europe/Rome',
    items: [...placed, appt('a3', null, null)],
  });
  queryClient.setQueryData(['public-config'], {
    sso: { enabled: false },
    chatWidgetUrl: null,
    signatureLinkDays: 7,
    mapTiles,
  });
  queryClient.setQueryData(['basemap', 'italy'], basemap);
  return renderUi(
    <MemoryRouter>
      <PlannerMap />
    </MemoryRouter>,
    queryClient,
  );
}

describe('the planner map', () => {
  it('shows the counts, one marker per place, the valid positions only, the legend and the basemap credit', async () => {
    const { container } = show(null);
    expect(screen.getByText('Dal 23/11/2026 al 29/11/2026')).toBeTruthy();
    expect(screen.getByText('2 appuntamenti sulla mappa')).toBeTruthy();
    expect(screen.getByText('1 appuntamento senza posizione')).toBeTruthy();
    expect(screen.getByText('Ultima posizione del tecnico (ultimi 30 minuti)')).toBeTruthy();
    await waitFor(() => expect(container.querySelectorAll('.planner-map-appointment')).toHaveLength(1));
    expect(container.querySelector('.planner-map-appointment')!.textContent).toBe('2');
    expect(container.querySelector('.planner-map-appointment')!.getAttribute('title')).toBe(
      'Rossi Srl: 2 appuntamenti',
    );
    const technicians = container.querySelectorAll('.planner-map-technician');
    expect(technicians).toHaveLength(1);
    expect(technicians[0]!.textContent).toBe('MR');
    await waitFor(() =>
      expect(container.querySelector('.leaflet-control-attribution')!.textContent).toContain(
        'ISTAT, openpolis (CC BY 4.0)',
      ),
    );
  });

  it('uses the configured tiles instead of the offline basemap', async () => {
    const { container } = show({ url: 'https://tiles.example/{z}/{x}/{y}.png', attribution: '© Tiles Example' });
    await waitFor(() =>
      expect(container.querySelector('.leaflet-control-attribution')!.textContent).toContain('© Tiles Example'),
    );
    expect(container.querySelector('.leaflet-control-attribution')!.textContent).not.toContain('ISTAT');
  });
});

describe("a place's popup", () => {
  it('opens each appointment, links its report and gives directions from the coordinates (a link: nothing fetched)', () => {
    const onOpen = vi.fn();
    const done = {
      ...appt('a2', 45.46, 9.19),
      titolo: 'Verifica',
      rapportino_id: 'r2',
      numero_assistenza: '2026/00012',
    };
    renderUi(
      <MemoryRouter>
        <PlacePopup
          place={{ key: 'k', lat: 45.46, lng: 9.19, items: [appt('a1', 45.46, 9.19), done] }}
          timeZone="Europe/Rome"
          onOpen={onOpen}
        />
      </MemoryRouter>,
    );
    const go = screen.getByRole('link', { name: 'Naviga verso Rossi Srl' });
    expect(go.getAttribute('href')).toBe('https://www.google.com/maps/dir/?api=1&destination=45.46%2C9.19');
    expect(go.getAttribute('target')).toBe('_blank');
    const open = screen.getAllByRole('button', { name: /^Apri l'appuntamento/ });
    expect(open).toHaveLength(2);
    expect(open[1]!.getAttribute('aria-label')).toBe("Apri l'appuntamento «Verifica», 25/11/2026 09:00 – 11:00");
    fireEvent.click(open[1]!);
    expect(onOpen).toHaveBeenCalledWith(done);
    expect(screen.getByRole('link', { name: 'Apri il rapportino 2026/00012' }).getAttribute('href')).toBe(
      '/interventions/r2',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the map under the calendar filters', () => {
  it('asks the server for the filtered range and counts the filtered appointments without a place', async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(['public-config'], {
      sso: { enabled: false },
      chatWidgetUrl: null,
      signatureLinkDays: 7,
      mapTiles: null,
    });
    queryClient.setQueryData(['basemap', 'italy'], basemap);
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
        return Promise.resolve(
          new Response(JSON.stringify(url.includes('mapRequest') ? answer : compactRangeOf([])), { status: 200 }),
        );
      }),
    );
    renderUi(
      <MemoryRouter>
        <PlannerMap filters={{ tecnico_id: 't1', mansione_id: null, cliente_id: 'c1' }} />
      </MemoryRouter>,
      queryClient,
    );
    await waitFor(() => expect(calls.some((c) => c.url.includes('/appointments/start/'))).toBe(true));
    expect(calls.find((c) => c.url.includes('mapRequest'))!.body).toEqual({
      range: 'settimana',
      tecnico_id: 't1',
      cliente_id: 'c1',
    });
    expect(calls.find((c) => c.url.includes('/appointments/start/'))!.url).toBe(
      '/api/v2/schedule/appointments/start/20261123/end/20261129?tecnico_id=t1&cliente_id=c1&forma=compatta',
    );
  });
});
