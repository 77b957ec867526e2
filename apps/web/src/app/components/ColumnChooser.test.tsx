import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TableInfos } from '@fs/contract';
import { renderUi, testQueryClient } from '../../test/render';
import { ColumnChooser } from './ColumnChooser';
import { tableInfosKey } from './table-preferences';

const INFOS: TableInfos = {
  table: 'articoli',
  columns: [
    { key: 'codice', label: 'articles.fields.codice', sortable: true },
    { key: 'descrizione', label: 'articles.fields.descrizione', sortable: true },
    { key: 'unita_misura', label: 'articles.fields.unita_misura', sortable: true },
  ],
  minColumns: 2,
  maxColumns: 3,
  defaultColumns: ['codice', 'descrizione'],
  selectedColumns: ['codice', 'descrizione'],
};

let posted: { url: string; body: unknown }[];
let answer: () => Response;

beforeEach(() => {
  posted = [];
  answer = () => new Response(JSON.stringify({ item: INFOS }), { status: 200 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      posted.push({ url, body: JSON.parse(String(init.body)) });
      return answer();
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function open(infos = INFOS) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(tableInfosKey(infos.table), infos);
  const r = renderUi(<ColumnChooser infos={infos} />, queryClient);
  fireEvent.click(screen.getByRole('button', { name: 'Colonne' }));
  const group = await screen.findByRole('group', { name: 'Colonne' });
  return { ...r, group };
}

describe('ColumnChooser', () => {
  it('lists the chosen columns first with the bounds, and saves a column added', async () => {
    const { group, queryClient } = await open();
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([true, true, false]);
    expect(within(group).getByText('Da 2 a 3 colonne (ora 2)')).toBeTruthy();
    answer = () =>
      new Response(JSON.stringify({ item: { ...INFOS, selectedColumns: ['codice', 'descrizione', 'unita_misura'] } }));
    fireEvent.click(within(group).getByRole('checkbox', { name: /misura/i }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      url: '/api/tabelle/preferenza',
      body: { tabella: 'articoli', colonne: ['codice', 'descrizione', 'unita_misura'] },
    });
    await waitFor(() =>
      expect(queryClient.getQueryData<TableInfos>(tableInfosKey('articoli'))?.selectedColumns).toHaveLength(3),
    );
  });

  it('refuses to go below the minimum with the warning, and saves nothing', async () => {
    const { group } = await open();
    fireEvent.click(within(group).getByRole('checkbox', { name: /descrizione/i }));
    expect(
      await screen.findByText('Raggiunto il numero massimo o minimo di colonne della tabella (da 2 a 3)'),
    ).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it('moves a column up, and a refused save puts the previous choice back with the reason', async () => {
    const { group, queryClient } = await open();
    answer = () => new Response(JSON.stringify({ message: 'Salvataggio non riuscito' }), { status: 500 });
    fireEvent.click(within(group).getByRole('button', { name: /Sposta su: Descrizione/i }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toEqual({ tabella: 'articoli', colonne: ['descrizione', 'codice'] });
    expect(await screen.findByText('Salvataggio non riuscito')).toBeTruthy();
    expect(queryClient.getQueryData<TableInfos>(tableInfosKey('articoli'))?.selectedColumns).toEqual([
      'codice',
      'descrizione',
    ]);
  });
});
