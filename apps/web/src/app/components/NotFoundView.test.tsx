import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderUi } from '../../test/render';
import { ContractPage } from '../../features/operations/contracts/ContractPage';
import { ReportPage } from '../../features/operations/reports/ReportPage';

const UNKNOWN = '0b9c5a3e-6d1f-4c2a-9e8b-7f3a2c1d0e9f';
let asked: string[] = [];

beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      if (url.includes(UNKNOWN))
        return new Response(JSON.stringify({ success: false, code: 'NOT_FOUND', message: 'Rapportino non trovato' }), {
          status: 404,
        });
      return new Response(JSON.stringify({ success: true, items: [] }), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function open(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/interventions/:id', element: <ReportPage /> },
      { path: '/contracts/:id', element: <ContractPage /> },
    ],
    { initialEntries: [path] },
  );
  renderUi(<RouterProvider router={router} />);
}

describe('a detail page of an id that does not exist', () => {
  it('is the 404 page when the API finds nothing', async () => {
    open(`/interventions/${UNKNOWN}`);
    expect(await screen.findByRole('heading', { name: 'Questa pagina non è stata trovata' })).toBeTruthy();
    expect(screen.getByText('404')).toBeTruthy();
    expect(screen.queryByText(/Problemi nel caricamento/)).toBeNull();
    await vi.waitFor(() => expect(document.title).toMatch(/^Questa pagina non è stata trovata · /));
  });

  it('is the 404 page, never asked of the server, when the address holds no id', async () => {
    open('/contracts/not-an-id');
    expect(await screen.findByRole('heading', { name: 'Questa pagina non è stata trovata' })).toBeTruthy();
    expect(asked.filter((u) => u.includes('/api/contratti/contratto/'))).toEqual([]);
  });
});
