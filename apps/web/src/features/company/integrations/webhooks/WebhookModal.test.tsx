import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../../../app/i18n';
import { renderUi } from '../../../../test/render';
import { WebhooksPanel } from './WebhooksPanel';
import { dictionary, json, stubFetch, webhook } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const DICT = { 'GET /api/webhooks/ditionary': { success: true, items: dictionary } };

async function openNew() {
  renderUi(<WebhooksPanel />);
  fireEvent.click(await screen.findByRole('button', { name: 'Nuovo webhook' }));
  const dialog = await screen.findByRole('dialog', { name: 'Nuovo webhook' });
  await within(dialog).findByText('Rapportino completato (definitivo)');
  return dialog;
}

describe('the new webhook form', () => {
  it("says what is missing with the contract's messages, and sends nothing", async () => {
    const calls = stubFetch({ 'GET /api/webhooks/webhooks': { success: true, items: [] }, ...DICT });
    const dialog = await openNew();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crea il webhook' }));
    expect(within(dialog).getByText("L'URL è obbligatorio")).toBeTruthy();
    expect(within(dialog).getByText('Scegli almeno un evento')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /URL/ }), {
      target: { value: 'ftp://user:pw@erp.example.test' },
    });
    expect(
      within(dialog).getByText('URL non valido: deve iniziare con https:// (o http://) e non contenere credenziali'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('groups the events by area with their Italian descriptions, selects all, and shows an example', async () => {
    stubFetch({ 'GET /api/webhooks/webhooks': { success: true, items: [] }, ...DICT });
    const dialog = await openNew();
    expect(within(dialog).getByRole('checkbox', { name: 'Rapportini: seleziona tutti' })).toBeTruthy();
    expect(within(dialog).getByRole('checkbox', { name: 'Clienti: seleziona tutti' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Rapportini: seleziona tutti' }));
    expect((within(dialog).getByRole('checkbox', { name: /Rapportino chiuso/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((within(dialog).getByRole('checkbox', { name: /Cliente creato/ }) as HTMLInputElement).checked).toBe(false);
    const all = within(dialog).getByRole('checkbox', { name: 'Seleziona tutti' }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    fireEvent.click(all);
    expect((within(dialog).getByRole('checkbox', { name: /Cliente creato/ }) as HTMLInputElement).checked).toBe(true);
    const example = within(dialog).getByRole('button', { name: 'Esempio: report.completed' });
    expect(example.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(example);
    expect(example.getAttribute('aria-expanded')).toBe('true');
    expect(within(dialog).getByText(/"numero_assistenza": "2026\/0042"/)).toBeTruthy();
  });

  it("shows the server's refusal on the URL field", async () => {
    stubFetch({
      'GET /api/webhooks/webhooks': { success: true, items: [] },
      ...DICT,
      'POST /api/webhooks/webhook': () =>
        json(400, {
          success: false,
          code: null,
          message: 'Dati non validi',
          fields: [{ path: 'url', message: 'Indirizzo privato, di loopback o link-local: non consentito' }],
        }),
    });
    const dialog = await openNew();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /URL/ }), { target: { value: 'http://10.0.0.5/h' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Cliente creato/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crea il webhook' }));
    expect(await within(dialog).findByText('Indirizzo privato, di loopback o link-local: non consentito')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: /URL/ }).getAttribute('aria-invalid')).toBe('true');
  });

  it('creates the endpoint and shows its secret once, with a copy button', async () => {
    const calls = stubFetch({
      'GET /api/webhooks/webhooks': { success: true, items: [] },
      ...DICT,
      'POST /api/webhooks/webhook': { success: true, item: webhook, segreto: 'whsec_ONCEONCEONCEONCEONCEONCEONCEONCE' },
    });
    const dialog = await openNew();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /URL/ }), {
      target: { value: ' https://erp.example.test/hooks/fs ' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Descrizione' }), { target: { value: 'ERP' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Rapportino completato/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crea il webhook' }));
    const shown = await screen.findByRole('dialog', { name: 'Il segreto del nuovo webhook' });
    expect(within(shown).getByTestId('webhook-secret-value').textContent).toBe(
      'whsec_ONCEONCEONCEONCEONCEONCEONCEONCE',
    );
    expect(within(shown).getByRole('button', { name: 'Copia' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      url: 'https://erp.example.test/hooks/fs',
      descrizione: 'ERP',
      eventi: ['report.completed'],
      attivo: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nuovo webhook' })).toBeNull());
  });

  it('edits an endpoint: its values prefilled, saved with its id', async () => {
    const calls = stubFetch({
      'GET /api/webhooks/webhooks': { success: true, items: [webhook] },
      ...DICT,
      'POST /api/webhooks/webhook': { success: true, item: webhook },
    });
    renderUi(<WebhooksPanel />);
    fireEvent.click(await screen.findByRole('button', { name: `Modifica: ${webhook.url}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifica il webhook' });
    await within(dialog).findByText('Rapportino completato (definitivo)');
    expect((within(dialog).getByRole('textbox', { name: /URL/ }) as HTMLInputElement).value).toBe(webhook.url);
    fireEvent.click(within(dialog).getByRole('switch', { name: /Attivo/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Webhook salvato')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      id: webhook.id,
      url: webhook.url,
      eventi: ['report.completed', 'report.closed'],
      attivo: false,
    });
  });

  it('describes the events in English for an English interface', async () => {
    stubFetch({ 'GET /api/webhooks/webhooks': { success: true, items: [] }, ...DICT });
    await i18n.changeLanguage('en');
    try {
      renderUi(<WebhooksPanel />);
      fireEvent.click(await screen.findByRole('button', { name: 'New webhook' }));
      const dialog = await screen.findByRole('dialog', { name: 'New webhook' });
      expect(await within(dialog).findByText('Work report completed (final)')).toBeTruthy();
      expect(within(dialog).getByRole('checkbox', { name: 'Work reports: select all' })).toBeTruthy();
      expect(within(dialog).queryByText('Rapportino completato (definitivo)')).toBeNull();
    } finally {
      await i18n.changeLanguage('it');
    }
  });
});
