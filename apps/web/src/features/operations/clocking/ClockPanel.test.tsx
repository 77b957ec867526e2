import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { formatTime, todayIn, type ClockingRecord } from '@fs/contract';
import { renderUi } from '../../../test/render';
import { ClockPanel } from './ClockPanel';
import { rec } from './record.fixture';

const rules = {
  tolleranzaMinuti: 10,
  arrotondamentoMinuti: 15,
  trasferte: { enabled: true, importoGiornaliero: '50.00', distanzaMinimaKm: 50 },
  geolocalizzazione: { enabled: true, validitaMinuti: 15 },
};

interface Server {
  last: ClockingRecord | null;
  items: ClockingRecord[];
  /** The answer of the next POST. */
  post: { status: number; json: unknown };
  calls: { url: string; method: string; body: unknown }[];
}

function stubServer(server: Server) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      server.calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'POST') return new Response(JSON.stringify(server.post.json), { status: server.post.status });
      if (url.startsWith('/api/timbrature/timbratura/last')) {
        return server.last
          ? new Response(JSON.stringify({ success: true, item: server.last }), { status: 200 })
          : new Response(JSON.stringify({ success: false, code: '0001', message: 'Not found' }), { status: 404 });
      }
      const json = { success: true, timezone: 'Europe/Rome', items: server.items, totali: [], mesi: [], regole: rules };
      return new Response(JSON.stringify(json), { status: 200 });
    }),
  );
}

function stubGeolocation(answer: 'fix' | 'never') {
  const getCurrentPosition = vi.fn((ok: PositionCallback) => {
    if (answer === 'fix') {
      ok({
        coords: { latitude: 45.07, longitude: 7.68, accuracy: 12.4 },
        timestamp: Date.parse('2026-11-26T07:00:00Z'),
      } as GeolocationPosition);
    }
  });
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
  return getCurrentPosition;
}

afterEach(() => vi.unstubAllGlobals());

const renderClock = () =>
  renderUi(
    <MemoryRouter>
      <ClockPanel />
    </MemoryRouter>,
  );

describe("the technician's clock", () => {
  it('starts from nothing without a word when there is no last record (its 404 is normal)', async () => {
    const server: Server = { last: null, items: [], post: { status: 200, json: {} }, calls: [] };
    stubServer(server);
    renderClock();
    expect(await screen.findByRole('button', { name: 'Inizia lavoro' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Inizia viaggio di andata' })).toBeTruthy();
    expect(screen.getByText('Nessuna timbratura oggi')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('0:00:00');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
  });

  it("clocks in with the phone's zone and position, then shows the running work restored from the last record", async () => {
    stubGeolocation('fix');
    const server: Server = { last: null, items: [], post: { status: 200, json: {} }, calls: [] };
    stubServer(server);
    renderClock();
    const open = rec({
      giorno: todayIn('Europe/Rome'),
      timbraturaStart: new Date(Date.now() - 65 * 60_000).toISOString(),
      timbraturaEnd: null,
      timbraturaEndCalcolata: null,
      minutiCalcolati: null,
    });
    server.post = { status: 200, json: { success: true, item: open } };
    fireEvent.click(await screen.findByRole('button', { name: 'Inizia lavoro' }));
    server.last = open;
    expect(await screen.findByRole('button', { name: 'Termina lavoro' })).toBeTruthy();
    const post = server.calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/timbrature/timbratura');
    expect(post.body).toEqual({
      azione: 'ENTRATA',
      tipo: 'LAVORO',
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      posizione: { latitude: 45.07, longitude: 7.68, accuracyM: 12, fixAt: '2026-11-26T07:00:00.000Z' },
    });
    expect(screen.getByRole('timer').textContent).toMatch(/^1:0[5-6]:\d\d$/);
    expect(screen.getByText('Lavoro in corso')).toBeTruthy();
    expect(screen.getByTestId('clock-since').textContent).toBe(
      `Iniziato alle ${formatTime(open.timbraturaStart, 'Europe/Rome')}`,
    );
    // Travel waits for the work to end (one open interval per technician).
    expect((screen.getByRole('button', { name: 'Inizia viaggio di andata' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when a work left open on an earlier day started, and how to mend it', async () => {
    const forgotten = rec({ giorno: '2026-11-20', timbraturaStart: '2026-11-20T12:30:00Z', timbraturaEnd: null });
    stubServer({ last: forgotten, items: [forgotten], post: { status: 200, json: {} }, calls: [] });
    renderClock();
    expect((await screen.findByTestId('clock-since')).textContent).toBe(
      "Iniziato il 20/11/2026 alle 13:30: se hai dimenticato di chiuderlo, terminalo e chiedi all'ufficio di correggerlo.",
    );
    expect(screen.getByRole('button', { name: 'Termina lavoro' })).toBeTruthy();
  });

  it("shows the server's refusal in words", async () => {
    stubGeolocation('fix');
    const server: Server = {
      last: null,
      items: [],
      post: { status: 409, json: { success: false, code: 'CLOCKING_OPEN_INTERVAL', message: 'open' } },
      calls: [],
    };
    stubServer(server);
    renderClock();
    fireEvent.click(await screen.findByRole('button', { name: 'Inizia lavoro' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      "C'è già un intervallo aperto: chiudilo prima di iniziarne un altro.",
    );
  });

  it("sends the outward travel's km for the daily allowance, and refuses a km it cannot read", async () => {
    stubGeolocation('fix');
    const server: Server = {
      last: null,
      items: [],
      post: { status: 200, json: { success: true, item: null } },
      calls: [],
    };
    stubServer(server);
    renderClock();
    const km = await screen.findByRole('textbox', { name: /^Km del viaggio/ });
    fireEvent.change(km, { target: { value: 'ottanta' } });
    expect((screen.getByRole('button', { name: 'Inizia viaggio di andata' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(km, { target: { value: '80,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Inizia viaggio di andata' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ tipo: 'ANDATA', km: 80.5 }),
    );
  });

  it('offers the return after an outward travel, and marks it not necessary after a confirmation', async () => {
    stubGeolocation('never');
    const outward = rec({ tipo: 'ANDATA', giorno: '2026-11-20', timbraturaStart: '2026-11-20T06:00:00Z' });
    const server: Server = {
      last: outward,
      items: [outward],
      post: { status: 200, json: { success: true, item: { ...outward, ritornoNonNecessario: true } } },
      calls: [],
    };
    stubServer(server);
    renderClock();
    expect(await screen.findByRole('button', { name: 'Inizia viaggio di ritorno' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Il ritorno non è necessario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ritorno non necessario' });
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
    server.last = { ...outward, ritornoNonNecessario: true };
    server.items = [server.last];
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sì, non necessario' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
        azione: 'RITORNO_NON_NECESSARIO',
        id: outward.id,
      }),
    );
    expect(await screen.findByRole('button', { name: 'Inizia viaggio di andata' })).toBeTruthy();
  });
});
