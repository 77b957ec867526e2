import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { adminPermissions, CONTRACTS_TABLE, type Activity, type Contract, type ContractRow } from '@fs/contract';
import { tableInfosKey } from '../../../app/components/table-preferences';
import { sessionKeys } from '../../../app/session/api';
import { renderUi, testQueryClient } from '../../../test/render';
import { contractKeys } from './api';
import { ContractPage } from './ContractPage';
import { ContractsPage } from './ContractsPage';

const ID = '7b0c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

const contract: Contract = {
  id: ID,
  identificativo: 'CH-2026-003',
  descrizione: 'Assistenza caldaie',
  tipo: 'chiamata',
  data_inizio: '2026-01-01',
  data_fine: '2026-12-31',
  cessato: false,
  stato: 'attivo',
  abilitaPrezziContratto: true,
  ore_contratto: '40.00',
  ore_residue: '8.50',
  cliente_id: 'c1',
  cliente: 'Rossi Impianti S.r.l.',
  rinnovo_automatico: true,
  mesi_rinnovo: 12,
  data_rinnovo: '2027-01-01',
  giorni_preavviso_rinnovo: 30,
  mailAvvisoScadenzaSent: false,
  avviso_cliente: true,
  email_avviso: null,
  data_cessazione: null,
  motivo_cessazione: null,
  rinnovi: 0,
  ore_usate: '31.50',
  impianti: [{ id: 'p1', nome: 'Sede di Bologna' }],
  macchinari: [],
  mansioni: [],
  regole: { ritardo_massimo_giorni: 7 },
  prezzi: { ora: '45', diritto_chiamata: '2450.5', materiale: '10' },
  attivita_count: 1,
  date_da_fare: 2,
  date_scadute: 1,
  media_count: 0,
  created_at: '2026-01-01T08:00:00Z',
  updated_at: '2026-01-01T08:00:00Z',
};

const activity: Activity = {
  id: 'a1',
  contratto_id: ID,
  nome: 'Controllo caldaia',
  mansione: null,
  impianto: { id: 'p1', nome: 'Sede di Bologna' },
  controlli: [],
  macchinari: [],
  frequenza: { tipo: 'fissa', ogni: 6, unita: 'mesi', data_inizio: null },
  regole: null,
  durata_minuti: 60,
  note: null,
  contratto_date: [
    {
      id: 'o1',
      attivita_id: 'a1',
      contratto_id: ID,
      data: '2026-01-15',
      data_pianificata: null,
      rapportino_id: null,
      fatta_at: null,
      stato: 'scaduta',
    },
    {
      id: 'o2',
      attivita_id: 'a1',
      contratto_id: ID,
      data: '2026-07-15',
      data_pianificata: '2026-07-16',
      rapportino_id: 'r9',
      fatta_at: null,
      stato: 'pianificata',
    },
  ],
};

beforeEach(() =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ success: true, items: [] }), { status: 200 })),
  ),
);
afterEach(() => vi.unstubAllGlobals());

function client() {
  const q = testQueryClient();
  q.setQueryData(sessionKeys.permissions, { lastUpdate: '', permissions: adminPermissions() });
  return q;
}

describe('the contract page', () => {
  it('shows the state, the hours bar at warning, the renewal, and the prices tab', async () => {
    const q = client();
    q.setQueryData(contractKeys.one(ID), contract);
    const router = createMemoryRouter([{ path: '/contracts/:id', element: <ContractPage /> }], {
      initialEntries: [`/contracts/${ID}`],
    });
    renderUi(<RouterProvider router={router} />, q);
    expect(await screen.findByRole('heading', { name: 'CH-2026-003' })).toBeTruthy();
    expect(screen.getByText('Attivo')).toBeTruthy();
    expect(screen.getByText('31,5 / 40 h usate')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Ore usate: 31,5 di 40' })).toBeTruthy();
    expect(screen.getByText('Ore residue: 8,5')).toBeTruthy();
    expect(screen.getByText('Poche ore residue')).toBeTruthy();
    expect(screen.getByText('Si rinnova automaticamente il 01/01/2027')).toBeTruthy();
    for (const name of ['Anteprima PDF', 'Termina anticipatamente', 'Elimina', 'Modifica'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Prezzi' }));
    const table = await screen.findByRole('table', { name: 'Prezzi' });
    expect(within(table).getByText(/2\.450,50\s€/)).toBeTruthy();
    expect(within(table).getByText('10 %')).toBeTruthy();
  });

  it('lists the activities with their dates, states and reports', async () => {
    const q = client();
    q.setQueryData(contractKeys.one(ID), contract);
    q.setQueryData(contractKeys.activities(ID, false), [activity]);
    const router = createMemoryRouter([{ path: '/contracts/:id', element: <ContractPage /> }], {
      initialEntries: [`/contracts/${ID}?tab=activities`],
    });
    renderUi(<RouterProvider router={router} />, q);
    expect(await screen.findByText('Controllo caldaia')).toBeTruthy();
    expect(screen.getByText('15/01/2026')).toBeTruthy();
    expect(screen.getByText('Scaduta')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Apri il rapportino' }).getAttribute('href')).toBe('/interventions/r9');
    expect(screen.getByRole('button', { name: 'Crea il rapportino di Controllo caldaia del 15/01/2026' })).toBeTruthy();
  });
});

describe('the contract list', () => {
  it('shows the empty state with "Nuovo contratto" when there is no contract', async () => {
    const q = client();
    const router = createMemoryRouter([{ path: '/contracts', element: <ContractsPage /> }], {
      initialEntries: ['/contracts'],
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: true, items: [] as ContractRow[], totaleElementi: 0, item: null })),
      ),
    );
    renderUi(<RouterProvider router={router} />, q);
    expect(await screen.findByText('Nessun contratto')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nuovo contratto' })).toBeTruthy();
  });

  it('shows a row with its state badge, type and on-call bar', async () => {
    const q = client();
    q.setQueryData(tableInfosKey('contratti'), {
      table: 'contratti',
      columns: CONTRACTS_TABLE.columns,
      minColumns: CONTRACTS_TABLE.minColumns,
      maxColumns: CONTRACTS_TABLE.maxColumns,
      defaultColumns: CONTRACTS_TABLE.defaultColumns,
      selectedColumns: CONTRACTS_TABLE.defaultColumns,
    });
    const row: ContractRow = {
      ...contract,
      ore_residue: '0.00',
      stato: 'in_scadenza',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: true, items: [row], totaleElementi: 1 }))),
    );
    const router = createMemoryRouter([{ path: '/contracts', element: <ContractsPage /> }], {
      initialEntries: ['/contracts'],
    });
    renderUi(<RouterProvider router={router} />, q);
    expect(await screen.findByText('CH-2026-003')).toBeTruthy();
    expect(screen.getAllByText('In scadenza').length).toBeGreaterThan(0);
    expect(screen.getAllByText('A chiamata').length).toBeGreaterThan(0);
    expect(screen.getAllByText('40 / 40 h usate').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('progressbar', { name: 'Ore usate: 40 di 40' }).length).toBeGreaterThan(0);
    expect(screen.getByText('Ore esaurite')).toBeTruthy();
    expect(screen.getByText('31/12/2026')).toBeTruthy();
  });
});
