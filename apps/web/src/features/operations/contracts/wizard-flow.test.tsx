import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { adminPermissions } from '@fs/contract';
import { sessionKeys } from '../../../app/session/api';
import { renderUi, testQueryClient } from '../../../test/render';
import { NewContractPage } from './NewContractPage';

const CLIENTE = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
let sent: unknown[] = [];

function answer(url: string, body: unknown) {
  if (url.includes('/api/clienti/clienti'))
    return {
      success: true,
      items: [{ id: CLIENTE, ragione_sociale: 'Rossi Impianti', codice: null, citta: 'Bologna' }],
    };
  // The company's expiry notice: 45 days.
  if (url.includes('/api/options/options'))
    return {
      success: true,
      items: [{ category: 'contratti_preavviso_scadenza', subcategory: 'giorni', value: '45', child_options: [] }],
    };
  if (url.includes('/api/contratti/attivita/frequency')) return { success: true, date: ['2026-01-01', '2026-07-01'] };
  if (url.includes('/api/contratti/contratto/create')) {
    sent.push(body);
    return {
      success: false,
      code: null,
      message: 'Dati non validi',
      fields: [{ path: 'prezzi.ora', message: 'Prezzo non valido' }],
    };
  }
  return { success: true, items: [] };
}

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      const json = answer(url, body);
      return new Response(JSON.stringify(json), { status: 'fields' in json ? 400 : 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const typeDate = (label: RegExp, value: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('the wizard, step by step', () => {
  it('takes a contract with an activity to the summary, sends it, and brings a refused price back to its step', async () => {
    const q = testQueryClient();
    q.setQueryData(sessionKeys.permissions, { lastUpdate: '', permissions: adminPermissions() });
    const router = createMemoryRouter([{ path: '/contracts/new', element: <NewContractPage /> }], {
      initialEntries: ['/contracts/new'],
    });
    renderUi(<RouterProvider router={router} />, q);

    // Informazioni
    const customer = (await screen.findAllByLabelText(/^Cliente/))[0]!;
    fireEvent.click(customer);
    fireEvent.click(await screen.findByRole('option', { name: /Rossi Impianti/ }));
    fireEvent.change(screen.getByRole('textbox', { name: /Identificativo/ }), { target: { value: 'MAN-1' } });
    fireEvent.click(screen.getByRole('radio', { name: /Manutenzione/ }));
    fireEvent.click(screen.getByRole('button', { name: /Avanti/ }));

    // Contratto
    typeDate(/Data inizio/, '01/01/2026');
    typeDate(/Data fine/, '31/12/2026');
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi attività' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Nome dell'attività/ }), {
      target: { value: 'Controllo caldaia' },
    });
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Date' }));
    expect(await within(dialog).findByText('2 date nel periodo del contratto:', {}, { timeout: 3000 })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva attività' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText(/Controllo caldaia · Ogni mese · 2 date/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Avanti/ }));

    // Impostazioni, then Riepilogo
    fireEvent.change(await screen.findByRole('textbox', { name: 'Ora di lavoro' }), { target: { value: '45,50' } });
    fireEvent.click(screen.getByRole('button', { name: /Avanti/ }));
    expect(await screen.findByText('dal 01/01/2026 al 31/12/2026')).toBeTruthy();
    expect(screen.getByText('1 attività, 2 date da pianificare')).toBeTruthy();
    // The notice left empty is the company's, as the server saves it: never "Non impostato".
    expect(screen.getByText("45 giorni (preavviso dell'azienda)")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Crea contratto' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      cliente_id: CLIENTE,
      identificativo: 'MAN-1',
      tipo: 'manutenzione',
      data_inizio: '2026-01-01',
      data_fine: '2026-12-31',
      prezzi: { ora: '45.50' },
      attivita: [{ nome: 'Controllo caldaia', frequenza: { tipo: 'fissa', ogni: 1, unita: 'mesi' } }],
    });
    // The server refused the price: the wizard goes back to Impostazioni with the message on the field.
    expect((await screen.findAllByText('Prezzo non valido')).length).toBeGreaterThan(0);
    expect(screen.getByRole('textbox', { name: 'Ora di lavoro' })).toBeTruthy();
  }, 20_000);
});
