import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MexalConnection } from '@fs/contract';
import { renderUi } from '../../../../test/render';
import { json, stubFetch } from '../webhooks/test-fixtures';
import { MexalPanel } from './MexalPanel';

afterEach(() => vi.unstubAllGlobals());

const CHECK = 'GET /api/mexal/check';
const none: MexalConnection = {
  stato: 'NON_CONNESSO',
  indirizzo: null,
  utente: null,
  azienda: null,
  anno: null,
  connessoIl: null,
  rifiutatoIl: null,
  messaggio: null,
};
const connected: MexalConnection = {
  ...none,
  stato: 'CONNESSO',
  indirizzo: 'https://mexal.example.it:9004',
  utente: 'WEBAPI',
  azienda: 'DEM',
  anno: 2026,
  connessoIl: '2026-12-01T09:00:00.000Z',
};
const refused: MexalConnection = {
  ...connected,
  stato: 'RIFIUTATO',
  connessoIl: null,
  rifiutatoIl: '2026-12-02T10:30:00.000Z',
  messaggio: 'Mexal ha rifiutato utente e password (2002 - utente o password errati).',
};

const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('the Mexal panel', () => {
  it('checks the form before sending it, then signs in and shows the company and year', async () => {
    let state = none;
    const calls = stubFetch({
      [CHECK]: () => json(200, { success: true, item: state }),
      'POST /api/mexal/login': () => {
        state = connected;
        return json(200, { success: true, item: connected });
      },
    });
    renderUi(<MexalPanel />);
    expect(await screen.findByText(/Accedi con l'utente della WebAPI di Mexal/)).toBeTruthy();
    fireEvent.change(field(/Indirizzo WebAPI/), { target: { value: 'ftp://mexal' } });
    fireEvent.change(field(/Utente WebAPI/), { target: { value: 'a:b' } });
    fireEvent.change(field(/Codice azienda/), { target: { value: 'D E M' } });
    fireEvent.change(field(/Anno/), { target: { value: '26' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accedi a Mexal' }));
    expect(await screen.findByText(/Indirizzo non valido/)).toBeTruthy();
    expect(screen.getByText("L'utente non può contenere i due punti")).toBeTruthy();
    expect(screen.getByText('La password è obbligatoria')).toBeTruthy();
    expect(screen.getByText(/Solo lettere, cifre/)).toBeTruthy();
    expect(screen.getByText('Anno non valido (quattro cifre)')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(field(/Indirizzo WebAPI/), { target: { value: 'https://mexal.example.it:9004' } });
    fireEvent.change(field(/Utente WebAPI/), { target: { value: 'WEBAPI' } });
    fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), { target: { value: 'Segreta!1' } });
    fireEvent.change(field(/Codice azienda/), { target: { value: 'DEM' } });
    fireEvent.change(field(/Anno/), { target: { value: '2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accedi a Mexal' }));
    expect(await screen.findByText('Collegato a Mexal')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      indirizzo: 'https://mexal.example.it:9004',
      utente: 'WEBAPI',
      password: 'Segreta!1',
      azienda: 'DEM',
      anno: 2026,
    });
    const details = screen.getByRole('table', { name: 'Collegamento a Mexal' });
    expect(details.textContent).toContain('DEM');
    expect(details.textContent).toContain('2026');
    expect(details.textContent).toContain('01/12/2026');
  });

  it('signs out only after confirming', async () => {
    const calls = stubFetch({
      [CHECK]: { success: true, item: connected },
      'POST /api/mexal/logout': { success: true, item: none },
    });
    renderUi(<MexalPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnetti Mexal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnettere Mexal?' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnetti Mexal' }));
    expect(await screen.findByRole('button', { name: 'Accedi a Mexal' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/mexal/logout']);
  });

  it('explains a refused password: stopped and never retried until a new login, the form filled but the password', async () => {
    stubFetch({ [CHECK]: { success: true, item: refused } });
    renderUi(<MexalPanel />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Password rifiutata da Mexal');
    expect(alert.textContent).toContain('02/12/2026');
    expect(alert.textContent).toContain('non verrà ritentato');
    expect(alert.textContent).toContain('2002 - utente o password errati');
    expect(field(/Indirizzo WebAPI/).value).toBe('https://mexal.example.it:9004');
    expect(field(/Codice azienda/).value).toBe('DEM');
    expect((screen.getByLabelText(/^Password/, { selector: 'input' }) as HTMLInputElement).value).toBe('');
  });

  it('shows the refusal when the login itself is refused', async () => {
    let state = none;
    stubFetch({
      [CHECK]: () => json(200, { success: true, item: state }),
      'POST /api/mexal/login': () => {
        state = refused;
        return json(422, { success: false, code: 'MEXAL_LOGIN_REFUSED', message: refused.messaggio });
      },
    });
    renderUi(<MexalPanel />);
    fireEvent.change(await screen.findByRole('textbox', { name: /Indirizzo WebAPI/ }), {
      target: { value: 'https://mexal.example.it:9004' },
    });
    fireEvent.change(field(/Utente WebAPI/), { target: { value: 'WEBAPI' } });
    fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), { target: { value: 'Sbagliata' } });
    fireEvent.change(field(/Codice azienda/), { target: { value: 'DEM' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accedi a Mexal' }));
    await waitFor(() => expect(screen.getByText('Password rifiutata da Mexal')).toBeTruthy());
  });
});
