import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderUi } from '../../../test/render';
import { NewReportPage } from './NewReportPage';

const CUSTOMER = {
  id: '7d1c2a4e-1111-4222-8333-944455556666',
  ragione_sociale: 'Ferri Impianti',
  codice: null,
  citta: 'Forlì',
};
let posts: string[] = [];

beforeEach(() => {
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') posts.push(url);
      const items = url.startsWith('/api/clienti/clienti?') ? [CUSTOMER] : [];
      return new Response(JSON.stringify({ success: true, items }), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function open() {
  const router = createMemoryRouter([{ path: '/new-intervention', element: <NewReportPage /> }], {
    initialEntries: ['/new-intervention'],
  });
  renderUi(<RouterProvider router={router} />);
}

describe('the new report form', () => {
  it('drops "Scegli il cliente" as soon as a customer is chosen', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Crea intervento' }));
    expect(await screen.findByText('Scegli il cliente')).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'Cliente' }));
    fireEvent.click(await screen.findByRole('option', { name: /Ferri Impianti/ }));
    await waitFor(() => expect(screen.queryByText('Scegli il cliente')).toBeNull());
    expect(screen.getByRole('combobox', { name: 'Cliente' }).getAttribute('aria-invalid')).not.toBe('true');
  }, 20_000);

  it('asks for the time of an appointment day rather than sending 08:00', async () => {
    open();
    fireEvent.click(await screen.findByRole('combobox', { name: 'Cliente' }));
    fireEvent.click(await screen.findByRole('option', { name: /Ferri Impianti/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Data appuntamento' }), { target: { value: '23/11/2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crea intervento' }));
    expect(await screen.findByText("Indica l'ora dell'appuntamento")).toBeTruthy();
    expect(posts).toEqual([]);
  }, 20_000);
});
