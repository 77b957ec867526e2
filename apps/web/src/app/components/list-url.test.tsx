import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider, useLocation } from 'react-router';
import { renderUi } from '../../test/render';
import { filterRules, readListParams, useListParams, writeListParams } from './list-url';

const LIST = {
  sort: 'data_apertura',
  dir: 'desc' as const,
  sorts: ['data_apertura', 'cliente'],
  filters: { stato: filterRules.oneOf(['APERTO', 'CHIUSO']), tecnico_id: filterRules.id },
};
const ID = '0b9c5a3e-6d1f-4c2a-9e8b-7f3a2c1d0e9f';

describe('a list in its address', () => {
  it('reads what it can and falls back to the defaults for the rest', () => {
    const v = readListParams(
      new URLSearchParams(`stato=CHIUSO&tecnico_id=${ID}&sort=cliente&dir=asc&page=3&size=50&q=rossi`),
      LIST,
    );
    expect(v).toEqual({
      state: { page: 3, size: 50, sort: 'cliente', dir: 'asc', q: 'rossi' },
      filters: { stato: 'CHIUSO', tecnico_id: ID },
    });
    const bad = readListParams(new URLSearchParams('stato=PERSO&tecnico_id=1&sort=drop&dir=up&page=x&size=7'), LIST);
    expect(bad).toEqual({
      state: { page: 1, size: 25, sort: 'data_apertura', dir: 'desc', q: '' },
      filters: { stato: '', tecnico_id: '' },
    });
  });

  it('writes only what differs from the defaults, and reads it back the same', () => {
    const v = {
      state: { page: 2, size: 25, sort: 'data_apertura', dir: 'desc' as const, q: '' },
      filters: { stato: 'APERTO', tecnico_id: '' },
    };
    const written = writeListParams(v, LIST);
    expect(written.toString()).toBe('stato=APERTO&page=2');
    expect(readListParams(written, LIST)).toEqual(v);
  });
});

function Reports() {
  const list = useListParams(LIST);
  const { search } = useLocation();
  return (
    <>
      <p data-testid="address">{search}</p>
      <p data-testid="shown">
        {list.filters.stato || 'tutti'} · pagina {list.state.page}
      </p>
      <button onClick={() => list.setFilters({ stato: 'CHIUSO' })}>Chiusi</button>
      <button onClick={() => list.setState({ ...list.state, page: 4 })}>Pagina 4</button>
      <input aria-label="Cerca" value={list.search} onChange={(e) => list.setSearch(e.currentTarget.value)} />
      <Link to="/interventions">Interventi</Link>
      <Link to="/other">Altro</Link>
    </>
  );
}

function app(initial: string) {
  const router = createMemoryRouter(
    [
      { path: '/interventions', element: <Reports /> },
      { path: '/other', element: <p>altro</p> },
    ],
    { initialEntries: [initial] },
  );
  renderUi(<RouterProvider router={router} />);
  return router;
}

describe('useListParams', () => {
  it('puts filters, page and search in the address in place, and a new page opens where the address says', async () => {
    const router = app('/interventions?vista=x');
    fireEvent.click(screen.getByRole('button', { name: 'Pagina 4' }));
    fireEvent.click(screen.getByRole('button', { name: 'Chiusi' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Cerca' }), { target: { value: 'rossi' } });
    // A filter goes back to page 1; the page's own parameter stays; no history entry per change.
    expect((await screen.findByTestId('address')).textContent).toBe('?vista=x&q=rossi&stato=CHIUSO');
    expect(screen.getByTestId('shown').textContent).toBe('CHIUSO · pagina 1');
    expect(router.state.historyAction).toBe('REPLACE');

    // Away and Back: the list as it was.
    await act(() => router.navigate('/other'));
    await act(() => router.navigate(-1));
    expect((await screen.findByTestId('shown')).textContent).toBe('CHIUSO · pagina 1');
    expect((screen.getByRole('textbox', { name: 'Cerca' }) as HTMLInputElement).value).toBe('rossi');

    // The menu's link to the same list: the list without filters.
    fireEvent.click(screen.getByRole('link', { name: 'Interventi' }));
    expect((await screen.findByTestId('shown')).textContent).toBe('tutti · pagina 1');
    expect((screen.getByRole('textbox', { name: 'Cerca' }) as HTMLInputElement).value).toBe('');
  });
});
