import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ReportListRow } from '@fs/contract';
import { renderUi, testQueryClient } from '../../../test/render';
import { reportKeys } from './api';
import { TodoCard } from './TodoCard';

const row = (over: Partial<ReportListRow>): ReportListRow => ({
  id: 'r1',
  numero_assistenza: '2026/00057',
  stato: 'NUOVO',
  inviato: false,
  completato: false,
  data_apertura: '2026-11-25',
  data_chiusura: null,
  cliente_id: 'c1',
  cliente: 'Barbieri Serramenti S.a.s.',
  tecnici: 'Luca Bianchi',
  tipo_intervento: 'ordinario',
  motivazione: null,
  totale_ore: '0',
  totale: null,
  data_appuntamento: '2026-11-25T08:00:00.000Z',
  luogo: 'Filiale Ferrara, Via Verdi 10, Ferrara',
  richiesta_iniziale: 'Il condizionatore non raffresca',
  ...over,
});

beforeEach(() =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 401 })),
  ),
);
afterEach(() => vi.unstubAllGlobals());

function show(oggi: ReportListRow[], aperti: ReportListRow[], hideWhenEmpty = false) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(reportKeys.todos('oggi'), oggi);
  queryClient.setQueryData(reportKeys.todos('aperti'), aperti);
  return renderUi(
    <MemoryRouter>
      <TodoCard hideWhenEmpty={hideWhenEmpty} />
    </MemoryRouter>,
    queryClient,
  );
}

describe('the technician’s home card', () => {
  it("shows today's reports with the appointment in Rome's time, the place and the request", () => {
    const other = row({ id: 'r2', numero_assistenza: '2026/00040', cliente: 'Galli Hotel', data_appuntamento: null });
    show([row({})], [row({}), other]);
    const card = screen.getByRole('button', { name: "Apri l'intervento 2026/00057 di Barbieri Serramenti S.a.s." });
    expect(card.textContent).toContain('Appuntamento 25/11/2026 alle 09:00');
    expect(card.textContent).toContain('Filiale Ferrara, Via Verdi 10, Ferrara');
    expect(card.textContent).toContain('Il condizionatore non raffresca');
    expect(screen.getByText('Oggi (1)')).toBeTruthy();
    fireEvent.click(screen.getByText('Aperti (2)'));
    expect(screen.getByRole('button', { name: "Apri l'intervento 2026/00040 di Galli Hotel" })).toBeTruthy();
  });

  it('opens on the open ones when nothing is due today, and says so when nothing is open', () => {
    show([], [row({ data_appuntamento: null })]);
    expect(screen.getByRole('button', { name: /Apri l'intervento 2026\/00057/ })).toBeTruthy();
    show([], []);
    expect(screen.getAllByText('Nessun intervento aperto assegnato a te.').length).toBeGreaterThan(0);
  });

  it('shows nothing to the office when nothing is assigned to them', () => {
    show([], [], true);
    expect(screen.queryByRole('heading', { name: 'I miei interventi' })).toBeNull();
    expect(screen.queryByText('Tutti gli interventi')).toBeNull();
  });
});
