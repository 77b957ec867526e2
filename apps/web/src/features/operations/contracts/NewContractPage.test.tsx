import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderUi } from '../../../test/render';
import { HoursBar } from './HoursBar';
import { NewContractPage } from './NewContractPage';

beforeEach(() =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ success: true, items: [] }), { status: 200 })),
  ),
);
afterEach(() => vi.unstubAllGlobals());

describe('the contract wizard', () => {
  it('opens on Informazioni, explains both types, and will not go on with the step incomplete', async () => {
    const router = createMemoryRouter([{ path: '/contracts/new', element: <NewContractPage /> }], {
      initialEntries: ['/contracts/new'],
    });
    renderUi(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Nuovo contratto' })).toBeTruthy();
    expect(screen.getByText(/monte ore acquistato dal cliente/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Avanti/ }));
    expect((await screen.findAllByText('Campo obbligatorio')).length).toBeGreaterThanOrEqual(2);
    // Still on the first step: its identifier field is there, the dates of the second are not.
    expect(screen.getByRole('textbox', { name: /Identificativo/ })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Data inizio/ })).toBeNull();
  });
});

describe('the hours bar', () => {
  it('fills with the hours used and names them for screen readers', () => {
    renderUi(<HoursBar oreContratto="40" oreResidue="8.5" />);
    expect(screen.getByText('31,5 / 40 h usate')).toBeTruthy();
    // One progress bar, named (axe: aria-progressbar-name), filled to the share used.
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-label')).toBe('Ore usate: 31,5 di 40');
    expect(bar.getAttribute('aria-valuenow')).toBe('78.75');
  });

  it('says "Ore esaurite" at 0 left, the bar full', () => {
    renderUi(<HoursBar oreContratto="40" oreResidue="0" />);
    expect(screen.getByText('Ore esaurite')).toBeTruthy();
    expect(screen.getByText('40 / 40 h usate')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Ore usate: 40 di 40' }).getAttribute('aria-valuenow')).toBe('100');
  });

  it('warns at 10 hours left and shows nothing for a maintenance contract', () => {
    const { container } = renderUi(
      <>
        <HoursBar oreContratto="40" oreResidue="9.5" />
        <HoursBar oreContratto={null} oreResidue={null} />
      </>,
    );
    expect(screen.getByText('Poche ore residue')).toBeTruthy();
    expect(container.querySelectorAll('[data-hours-level]')).toHaveLength(1);
  });
});
