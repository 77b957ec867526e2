import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CustomFieldConfig } from '@fs/contract';
import { renderUi } from '../../../test/render';
import { CampoModal } from './CampoModal';

let sent: Record<string, unknown>[] = [];
beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') sent.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return new Response(JSON.stringify({ success: true, item: {}, items: [] }), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function pick(dialog: HTMLElement, label: string, option: string) {
  fireEvent.click(within(dialog).getByRole('combobox', { name: label }));
  fireEvent.click(screen.getByRole('option', { name: option }));
}

describe('a custom field in the configuration', () => {
  it("takes a yes/no field's required value from a yes/no choice, with a real example in its hint", async () => {
    renderUi(<CampoModal campo={null} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Nome/ }), {
      target: { value: 'Impianto lasciato in sicurezza' },
    });
    pick(dialog, 'Tipo', 'Sì/No');
    expect(within(dialog).getByText('Per chiudere, il campo deve avere questo valore (es. Sì)')).toBeTruthy();
    expect(within(dialog).queryByText(/es\. true/)).toBeNull();
    pick(dialog, 'Valore richiesto', 'Sì');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ tipo: 'vero_falso', valore: '', valore_richiesto: 'true' });
  }, 20_000);

  it("takes a date field's values from a date picker (typed or picked), sent as the day it is", async () => {
    renderUi(<CampoModal campo={null} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Nome/ }), { target: { value: 'Collaudo' } });
    pick(dialog, 'Tipo', 'Data');
    const date = within(dialog).getByRole('textbox', { name: 'Valore predefinito' });
    expect(date.getAttribute('placeholder')).toBe('gg/mm/aaaa');
    fireEvent.change(date, { target: { value: '23/11/2026' } });
    fireEvent.blur(date);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ tipo: 'data', valore: '2026-11-23' });
  }, 20_000);

  it('shows a saved number the Italian way', async () => {
    const campo = {
      id: '7d1c2a4e-1111-4222-8333-944455556666',
      nome: 'Pressione',
      tipo: 'numero',
      valore: '1.25',
      valore_richiesto: null,
      obbligatorio: true,
      abilitazione: true,
      posizione: 'chiusura',
      ordine: 1,
      visibilita: { app: true, web: true, stampa: true },
      articolo_id: null,
      articolo_codice: null,
      scelte: [],
      tipo_campo: 'number',
    } as unknown as CustomFieldConfig;
    renderUi(<CampoModal campo={campo} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('textbox', { name: 'Valore predefinito' }) as HTMLInputElement).value).toBe(
      '1,25',
    );
  }, 20_000);
});
