import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { adminPermissions } from '@fs/contract';
import { sessionKeys } from '../../../app/session/api';
import { renderUi, testQueryClient } from '../../../test/render';
import { StatisticsPage } from './StatisticsPage';

const MARIO = '11111111-1111-4111-8111-111111111111';
const LUCA = '22222222-2222-4222-8222-222222222222';

const technicians = {
  righe: [
    {
      tecnico: { id: MARIO, nome: 'Mario Rossi' },
      oreLavoro: 1234.5,
      oreViaggio: 10.25,
      oreTimbrateLavoro: 1200,
      oreTimbrateViaggio: 12,
      km: 3456.7,
      rapportiniChiusi: 42,
    },
    {
      tecnico: { id: LUCA, nome: 'Luca Bianchi' },
      oreLavoro: 8,
      oreViaggio: 1,
      oreTimbrateLavoro: 0,
      oreTimbrateViaggio: 0,
      km: 0,
      rapportiniChiusi: 1,
    },
  ],
};
const techniciansOverall = {
  tecnici: 2,
  oreLavoro: 1242.5,
  oreViaggio: 11.25,
  oreTimbrateLavoro: 1200,
  oreTimbrateViaggio: 12,
  km: 3456.7,
  rapportiniChiusi: 43,
};
const customersOverall = { clienti: 1, rapportini: 3, oreLavoro: 12, oreViaggio: 2, ricavi: null };
const customers = {
  righe: [
    { cliente: { id: MARIO, nome: 'Acme Srl' }, clienti: 1, rapportini: 3, oreLavoro: 12, oreViaggio: 2, ricavi: null },
  ],
};

function stub(answers: Record<string, { status: number; json: unknown }>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const path = url.split('?')[0]!;
      const a = answers[path];
      if (!a) return new Response(JSON.stringify({ success: false, message: 'not in this test' }), { status: 404 });
      return new Response(JSON.stringify(a.json), { status: a.status });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

function renderPage(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/statistics', element: <StatisticsPage /> },
      { path: '/interventions', element: <p>report list</p> },
    ],
    { initialEntries: [path] },
  );
  const q = testQueryClient();
  q.setQueryData(sessionKeys.permissions, { lastUpdate: '', permissions: adminPermissions() });
  renderUi(<RouterProvider router={router} />, q);
  return router;
}

describe('the statistics page', () => {
  it("lists the technicians' figures the Italian way and opens a technician's closed reports of the range", async () => {
    const calls = stub({
      '/api/stats/tecnici/over-all': { status: 200, json: techniciansOverall },
      '/api/v2/stats/tecnici': { status: 200, json: technicians },
    });
    const router = renderPage('/statistics?tab=technicians&vista=elenco&dal=2026-03-01&al=2026-03-31');
    const table = (await screen.findAllByRole('table'))[0]!;
    const mario = within(table).getByText('Mario Rossi').closest('tr')!;
    expect(within(mario).getByText('1.234,5')).toBeTruthy();
    expect(within(mario).getByText('3.456,7')).toBeTruthy();
    expect(screen.getAllByTestId('stats-summary')[0]!.textContent).toBe(
      'Ore lavorate: 1.242,5 (timbrate: 1.200); la più alta è di Mario Rossi con 1.234,5',
    );
    expect(calls.some((u) => u === '/api/v2/stats/tecnici?startDate=2026-03-01&endDate=2026-03-31')).toBe(true);
    // Sorting by a header, then opening a row by the keyboard.
    fireEvent.click(within(table).getByRole('button', { name: /Ordina per Ore lavorate/ }));
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('Luca Bianchi');
    fireEvent.keyDown(mario, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/interventions'));
    expect(router.state.location.search).toBe(
      `?tecnico_id=${MARIO}&stato=CHIUSO&chiuso_dal=2026-03-01&chiuso_al=2026-03-31`,
    );
  }, 20_000);

  it('refuses a 13-month range with the spec message before calling, and shows the server -2 the same way', async () => {
    const calls = stub({
      '/api/stats/stats/2025-01-01/2025-12-31': {
        status: 400,
        json: { success: false, code: '-2', message: 'range' },
      },
    });
    renderPage('/statistics?tab=general&dal=2025-11-01&al=2026-11-30');
    expect((await screen.findByTestId('stats-range-error')).textContent).toBe(
      "L'intervallo di date è troppo esteso: massimo 12 mesi.",
    );
    expect(calls.filter((u) => u.includes('/stats/'))).toEqual([]);
    vi.unstubAllGlobals();
    stub({
      '/api/stats/stats/2025-01-01/2025-12-31': { status: 400, json: { success: false, code: '-2', message: 'x' } },
    });
    renderPage('/statistics?tab=general&dal=2025-01-01&al=2025-12-31');
    await waitFor(() => expect(screen.getAllByTestId('stats-range-error')).toHaveLength(2));
    expect(screen.getAllByTestId('stats-range-error')[1]!.textContent).toBe(
      "L'intervallo di date è troppo esteso: massimo 12 mesi.",
    );
  }, 20_000);

  it('leaves revenue out when the answer has no money (no prices permission)', async () => {
    stub({
      '/api/stats/clienti/over-all': { status: 200, json: customersOverall },
      '/api/v2/stats/clienti': { status: 200, json: customers },
    });
    renderPage('/statistics?tab=customers&vista=elenco&dal=2026-03-01&al=2026-03-31');
    await screen.findByText('Acme Srl');
    expect(screen.queryByText('Ricavi netti')).toBeNull();
    expect(screen.queryByText('Ricavi netti per cliente')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Clienti' }).getAttribute('aria-selected')).toBe('true');
  }, 20_000);
});
