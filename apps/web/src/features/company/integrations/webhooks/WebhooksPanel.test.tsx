import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { sessionKeys } from '../../../../app/session/api';
import { renderUi, testQueryClient } from '../../../../test/render';
import { ExternalIntegrationsPage } from '../ExternalIntegrationsPage';
import { WebhooksPanel } from './WebhooksPanel';
import { dictionary, json, stubFetch, webhook, WH_ID } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const LIST = 'GET /api/webhooks/webhooks';

describe('the external integrations page (issue 28)', () => {
  it('has its three tabs, the webhook one from the address, and keeps the choice in the address', async () => {
    stubFetch({ [LIST]: { success: true, items: [] }, 'GET /api/api-key/getall': { success: true, items: [] } });
    const q = testQueryClient();
    q.setQueryData(sessionKeys.user, { role: 'admin' } as never);
    const router = createMemoryRouter([{ path: '/external-integrations', element: <ExternalIntegrationsPage /> }], {
      initialEntries: ['/external-integrations?tab=webhook'],
    });
    renderUi(<RouterProvider router={router} />, q);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Chiavi API', 'Webhook', 'Gestionale']);
    expect(screen.getByRole('tab', { name: 'Webhook' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('Nessun webhook')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Chiavi API' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // From the keyboard: the arrow moves to the next tab.
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Chiavi API' }), { key: 'ArrowRight' });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=webhook'));
    expect(screen.getByRole('tab', { name: 'Webhook' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('the webhooks panel', () => {
  it('explains what a webhook is when there is none, and opens the new webhook form', async () => {
    stubFetch({
      [LIST]: { success: true, items: [] },
      'GET /api/webhooks/ditionary': { success: true, items: dictionary },
    });
    renderUi(<WebhooksPanel />);
    expect(await screen.findByText(/riceve in tempo reale gli eventi scelti/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nuovo webhook' }));
    expect(await screen.findByRole('dialog', { name: 'Nuovo webhook' })).toBeTruthy();
  });

  it('lists an endpoint: URL, events, state, counts in Italian, and a disabled one with its reason', async () => {
    const gone = {
      ...webhook,
      id: '1b6e2c1a-3f4d-4c2b-9a1e-5d6f7a8b9c0d',
      url: 'https://old.example.test/h',
      stato: 'DISABILITATO',
      motivoDisabilitazione: 'GONE_410',
      disabilitatoIl: '2026-12-02T10:30:00.000Z',
      falliscaDal: '2026-12-01T08:00:00.000Z',
      conteggi: { inAttesa: 0, consegnati: 1, falliti: 0 },
    };
    stubFetch({ [LIST]: { success: true, items: [webhook, gone] } });
    renderUi(<WebhooksPanel />);
    const table = await screen.findByRole('table', { name: 'Webhook' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first!.textContent).toContain('https://erp.example.test/hooks/fs');
    expect(first!.textContent).toContain('Gestionale ERP');
    expect(first!.textContent).toContain('2 eventi');
    expect(first!.textContent).toContain('Attivo');
    expect(first!.textContent).toContain('1.234 consegnati');
    expect(first!.textContent).toContain('1 in attesa');
    expect(first!.textContent).toContain('2 falliti');
    expect(second!.textContent).toContain('1 consegnato');
    expect(second!.textContent).toContain('Disabilitato');
    expect(second!.textContent).toContain('Il destinatario ha risposto 410 (non esiste più) · 02/12/2026 11:30');
    expect(second!.textContent).toContain('01/12/2026 09:00');
  });

  it('rotates the secret after confirming and shows the new one with how to verify signatures', async () => {
    const calls = stubFetch({
      [LIST]: { success: true, items: [webhook] },
      [`POST /api/webhooks/webhook/${WH_ID}/rotate-secret`]: {
        success: true,
        item: webhook,
        segreto: 'whsec_NEWNEWNEWNEWNEWNEWNEWNEWNEWNEWNE',
      },
    });
    renderUi(<WebhooksPanel />);
    fireEvent.click(await screen.findByRole('button', { name: `Altre azioni: ${webhook.url}` }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Ruota il segreto' }));
    const confirm = await screen.findByRole('dialog', { name: 'Ruotare il segreto?' });
    expect(confirm.textContent).toContain('Per 24 ore');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ruota il segreto' }));
    const shown = await screen.findByRole('dialog', { name: 'Il nuovo segreto del webhook' });
    expect(within(shown).getByTestId('webhook-secret-value').textContent).toBe(
      'whsec_NEWNEWNEWNEWNEWNEWNEWNEWNEWNEWNE',
    );
    expect(shown.textContent).toContain('webhook-id, webhook-timestamp e webhook-signature');
    expect(within(shown).getByRole('button', { name: 'Copia' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      `/api/webhooks/webhook/${WH_ID}/rotate-secret`,
    ]);
  });

  it('shows the secret only when asked, disables and deletes after confirming', async () => {
    const calls = stubFetch({
      [LIST]: { success: true, items: [webhook] },
      [`GET /api/webhooks/webhook/${WH_ID}/secret`]: {
        success: true,
        segreto: 'whsec_SECRETSECRETSECRETSECRETSECRETSE',
      },
      'POST /api/webhooks/webhook': (body: unknown) =>
        json(200, { success: true, item: { ...webhook, stato: 'DISABILITATO' }, _body: body }),
      [`DELETE /api/webhooks/webhook/${WH_ID}`]: { success: true, item: webhook },
    });
    renderUi(<WebhooksPanel />);
    const more = await screen.findByRole('button', { name: `Altre azioni: ${webhook.url}` });
    fireEvent.click(more);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mostra il segreto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Il segreto del webhook' });
    expect(within(dialog).getByTestId('webhook-secret-value').textContent).toBe('whsec_abcd…');
    expect(calls.some((c) => c.url.endsWith('/secret'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mostra' }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('webhook-secret-value').textContent).toBe(
        'whsec_SECRETSECRETSECRETSECRETSECRETSE',
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Chiudi' }));

    fireEvent.click(more);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Disattiva' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      id: WH_ID,
      url: webhook.url,
      descrizione: webhook.descrizione,
      eventi: webhook.eventi,
      attivo: false,
    });

    fireEvent.click(more);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Elimina' }));
    const confirm = await screen.findByRole('dialog', { name: 'Eliminare il webhook?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Elimina' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('sends a test event', async () => {
    const calls = stubFetch({
      [LIST]: { success: true, items: [webhook] },
      [`POST /api/webhooks/webhook/${WH_ID}/test`]: {
        success: true,
        item: {
          id: 'msg_0000000000test',
          evento: 'webhook.test',
          stato: 'IN_ATTESA',
          creatoIl: '2026-12-07T10:00:00.000Z',
          tentativi: 0,
          prossimoTentativo: null,
          ultimoStatus: null,
          payload: {},
          tentativiDettaglio: [],
        },
      },
    });
    renderUi(<WebhooksPanel />);
    fireEvent.click(await screen.findByRole('button', { name: `Altre azioni: ${webhook.url}` }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Invia un evento di prova' }));
    expect(await screen.findByText('Evento di prova inviato: lo trovi nel registro consegne')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
