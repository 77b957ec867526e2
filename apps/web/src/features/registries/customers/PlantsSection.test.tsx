import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Plant, Machine } from '@fs/contract';
import { renderUi, testQueryClient } from '../../../test/render';
import { optionKeys } from '../../company/options/api';
import { customerKeys } from './api';
import { PlantsSection } from './PlantsSection';

const plant: Plant = {
  id: 'p1',
  clienteId: 'c1',
  nome: 'Sede Milano',
  indirizzo: 'Via Roma 1',
  citta: 'Milano',
  provincia: 'MI',
  cap: '20100',
  note: 'Accesso dal retro\nchiedere del custode',
  macchinari_count: 1,
};
const machine: Machine = {
  id: 'm1',
  impiantiId: 'p1',
  parentId: null,
  livello: 2,
  nome: 'Caldaia a condensazione',
  matricola: 'SN000000001',
  note: 'Filtro cambiato a marzo; '.repeat(8).trim(),
};

function renderPlants() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(customerKeys.plants('c1'), [plant]);
  queryClient.setQueryData(customerKeys.machines('p1'), [machine]);
  queryClient.setQueryData(optionKeys.options, []);
  renderUi(<PlantsSection clienteId="c1" />, queryClient);
}

/** Makes `useMediaQuery` see a phone (under 576 px) for one test. */
function onPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('plants on the customer page', () => {
  it("show the plant's address as a link to the maps app, and its notes when opened", () => {
    renderPlants();
    const link = screen.getByRole('link', { name: 'Via Roma 1, 20100 Milano (MI)' });
    expect(link.getAttribute('href')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Via%20Roma%201%2C%2020100%20Milano%20(MI)',
    );
    fireEvent.click(screen.getByRole('button', { name: /Sede Milano/ }));
    const note = screen.getByText(/Accesso dal retro/);
    expect(note.textContent).toBe('Accesso dal retro\nchiedere del custode');
    expect(note.style.whiteSpace).toBe('pre-wrap');
  });

  it("show each machine's notes in the table, wrapped", () => {
    renderPlants();
    fireEvent.click(screen.getByRole('button', { name: /Sede Milano/ }));
    const row = screen.getByRole('row', { name: /Caldaia a condensazione/, hidden: true });
    const note = within(row).getByText(/Filtro cambiato a marzo/);
    expect(note.style.overflowWrap).toBe('anywhere');
  });

  it('on a phone, machines are cards with their serial number and notes', async () => {
    onPhone();
    renderPlants();
    fireEvent.click(screen.getByRole('button', { name: /Sede Milano/ }));
    const list = await screen.findByRole('list', { name: 'Macchinari', hidden: true });
    const card = within(list).getByRole('listitem', { hidden: true });
    expect(within(card).getByText('Caldaia a condensazione')).toBeTruthy();
    expect(within(card).getByText('SN000000001')).toBeTruthy();
    expect(within(card).getByText(/Filtro cambiato a marzo/)).toBeTruthy();
    expect(
      within(card).getByRole('button', { name: 'Foto e documenti: Caldaia a condensazione', hidden: true }),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
