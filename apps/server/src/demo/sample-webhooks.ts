import { and, eq } from 'drizzle-orm';
import { WEBHOOK_RETRY_DELAYS_MS } from '@fs/contract';
import type { Deps } from '../platform/deps.js';
import { utenti } from '../platform/db/schema.js';
import { webhookAttempts, webhookMessages, webhooks } from '../platform/db/schema-webhooks.js';
import { EVENTS, type EventName } from '../platform/events/catalog.js';
import { seal } from '../features/company/options/secret-box.js';
import { newMessageId, newSecret, secretHint } from '../features/company/webhooks/signing.js';
import { messageBody } from '../features/company/webhooks/subscriber.js';

/**
 * The demo company's webhook (issue 28 part 2, decision 0049), so the webhooks tab shows a delivery log in use: the
 * ERP's endpoint, created three weeks ago, with a dozen messages delivered and failed and their attempts. It is
 * disabled (by the administrator, after the ERP moved) and its address is under `.example`: a demo never sends
 * anything over the network. A company that has webhooks is left as it is.
 */
export async function seedSampleWebhooks(deps: Deps, aziendaId: string): Promise<{ messages: number }> {
  const db = deps.db;
  const [any] = await db.select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.aziendaId, aziendaId)).limit(1);
  if (any) return { messages: 0 };
  const [admin] = await db
    .select({ id: utenti.id })
    .from(utenti)
    .where(and(eq(utenti.aziendaId, aziendaId), eq(utenti.role, 'admin')))
    .orderBy(utenti.ordine)
    .limit(1);
  const now = deps.clock.now().getTime();
  const ago = (days: number, minutes = 0) => new Date(now - days * 86_400_000 - minutes * 60_000);
  const secret = newSecret();
  const eventi: EventName[] = [
    'report.completed',
    'report.sent',
    'customer.created',
    'customer.updated',
    'contract.renewed',
  ];
  const [endpoint] = await db
    .insert(webhooks)
    .values({
      aziendaId,
      url: 'https://erp.rossi-impianti.example/webhooks',
      descrizione: 'ERP aziendale: rapportini completati, clienti e rinnovi',
      eventi,
      segreto: await seal(db, secret),
      indizio: secretHint(secret),
      attivo: false,
      motivoDisabilitazione: 'MANUALE',
      disabilitatoIl: ago(2),
      creatoDa: admin?.id ?? null,
      createdAt: ago(21),
    })
    .returning({ id: webhooks.id });
  // Days ago, event, and the answers of its attempts (status, latency ms, answer; null status: no answer).
  type A = [number | null, number, string];
  const ok: A = [200, 120, '{"ricevuto":true}'];
  const history: [number, EventName, A[]][] = [
    [20, 'customer.created', [ok]],
    [18, 'report.completed', [[200, 340, '{"ricevuto":true,"documento":"FT-2026-0311"}']]],
    [17, 'report.sent', [ok]],
    [15, 'report.completed', [[503, 15, 'Service Unavailable'], ok]],
    [13, 'customer.updated', [ok]],
    [12, 'contract.renewed', [[200, 210, '{"ricevuto":true}']]],
    [10, 'report.completed', [[null, 15_000, 'Nessuna risposta entro 15 s'], [500, 95, 'Internal Server Error'], ok]],
    [8, 'report.sent', [ok]],
    // A signature the ERP refused for a day and a half (8 attempts: failed), then the ERP's address moved.
    [9, 'customer.created', Array.from({ length: 8 }, (): A => [401, 40, '{"errore":"firma non valida"}'])],
    [5, 'report.completed', [ok]],
    [4, 'report.completed', Array.from({ length: 8 }, (): A => [404, 22, 'Not Found'])],
    // Still waiting when the administrator disabled the endpoint: it waits for the endpoint to be enabled again.
    [2, 'contract.renewed', [[404, 24, 'Not Found']]],
  ];
  for (const [days, type, answers] of history) {
    const id = newMessageId();
    const created = ago(days, 30);
    const last = answers.at(-1)!;
    const delivered = last[0] !== null && last[0] >= 200 && last[0] < 300;
    const failed = !delivered && answers.length >= WEBHOOK_RETRY_DELAYS_MS.length;
    // Each attempt when the schedule made it (jitter left out).
    const at = (i: number) =>
      new Date(created.getTime() + 500 + WEBHOOK_RETRY_DELAYS_MS.slice(0, i + 1).reduce((a, b) => a + b, 0));
    await db.insert(webhookMessages).values({
      id,
      aziendaId,
      webhookId: endpoint!.id,
      tipo: type,
      body: messageBody(type, created, EVENTS[type].example),
      stato: delivered ? 'CONSEGNATO' : failed ? 'FALLITO' : 'IN_ATTESA',
      tentativi: answers.length,
      tentativiSerie: answers.length,
      prossimoTentativo: delivered || failed ? null : at(answers.length),
      ultimoStatus: last[0],
      createdAt: created,
    });
    await db.insert(webhookAttempts).values(
      answers.map(([status, latenzaMs, risposta], i) => ({
        aziendaId,
        messaggioId: id,
        at: at(i),
        status,
        latenzaMs,
        risposta,
        esito: status !== null && status >= 200 && status < 300 ? ('OK' as const) : ('ERRORE' as const),
      })),
    );
  }
  return { messages: history.length };
}
