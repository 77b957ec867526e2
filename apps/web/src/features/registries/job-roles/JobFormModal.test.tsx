import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderUi } from '../../../test/render';
import { JobFormModal } from './JobModals';

/**
 * How a form shows what went wrong, on a real form of the app: its own checks under the
 * fields with a warning, the server's field errors under the fields they name, an alert
 * code on the field it concerns, anything else (a lost connection) as a toast.
 */
let requests: unknown[];
let answer: () => Promise<Response>;

beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      requests.push(JSON.parse(String(init.body)));
      return answer();
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status });

function fill(nome: string, descrizione = '') {
  fireEvent.change(screen.getByRole('textbox', { name: /Nome/ }), { target: { value: nome } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Descrizione' }), { target: { value: descrizione } });
  fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
}

describe('form errors (job role form)', () => {
  it('a missing required field is marked under the field with a warning, and nothing is sent', async () => {
    renderUi(<JobFormModal job={null} onClose={() => {}} />);
    fill('   ');
    expect(await screen.findByText('Campo obbligatorio')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Nome/ }).getAttribute('aria-invalid')).toBe('true');
    expect(await screen.findByText('Attenzione, compilare correttamente i campi obbligatori')).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it("the server's field errors go under the fields they name", async () => {
    answer = json(400, {
      code: 'VALIDATION',
      message: 'Dati non validi',
      fields: [{ path: 'descrizione', message: 'Al massimo 500 caratteri' }],
    });
    renderUi(<JobFormModal job={null} onClose={() => {}} />);
    fill('Frigorista', 'x');
    expect(await screen.findByText('Al massimo 500 caratteri')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Descrizione' }).getAttribute('aria-invalid')).toBe('true');
    expect(requests).toEqual([{ nome: 'Frigorista', descrizione: 'x' }]);
  });

  it('a name already used (409) is said on the name field', async () => {
    answer = json(409, { code: 'CONFLICT', message: 'duplicate' });
    renderUi(<JobFormModal job={null} onClose={() => {}} />);
    fill('Elettricista');
    expect(await screen.findByText('Esiste già una mansione con questo nome')).toBeTruthy();
  });

  it('a lost connection is a toast, the form stays filled; a save closes it with a confirmation', async () => {
    answer = async () => {
      throw new TypeError('Failed to fetch');
    };
    const onClose = vi.fn();
    renderUi(<JobFormModal job={null} onClose={onClose} />);
    fill('Idraulico');
    expect(await screen.findByText('Server non raggiungibile: controlla la connessione.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Nome/ }) as HTMLInputElement).value).toBe('Idraulico');
    expect(onClose).not.toHaveBeenCalled();
    answer = json(200, { success: true, item: { id: 'j1', nome: 'Idraulico', descrizione: null } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Mansione creata')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });
});
