import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WebhookMessage } from '@fs/contract';
import { renderUi } from '../../../../test/render';
import { DeliveryLog } from './DeliveryLog';
import { stubFetch, webhook, WH_ID } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const BASE = `/api/webhooks/webhook/${WH_ID}/messages`;
const msg = (n: number, over: Partial<WebhookMessage> = {}): WebhookMessage => ({
  id: `msg_${String(n).padStart(12, '0')}`,
  evento: 'report.completed',
  stato: 'CONSEGNATO',
  creatoIl: `2026-12-07T1${n % 10}:00:00.000Z`,
  tentativi: 1,
  prossimoTentativo: null,
  ultimoStatus: 200,
  ...over,
});

describe('the delivery log', () => {
  it('lists the messages newest first, filters by state and loads more with the cursor', async () => {
    const calls = stubFetch({
      [`GET ${BASE}?limit=25`]: { success: true, items: [msg(2), msg(1)], prossima: 'msg_000000000001' },
      [`GET ${BASE}?limit=25&prima=msg_000000000001`]: { success: true, items: [msg(0)], prossima: null },
      [`GET ${BASE}?limit=25&stato=FALLITO`]: {
        success: true,
        items: [msg(5, { stato: 'FALLITO', tentativi: 8, ultimoStatus: 500 })],
        prossima: null,
      },
    });
    renderUi(<DeliveryLog webhook={webhook} onClose={() => {}} />);
    const table = await screen.findByRole('table', { name: 'Registro consegne' });
    let rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('07/12/2026 13:00'),
      expect.stringContaining('07/12/2026 12:00'),
    ]);
    expect(rows[0]!.textContent).toContain('Consegnato');
    fireEvent.click(screen.getByRole('button', { name: 'Carica altri' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(screen.queryByRole('button', { name: 'Carica altri' })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Fallito' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('stato=FALLITO'))).toBe(true));
    const failed = await screen.findByRole('table', { name: 'Registro consegne' });
    await waitFor(() => expect(within(failed).getAllByRole('row')).toHaveLength(2));
    rows = within(failed).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('Fallito');
    expect(rows[0]!.textContent).toContain('500');
  });

  it('reads the log again while a message is pending', async () => {
    let n = 0;
    stubFetch({
      [`GET ${BASE}?limit=25`]: () => {
        n += 1;
        const m = n === 1 ? msg(1, { stato: 'IN_ATTESA', tentativi: 0, ultimoStatus: null }) : msg(1);
        return new Response(JSON.stringify({ success: true, items: [m], prossima: null }), { status: 200 });
      },
    });
    renderUi(<DeliveryLog webhook={webhook} onClose={() => {}} />);
    const table = await screen.findByRole('table', { name: 'Registro consegne' });
    const row = () => within(table).getAllByRole('row')[1]!.textContent;
    expect(row()).toContain('In attesa');
    expect(n).toBe(1);
    await waitFor(() => expect(row()).toContain('Consegnato'), { timeout: 6_000 });
    await new Promise((r) => setTimeout(r, 3_500));
    // Nothing pending any more: no further reads.
    expect(n).toBe(2);
  }, 15_000);

  it('opens a message: its body, every attempt, and resends it', async () => {
    const detail = {
      ...msg(1, { tentativi: 2 }),
      payload: { type: 'report.completed', data: { numero_assistenza: '2026/0042' } },
      tentativiDettaglio: [
        {
          id: 'a1',
          at: '2026-12-07T11:00:00.000Z',
          status: 503,
          latenzaMs: 1520,
          risposta: 'Service Unavailable',
          esito: 'ERRORE',
        },
        { id: 'a2', at: '2026-12-07T11:00:05.000Z', status: 200, latenzaMs: 42, risposta: 'ok', esito: 'OK' },
      ],
    };
    const calls = stubFetch({
      [`GET ${BASE}?limit=25`]: { success: true, items: [msg(1)], prossima: null },
      [`GET ${BASE}/msg_000000000001`]: { success: true, item: detail },
      [`POST ${BASE}/msg_000000000001/replay`]: { success: true, item: { ...detail, stato: 'IN_ATTESA' } },
    });
    renderUi(<DeliveryLog webhook={webhook} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: /report\.completed 07\/12\/2026 12:00: dettagli/ }));
    const attempts = await screen.findByRole('table', { name: 'Tentativi' });
    const rows = within(attempts).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('503');
    expect(rows[0]!.textContent).toContain('1.520 ms');
    expect(rows[0]!.textContent).toContain('Service Unavailable');
    expect(rows[1]!.textContent).toContain('42 ms');
    expect(screen.getByText(/"numero_assistenza": "2026\/0042"/)).toBeTruthy();
    expect(screen.getByText('msg_000000000001')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reinvia' }));
    expect(await screen.findByText('Messaggio rimesso in coda con lo stesso webhook-id')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`${BASE}/msg_000000000001/replay`]);
    fireEvent.click(screen.getByRole('button', { name: 'Torna al registro' }));
    expect(await screen.findByRole('table', { name: 'Registro consegne' })).toBeTruthy();
  });

  it('resends the failed messages since a day and time, and says how many', async () => {
    const calls = stubFetch({
      [`GET ${BASE}?limit=25`]: { success: true, items: [], prossima: null },
      [`POST /api/webhooks/webhook/${WH_ID}/replay-failed`]: { success: true, rimessi: 1234 },
    });
    renderUi(<DeliveryLog webhook={webhook} onClose={() => {}} />);
    expect(await screen.findByText('Ancora nessun messaggio per questo webhook.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reinvia i falliti dal…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reinviare i messaggi falliti?' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Dal giorno' }), { target: { value: '05/12/2026' } });
    fireEvent.blur(within(dialog).getByRole('textbox', { name: 'Dal giorno' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reinvia' }));
    expect(await within(dialog).findByText('1.234 messaggi rimessi in coda.')).toBeTruthy();
    const body = calls.find((c) => c.method === 'POST')!.body as { dal: string };
    const dal = new Date(body.dal);
    expect([dal.getFullYear(), dal.getMonth() + 1, dal.getDate()]).toEqual([2026, 12, 5]);
  });
});
