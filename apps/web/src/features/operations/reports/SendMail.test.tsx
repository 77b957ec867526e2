import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { Report } from '@fs/contract';
import { renderUi } from '../../../test/render';
import { SendMail } from './SendMail';

const report = { id: 'r1', cliente_id: 'c1', numero_assistenza: '2026/00057' } as Report;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

beforeEach(() =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/clienti/cliente/c1')
        return json(200, { success: true, item: { email: 'cliente@example.test' } });
      if (url === '/api/rapportini/rapportino/invio') {
        return json(
          429,
          { success: false, code: 'MAIL_LIMIT_REACHED', message: 'Limite di invii raggiunto: …' },
          { 'Retry-After': '1500' },
        );
      }
      return json(404, { success: false, code: 'NOT_FOUND', message: 'non trovato' });
    }),
  ),
);
afterEach(() => vi.unstubAllGlobals());

describe('mailing the report past the hourly allowance (issue 22)', () => {
  it('says the allowance is spent and how many minutes to wait, from Retry-After', async () => {
    renderUi(<SendMail report={report} dirty={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Invia al cliente' }));
    await screen.findByText('cliente@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Invia' }));
    expect(
      await screen.findByText(
        "La tua azienda ha raggiunto il limite orario di destinatari per l'invio di rapportini e link di firma. " +
          'Riprova tra 25 minuti o togli qualche destinatario.',
      ),
    ).toBeTruthy();
  });
});
