import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { Report } from '@fs/contract';
import { renderUi } from '../../../test/render';
import { AcceptanceSection } from './AcceptanceSection';

const firma = {
  media_id: 'm1',
  firmatario: 'Giulia Verdi',
  firmato_il: '2026-11-26T10:00:00.000Z',
  remoto: false,
};
const base = {
  id: 'r1',
  cliente_id: 'c1',
  numero_assistenza: '2026/00001',
  stato: 'APERTO',
  completato: false,
  firma: null,
  firmabile: true,
  attesa_firma: null,
} as unknown as Report;

beforeEach(() =>
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ success: false, code: 'NOT_FOUND', message: 'x' }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  ),
);
afterEach(() => vi.unstubAllGlobals());

describe('the customer’s signature on the report (issue 24)', () => {
  it('a closed signed report: the signature is locked, no clear or sign again', () => {
    renderUi(<AcceptanceSection report={{ ...base, stato: 'CHIUSO', firma, firmabile: false } as Report} office />);
    expect(screen.getByTestId('signature-locked').textContent).toContain('La firma del cliente è bloccata');
    expect(screen.queryByRole('button', { name: 'Cancella la firma' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Firma di nuovo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invia il link di firma al cliente' })).toBeNull();
  });

  it('an open signed report may be signed again or cleared', () => {
    renderUi(<AcceptanceSection report={{ ...base, firma } as Report} office />);
    expect(screen.queryByTestId('signature-locked')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancella la firma' })).toBeTruthy();
  });

  it('a signing link still open reads "In attesa di firma", with the address and the dates the Italian way', () => {
    const attesa_firma = {
      stato: 'in_attesa_firma' as const,
      email: 'cliente@example.test',
      inviato_il: '2026-11-26T09:00:00.000Z',
      scadenza: '2026-12-03T09:00:00.000Z',
    };
    // (Not signable here: jsdom has no canvas for the pad.)
    renderUi(<AcceptanceSection report={{ ...base, attesa_firma, firmabile: false } as Report} office />);
    const box = screen.getByTestId('signature-awaited');
    expect(box.textContent).toContain('In attesa di firma');
    expect(box.textContent).toContain('cliente@example.test il 26/11/2026 10:00');
    expect(box.textContent).toContain('03/12/2026 10:00');
  });
});
