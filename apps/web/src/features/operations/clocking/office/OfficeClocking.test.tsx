import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { adminPermissions, type ClockingDetail, type ClockingRecord } from '@fs/contract';
import { sessionKeys } from '../../../../app/session/api';
import { renderUi, testQueryClient } from '../../../../test/render';
import { rec } from '../record.fixture';
import { CorrectionModal } from './CorrectionModal';
import { OfficeClocking } from './OfficeClocking';

const MARIO = '11111111-1111-4111-8111-111111111111';
const rules = {
  tolleranzaMinuti: 10,
  arrotondamentoMinuti: 15,
  trasferte: { enabled: true, importoGiornaliero: '50.00', distanzaMinimaKm: 50 },
  geolocalizzazione: { enabled: false, validitaMinuti: 15 },
};

function stub(items: ClockingRecord[], post: { status: number; json: unknown }, detail?: ClockingDetail) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'POST') return new Response(JSON.stringify(post.json), { status: post.status });
      if (url.startsWith('/api/timbrature/timbratura?')) {
        return new Response(JSON.stringify({ success: true, item: detail }), { status: 200 });
      }
      if (!url.startsWith('/api/timbrature/timbrature?')) {
        return new Response(JSON.stringify({ success: false, message: 'not in this test' }), { status: 404 });
      }
      const json = {
        success: true,
        timezone: 'Europe/Rome',
        items,
        totali: [
          {
            utente: { id: MARIO, name: 'Mario', surname: 'Rossi', username: 'mario' },
            lavoroMinuti: 10_350,
            viaggioMinuti: 95,
            giorniTrasferta: 49,
            importoTrasferte: '2450',
            anomalie: 1,
          },
        ],
        mesi: [
          {
            utenteId: MARIO,
            mese: '2026-11',
            approvato: true,
            approvatoDa: { id: 'a', name: 'Anna', surname: 'Bianchi', username: 'anna' },
            approvatoIl: '2026-11-26T16:05:00Z',
          },
        ],
        regole: rules,
      };
      return new Response(JSON.stringify(json), { status: 200 });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

function renderOffice(path = '/clocking-in-out?vista=month&giorno=2026-11-26') {
  const router = createMemoryRouter([{ path: '/clocking-in-out', element: <OfficeClocking /> }], {
    initialEntries: [path],
  });
  // The office with every permission (the menu's write actions shown).
  const q = testQueryClient();
  q.setQueryData(sessionKeys.permissions, { lastUpdate: '', permissions: adminPermissions() });
  renderUi(<RouterProvider router={router} />, q);
  return router;
}

describe("the office's clocking", () => {
  it('shows totals as h:mm and Italian money, who approved the month and when, and flagged anomalies', async () => {
    const calls = stub([rec({ utenteId: MARIO, anomalie: ['SOVRAPPOSTA'] })], { status: 200, json: {} });
    renderOffice();
    const totals = await screen.findByTestId('clocking-totals');
    const row = within(totals).getByTestId('totals-row');
    expect(within(row).getByTestId('total-work').textContent).toBe('172:30');
    expect(within(row).getByTestId('total-travel').textContent).toBe('1:35');
    expect(within(row).getByTestId('total-allowance').textContent?.replace(/\s/g, ' ')).toBe('2.450,00 €');
    expect(within(row).getByTestId('approved-by').textContent).toBe('da Anna Bianchi il 26/11/2026 17:05');
    // Every technician's month: the overview, without the records, until a technician is chosen by name.
    expect(calls.filter((c) => c.url.startsWith('/api/timbrature/')).map((c) => c.url)).toEqual([
      '/api/timbrature/timbrature?from=2026-11-01&to=2026-11-30&tutti=1&forma=totali',
    ]);
    expect(screen.getByTestId('clocking-period').textContent).toBe('01/11/2026 – 30/11/2026');
    expect(screen.getByTestId('clocking-overview-hint')).toBeTruthy();
    expect(screen.queryByTestId('clocking-records')).toBeNull();
    fireEvent.click(within(row).getByTestId('totals-select'));
    const records = await screen.findByTestId('clocking-records');
    expect(calls.map((c) => c.url)).toContain(
      `/api/timbrature/timbrature?from=2026-11-01&to=2026-11-30&utenteId=${MARIO}`,
    );
    expect(within(records).getByText('26/11/2026')).toBeTruthy();
    expect(within(records).getByText('08:03–12:31')).toBeTruthy();
    expect(within(records).getByText('08:00–12:30')).toBeTruthy();
    expect(within(records).getByText('4:30')).toBeTruthy();
    expect(within(records).getByLabelText(/^Sovrapposta: L'intervallo si sovrappone/)).toBeTruthy();
  });

  it('asks for a technician before entering travel', async () => {
    const calls = stub([], { status: 200, json: {} });
    renderOffice();
    fireEvent.click(await screen.findByRole('button', { name: 'Inserisci viaggio o lavoro' }));
    expect(await screen.findByText('Seleziona prima il tecnico')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('unlocks an approved month only after a confirmation', async () => {
    const calls = stub([], { status: 200, json: { success: true, items: [], mese: null } });
    renderOffice();
    fireEvent.click(await screen.findByRole('button', { name: 'Sblocca il mese di Mario Rossi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sbloccare novembre 2026 di Mario Rossi?' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sblocca' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        utenteId: MARIO,
        approvazione: { mese: '2026-11', azione: 'SBLOCCA' },
      }),
    );
  });
});

describe('the correction dialog', () => {
  const record = rec({ utenteId: MARIO });
  const detail: ClockingDetail = {
    ...record,
    versione: 1,
    correzioni: [
      {
        versione: 1,
        timbraturaStart: '2026-11-26T07:00:00Z',
        timbraturaEnd: '2026-11-26T11:30:00Z',
        motivo: 'Badge dimenticato',
        correttoDa: { id: 'a', name: 'Anna', surname: 'Bianchi', username: 'anna' },
        correttoIl: '2026-11-26T15:00:00Z',
      },
    ],
  };

  it('needs a reason, then sends the new times in the company zone and shows the history', async () => {
    const calls = stub([], { status: 200, json: { success: true, items: [record], mese: null } }, detail);
    const onClose = vi.fn();
    renderUi(<CorrectionModal record={record} timeZone="Europe/Rome" technician="Mario Rossi" onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Correggi la timbratura di Mario Rossi' });
    const history = await within(dialog).findByRole('table', { name: 'Storico' });
    expect(within(history).getByText('Badge dimenticato')).toBeTruthy();
    expect(within(history).getByText('Anna Bianchi · 26/11/2026 16:00')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva la correzione' }));
    expect(await within(dialog).findByText('Scrivi il motivo della correzione')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Motivo/ }), {
      target: { value: 'Uscita non timbrata' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva la correzione' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      utenteId: MARIO,
      operazioni: [
        {
          op: 'CORREGGI',
          id: record.id,
          start: '2026-11-26T07:03:00.000Z',
          end: '2026-11-26T11:31:00.000Z',
          motivo: 'Uscita non timbrata',
        },
      ],
    });
  });

  it("keeps the dialog open with the server's refusal (an approved month)", async () => {
    stub([], { status: 409, json: { success: false, code: 'CLOCKING_MONTH_APPROVED', message: 'approved' } }, detail);
    renderUi(<CorrectionModal record={record} timeZone="Europe/Rome" technician="Mario Rossi" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Motivo/ }), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva la correzione' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Il mese è approvato: sbloccalo prima di modificare le sue timbrature.',
    );
  });
});
