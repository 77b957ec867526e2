import type { WebhookItem } from '@fs/contract';
import { vi } from 'vitest';

export const WH_ID = '0b6e2c1a-3f4d-4c2b-9a1e-5d6f7a8b9c0d';

export const webhook: WebhookItem = {
  id: WH_ID,
  url: 'https://erp.example.test/hooks/fs',
  descrizione: 'Gestionale ERP',
  eventi: ['report.completed', 'report.closed'],
  stato: 'ATTIVO',
  motivoDisabilitazione: null,
  disabilitatoIl: null,
  creatoDa: null,
  creatoIl: '2026-12-01T09:00:00.000Z',
  indizioSegreto: 'whsec_abcd…',
  segretoPrecedenteFino: null,
  falliscaDal: null,
  conteggi: { inAttesa: 1, consegnati: 1234, falliti: 2 },
};

export const dictionary = [
  {
    evento: 'report.completed',
    versione: 1,
    descrizione: 'Rapportino completato (definitivo)',
    description: 'Work report completed (final)',
    esempio: {
      type: 'report.completed',
      timestamp: '2026-11-24T09:00:00.000Z',
      data: { numero_assistenza: '2026/0042' },
    },
  },
  {
    evento: 'report.closed',
    versione: 1,
    descrizione: 'Rapportino chiuso',
    description: 'Work report closed',
    esempio: { type: 'report.closed', timestamp: '2026-11-24T09:00:00.000Z', data: {} },
  },
  {
    evento: 'customer.created',
    versione: 1,
    descrizione: 'Cliente creato',
    description: 'Customer created',
    esempio: { type: 'customer.created', timestamp: '2026-11-24T09:00:00.000Z', data: {} },
  },
];

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A fetch that answers by "METHOD url" from `answers` (a function may look at the body), recording every call. */
export function stubFetch(answers: Record<string, unknown | ((body: unknown) => Response)>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      const answer = answers[`${method} ${url}`];
      if (typeof answer === 'function') return (answer as (b: unknown) => Response)(body);
      if (answer !== undefined) return json(200, answer);
      return json(404, { success: false, code: 'NOT_FOUND', message: `non trovato: ${method} ${url}` });
    }),
  );
  return calls;
}
