import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Report } from '@fs/contract';
import { renderUi } from '../../../test/render';
import { SendDialog, SendMail } from './SendMail';

const report = {
  id: '6f1c6d4e-1b7a-4a53-9d5e-2d7a3c1b0a11',
  cliente_id: 'c1',
  numero_assistenza: '2026/00057',
} as Report;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let sent: unknown[] = [];
beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/clienti/cliente/c1')
        return json(200, { success: true, item: { email: 'Cliente@Example.test', recapiti: [] } });
      if (url === '/api/rapportini/rapportino/invio') {
        sent.push(JSON.parse(String(init?.body)));
        return json(200, {
          success: true,
          item: {
            id: 'm1',
            creato_il: '2026-11-26T10:00:00.000Z',
            destinatari: ['cliente@example.test'],
            oggetto: 'x',
            tipo: 'rapportino',
            stato: 'in_coda',
            in_attesa_firma: false,
            errore: null,
            tentativi: 0,
            inviato_il: null,
          },
        });
      }
      return json(404, { success: false, code: 'NOT_FOUND', message: 'non trovato' });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the mail of the report (issue 24)', () => {
  it('the office may write the subject and the message; left empty, the defaults (not sent)', async () => {
    renderUi(<SendMail report={report} dirty={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Invia al cliente' }));
    await screen.findByText('cliente@example.test');
    expect(screen.getByRole('textbox', { name: 'Oggetto' }).getAttribute('placeholder')).toBe(
      "Vuoto: l'oggetto predefinito",
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Oggetto' }), { target: { value: ' Rapportino di oggi ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invia' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ id: report.id, destinatari: ['cliente@example.test'], oggetto: 'Rapportino di oggi' });
  });

  it('after closing in the field: the customer prefilled, no subject or message, "Non ora" dismisses', async () => {
    const onClose = vi.fn();
    renderUi(<SendDialog report={report} onClose={onClose} cancelLabel="Non ora" />);
    await screen.findByText('cliente@example.test');
    expect(screen.queryByRole('textbox', { name: 'Oggetto' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Non ora' }));
    expect(onClose).toHaveBeenCalled();
    expect(sent).toEqual([]);
  });
});
