import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { sessionKeys } from '../../../../app/session/api';
import { renderUi, testQueryClient } from '../../../../test/render';
import { json, stubFetch } from '../webhooks/test-fixtures';
import { AccountingPanel } from './AccountingPanel';
import { leave } from './api';
import { FicReturnPage } from './FicReturnPage';
import { ReportExport } from './ReportExport';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const OPTIONS = 'GET /api/options/options';
const CHECK = 'GET /api/fattureincloud/oauth/check';
const options = (tool: string, enabled = '1') => ({
  success: true,
  items: [
    { category: 'integrazione_gestionale', subcategory: 'enabled', value: enabled },
    { category: 'integrazione_gestionale', subcategory: 'gestionale', value: tool },
  ],
});
const companies = [
  { id: 12346, name: 'Studio Verdi', vat_number: null, tax_code: null },
  { id: 12347, name: 'Mario Rossi SRL', vat_number: null, tax_code: null },
];
const inRouter = (ui: React.ReactElement) => {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/external-integrations'] });
  return <RouterProvider router={router} />;
};

describe('the accounting tab (issue 29)', () => {
  it('names the chosen tool and connects Fatture in Cloud: to its page with the return address of the app', async () => {
    const calls = stubFetch({
      [OPTIONS]: options('fattureincloud'),
      [CHECK]: { success: true, connected: false, configured: true, companies: [], company: null },
      [`GET /api/fattureincloud/oauth/init?redirectUri=${encodeURIComponent(`${window.location.origin}/oauth20/fattureincloud`)}`]:
        { success: true, url: 'https://fic.test/oauth/authorize?state=s1', state: 's1' },
    });
    const go = vi.spyOn(leave, 'to').mockImplementation(() => undefined);
    renderUi(inRouter(<AccountingPanel />));
    expect(await screen.findByText('Gestionale scelto: Fatture in Cloud')).toBeTruthy();
    expect(await screen.findByText('Non collegato')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Collega Fatture in Cloud' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://fic.test/oauth/authorize?state=s1'));
    expect(calls.some((c) => c.url.startsWith('/api/fattureincloud/oauth/init'))).toBe(true);
  });

  it('says when the server has no Fatture in Cloud app, and explains Danea without a panel', async () => {
    stubFetch({
      [OPTIONS]: options('fattureincloud', '0'),
      [CHECK]: { success: true, connected: false, configured: false, companies: [], company: null },
    });
    renderUi(inRouter(<AccountingPanel />));
    expect(await screen.findByText(/non è configurato su questo server/)).toBeTruthy();
    expect(screen.getByText(/L'integrazione con il gestionale non è attiva/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Collega Fatture in Cloud' })).toBeNull();
  });

  it('connected: chooses the Fatture in Cloud company, and disconnects after a confirmation', async () => {
    const calls = stubFetch({
      [OPTIONS]: options('fattureincloud'),
      [CHECK]: { success: true, connected: true, configured: true, companies, company: null },
      'POST /api/fattureincloud/company': () =>
        json(200, { success: true, connected: true, configured: true, companies, company: companies[1] }),
      'DELETE /api/fattureincloud/oauth/logout': {
        success: true,
        connected: false,
        configured: true,
        companies: [],
        company: null,
      },
    });
    renderUi(inRouter(<AccountingPanel />));
    expect(await screen.findByText("Scegli l'azienda di Fatture in Cloud in cui creare i documenti.")).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'Azienda di Fatture in Cloud' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Mario Rossi SRL' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('I documenti vengono creati in: Mario Rossi SRL')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ id: 12347 });
    fireEvent.click(screen.getByRole('button', { name: 'Scollega' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scollegare Fatture in Cloud?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Scollega' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('Non collegato')).toBeTruthy();
  });
});

describe('the return page /oauth20/fattureincloud', () => {
  it('completes the login with the code and state once, then goes back to the tab', async () => {
    const calls = stubFetch({
      'POST /api/fattureincloud/oauth/login': {
        success: true,
        connected: true,
        configured: true,
        companies,
        company: null,
      },
    });
    const router = createMemoryRouter(
      [
        { path: '/oauth20/fattureincloud', element: <FicReturnPage /> },
        { path: '/external-integrations', element: <p>tab</p> },
      ],
      { initialEntries: ['/oauth20/fattureincloud?code=c0de&state=st4te'] },
    );
    renderUi(<RouterProvider router={router} />);
    await waitFor(() => expect(router.state.location.search).toBe('?tab=gestionale'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ code: 'c0de', state: 'st4te' }]);
  });

  it('shows Fatture in Cloud’s refusal and a way back', async () => {
    stubFetch({});
    const router = createMemoryRouter([{ path: '/oauth20/fattureincloud', element: <FicReturnPage /> }], {
      initialEntries: ['/oauth20/fattureincloud?error=access_denied&error_description=Negato'],
    });
    renderUi(<RouterProvider router={router} />);
    expect(await screen.findByText("Fatture in Cloud non ha autorizzato l'accesso: Negato")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Torna a Integrazioni esterne → Gestionale' })).toBeTruthy();
  });
});

describe("a report's export state", () => {
  it('shows the tool’s message of a failure and sends again', async () => {
    const id = '1b6e2c1a-3f4d-4c2b-9a1e-5d6f7a8b9c0d';
    const calls = stubFetch({
      [`GET /api/gestionale/esportazioni/${id}`]: {
        success: true,
        item: {
          rapportino_id: id,
          strumento: 'fattureincloud',
          stato: 'FALLITO',
          documento_id: null,
          numero: null,
          link: null,
          errore: 'Fatture in Cloud: La numerazione non è valida',
          tentativi: 1,
          updated_at: '2026-12-08T10:00:00.000Z',
        },
      },
      'POST /api/gestionale/esporta': { success: true, accodati: 1, esclusi: [] },
      [OPTIONS]: options('fattureincloud'),
    });
    const q = testQueryClient();
    q.setQueryData(sessionKeys.user, { role: 'admin' } as never);
    renderUi(<ReportExport id={id} />, q);
    expect(await screen.findByText('Non riuscito')).toBeTruthy();
    expect(screen.getByText('Fatture in Cloud: La numerazione non è valida')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ ids: [id] }));
  });

  it('shows nothing for a report never sent when the tool takes no reports (Danea)', async () => {
    const id = '1b6e2c1a-3f4d-4c2b-9a1e-5d6f7a8b9c0d';
    const calls = stubFetch({
      [`GET /api/gestionale/esportazioni/${id}`]: { success: true, item: null },
      [OPTIONS]: options('danea'),
    });
    const q = testQueryClient();
    q.setQueryData(sessionKeys.user, { role: 'admin' } as never);
    renderUi(<ReportExport id={id} />, q);
    await waitFor(() => expect(calls.length).toBe(2));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('group', { name: 'Gestionale' })).toBeNull();
    expect(screen.queryByText('Non inviato')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invia al gestionale' })).toBeNull();
  });
});
