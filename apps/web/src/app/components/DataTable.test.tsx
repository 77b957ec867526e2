import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TableInfos } from '@fs/contract';
import { renderUi, testQueryClient } from '../../test/render';
import { ApiError } from '../api/errors';
import { DataTable, type DataTableProps } from './DataTable';
import { initialListState, type ListState } from './list-state';
import { tableInfosKey } from './table-preferences';
import classes from './DataTable.module.css';

interface Row {
  id: string;
  codice: string;
  ragione_sociale: string;
  citta: string | null;
}

const INFOS: TableInfos = {
  table: 'clienti',
  columns: [
    { key: 'codice', label: 'customers.fields.codice', sortable: true },
    { key: 'ragione_sociale', label: 'customers.fields.ragione_sociale', sortable: true },
    { key: 'citta', label: 'customers.fields.citta', sortable: true },
    { key: 'email', label: 'customers.fields.email', sortable: false },
  ],
  minColumns: 2,
  maxColumns: 4,
  defaultColumns: ['codice', 'ragione_sociale'],
  selectedColumns: ['ragione_sociale', 'citta', 'codice'],
};

const ROWS: Row[] = [
  { id: '1', codice: 'C1', ragione_sociale: 'Rossi Impianti S.r.l.', citta: 'Milano' },
  { id: '2', codice: 'C2', ragione_sociale: 'Bianchi Termotecnica', citta: null },
];

type Props = Partial<DataTableProps<Row>> & { onState?: (s: ListState) => void; onSearch?: (q: string) => void };

/** The table as a list page uses it: state and search kept by the page. */
function Harness(p: Props) {
  const [state, setState] = useState<ListState>(initialListState('ragione_sociale', 10));
  const [search, setSearch] = useState('');
  return (
    <DataTable<Row>
      table="clienti"
      rows={ROWS}
      total={2}
      loading={false}
      state={state}
      onStateChange={(s) => {
        setState(s);
        p.onState?.(s);
      }}
      search={search}
      onSearchChange={(q) => {
        setSearch(q);
        p.onSearch?.(q);
      }}
      rowKey={(r) => r.id}
      searchLabel="Cerca"
      shortSearchHint="Con 1-2 caratteri cerca l'inizio del nome"
      emptyText="Nessun cliente"
      caption="Elenco clienti"
      {...p}
    />
  );
}

function renderTable(p: Props = {}) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(tableInfosKey('clienti'), INFOS);
  return renderUi(<Harness {...p} />, queryClient);
}

describe('DataTable', () => {
  it('shows the chosen columns in their order, the rows and the total in the caption', () => {
    renderTable();
    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Ragione sociale', 'Città', 'Codice anagrafica']);
    expect(within(table).getByText('Elenco clienti · 2 elementi')).toBeTruthy();
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(cells).toEqual([
      ['Rossi Impianti S.r.l.', 'Milano', 'C1'],
      ['Bianchi Termotecnica', '', 'C2'],
    ]);
  });

  it('shows the empty text when there are no rows, and a loader before the first page', () => {
    const { unmount } = renderTable({ rows: [], total: 0 });
    expect(screen.getByText('Nessun cliente')).toBeTruthy();
    expect(screen.getByText('Elenco clienti · 0 elementi')).toBeTruthy();
    unmount();
    renderTable({ rows: undefined, total: undefined, loading: true });
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.getAllByLabelText('Caricamento in corso').length).toBeGreaterThan(0);
  });

  it('sorts by a header: ascending first, then descending, and says so to assistive technology', () => {
    const onState = vi.fn();
    renderTable({ onState });
    fireEvent.click(screen.getByRole('button', { name: 'Ordina per Città' }));
    expect(onState).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'citta', dir: 'asc', page: 1 }));
    expect(screen.getByRole('columnheader', { name: /Città/ }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: 'Ordina per Città' }));
    expect(onState).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'citta', dir: 'desc' }));
    expect(screen.getByRole('columnheader', { name: /Città/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('opens a row with a click or with Enter, but not from a button inside it', () => {
    const onOpen = vi.fn();
    renderTable({ onOpen, rowActions: (r) => <button type="button">Elimina {r.codice}</button> });
    const rows = screen.getAllByRole('row').slice(1);
    fireEvent.click(within(rows[0]!).getByText('Milano'));
    expect(onOpen).toHaveBeenLastCalledWith(ROWS[0]);
    fireEvent.keyDown(rows[1]!, { key: 'Enter' });
    expect(onOpen).toHaveBeenLastCalledWith(ROWS[1]);
    expect(rows[1]!.getAttribute('tabindex')).toBe('0');
    onOpen.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Elimina C1' }));
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('searching goes back to page 1 and explains what a short term matches', () => {
    const onState = vi.fn();
    const onSearch = vi.fn();
    renderTable({ onState, onSearch, total: 45 });
    fireEvent.click(screen.getByRole('button', { name: 'Pagina 3' }));
    expect(onState).toHaveBeenLastCalledWith(expect.objectContaining({ page: 3 }));
    const box = screen.getByRole('searchbox', { name: 'Cerca' });
    fireEvent.change(box, { target: { value: 'ro' } });
    expect(onSearch).toHaveBeenLastCalledWith('ro');
    expect(onState).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1 }));
    expect(screen.getByText("Con 1-2 caratteri cerca l'inizio del nome")).toBeTruthy();
    fireEvent.change(box, { target: { value: 'ross' } });
    expect(screen.queryByText("Con 1-2 caratteri cerca l'inizio del nome")).toBeNull();
  });

  it('writes a total as Italian does, and a search counted up to a threshold as "più di", with one page more to go to', () => {
    const { unmount } = renderTable({ total: 12345 });
    expect(screen.getByText('Elenco clienti · 12.345 elementi')).toBeTruthy();
    unmount();
    const exact = renderTable({ total: 1000 });
    expect(screen.queryByRole('button', { name: 'Pagina 101' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Pagina 100' })).toBeTruthy();
    exact.unmount();
    const onState = vi.fn();
    renderTable({ total: 1000, totalMore: true, onState });
    expect(screen.getByText('Elenco clienti · più di 1.000 elementi')).toBeTruthy();
    // At least 1,001 rows match: page 101 exists, and asking for it counts further.
    fireEvent.click(screen.getByRole('button', { name: 'Pagina 101' }));
    expect(onState).toHaveBeenLastCalledWith(expect.objectContaining({ page: 101 }));
  });

  it('shows a failed load with the translated reason and a retry', () => {
    const onRetry = vi.fn();
    renderTable({ error: new ApiError(0, null, 'Failed to fetch'), onRetry, rows: undefined });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(/Problemi nel caricamento/);
    fireEvent.click(within(alert).getByRole('button', { name: 'Riprova' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('DataTable on a phone', () => {
  it('shows one card per row: the first column as title, the others with their label, empty ones left out', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width') })) as never;
    try {
      const opened: Row[] = [];
      renderTable({ onOpen: (r) => opened.push(r) });
      expect(screen.queryByRole('table')).toBeNull();
      const cards = within(screen.getByRole('list')).getAllByRole('listitem');
      expect(cards).toHaveLength(2);
      expect(cards[0]!.textContent).toContain('Rossi Impianti S.r.l.');
      expect(cards[0]!.textContent).toContain('Città: Milano');
      expect(cards[0]!.textContent).toContain('Codice anagrafica: C1');
      // No city: no empty line.
      expect(cards[1]!.textContent).not.toContain('Città');
      fireEvent.click(cards[1]!);
      expect(opened.map((r) => r.id)).toEqual(['2']);
      // The sort is a select on a phone.
      expect((screen.getAllByLabelText('Ordina per')[0] as HTMLInputElement).value).toBe('Ragione sociale');
    } finally {
      window.matchMedia = original;
    }
  });

  it('ticks rows one by one or the whole page, without opening them', () => {
    const onOpen = vi.fn();
    function Selecting() {
      const [selected, setSelected] = useState<string[]>([]);
      return (
        <>
          <Harness
            onOpen={onOpen}
            selection={{ selected, onChange: setSelected, label: (r) => `Seleziona ${r.codice}` }}
          />
          <output data-testid="ticked">{selected.join(',')}</output>
        </>
      );
    }
    const queryClient = testQueryClient();
    queryClient.setQueryData(tableInfosKey('clienti'), INFOS);
    renderUi(<Selecting />, queryClient);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleziona C2' }));
    expect(screen.getByTestId('ticked').textContent).toBe('2');
    expect(onOpen).not.toHaveBeenCalled();
    const page = screen.getByRole('checkbox', { name: 'Seleziona le righe della pagina' });
    expect((page as HTMLInputElement).indeterminate).toBe(true);
    fireEvent.click(page);
    expect(screen.getByTestId('ticked').textContent).toBe('2,1');
    fireEvent.click(page);
    expect(screen.getByTestId('ticked').textContent).toBe('');
  });

  it('ends long text in an ellipsis but never cuts a cell of badges: they wrap', () => {
    renderTable({
      renderCell: (r, key) =>
        key === 'citta' ? (
          <span data-testid={`badges-${r.id}`}>
            <b>Chiuso</b> <b>Completato</b> <b>Inviato</b>
          </span>
        ) : (
          String(r[key as keyof Row] ?? '')
        ),
    });
    const text = screen.getByText('Rossi Impianti S.r.l.').closest('td')!;
    const badges = screen.getByTestId('badges-1').closest('td')!;
    // (the stylesheet's classes: `cell` clips with an ellipsis, `nodeCell` only bounds the width)
    expect(text.classList.contains(classes.cell!)).toBe(true);
    expect(badges.classList.contains(classes.cell!)).toBe(false);
    expect(badges.classList.contains(classes.nodeCell!)).toBe(true);
  });
});
