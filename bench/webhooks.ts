/**
 * Benchmark of webhook deliveries (issue 28, decision 0049): N events (default 10,000) written to the outbox at once,
 * fanned out to one endpoint and delivered to a receiver on loopback by this one process (API and worker, ROLE=all),
 * signed, one request in flight at a time in creation order. Timed: the fan-out and the delivery of the last message.
 * Meanwhile a list page (the customers, 25 a page) is called one request at a time: its p50 / p95 idle and during the
 * burst, side by side. Then the same list called with an API key and with a session, side by side.
 *
 *   npx tsx bench/webhooks.ts                                      # embedded PGlite
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/webhooks.ts    # PostgreSQL
 *   BENCH_SMOKE=1 npx tsx bench/webhooks.ts                        # 50 events, a few runs (CI)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { benchServer } from './server.js';
import { randomPartitaIva, RUNS as FULL_RUNS } from './harness.js';
import { provisionCompany } from '../apps/server/src/features/company/company/provision.js';
import { EVENTS } from '../apps/server/src/platform/events/catalog.js';
import { wakeDispatcher } from '../apps/server/src/platform/events/outbox.js';

const SMOKE = process.env.BENCH_SMOKE === '1';
const EVENTS_N = SMOKE ? 50 : Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);
const RUNS = SMOKE ? 3 : FULL_RUNS;
const PASSWORD = 'password123';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fs-bench-webhooks-'));
// The receiver is on loopback: the benchmark allows it, as the tests do.
const built = await benchServer(dataDir, { env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
const { database } = built.deps;

let received = 0;
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.headers['webhook-signature']) received++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const piva = randomPartitaIva();
const { company } = await provisionCompany(built.deps.db, {
  ragioneSociale: 'Bench Webhooks S.r.l.',
  partitaIva: piva,
  users: [{ username: 'admin', password: PASSWORD, role: 'admin' }],
});
const aziendaId = company.id;
// 200 customers, so the list page has something to read.
await database.executeSql(
  `insert into clienti (azienda_id, ragione_sociale)
   select $1, 'Cliente ' || lpad(g::text, 4, '0') from generate_series(1, 200) g`,
  [aziendaId],
);

await built.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
const device = 'benchwebhooks001';
const login = (await (
  await fetch(`${base}/api/login/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', source: 'WEB', 'device-id': device },
    body: JSON.stringify({ piva, username: 'admin', password: PASSWORD }),
  })
).json()) as { item: { token: string } };
const session = { authorization: `Bearer ${login.item.token}`, 'device-id': device, source: 'WEB' };
const post = async (url: string, body: unknown) => {
  const r = await fetch(base + url, {
    method: 'POST',
    headers: { ...session, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const j = (await r.json()) as any;
  if (!r.ok) throw new Error(`${url}: ${r.status} ${JSON.stringify(j)}`);
  return j;
};
await post('/api/webhooks/webhook', { url: hookUrl, eventi: ['customer.created'] });

const LIST = '/api/clienti/clienti-filtered?page=1&size=25';
async function p50(headers: Record<string, string>, runs: number, until?: () => boolean) {
  const times: number[] = [];
  for (let i = 0; i < runs + 3 && !(until?.() && times.length >= 3); i++) {
    const s = performance.now();
    const r = await fetch(base + LIST, { headers });
    await r.arrayBuffer();
    if (!r.ok) throw new Error(`${LIST}: ${r.status}`);
    if (i >= 3) times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  const q = (x: number) => times[Math.min(times.length - 1, Math.floor(x * times.length))]!.toFixed(1);
  return { p50: q(0.5), p95: q(0.95), n: times.length };
}

const idle = await p50(session, RUNS);

// The burst: N events in the outbox at once (one statement, as N commits would leave them), then the dispatcher woken.
const example = EVENTS['customer.created'].example;
const t0 = performance.now();
await database.executeSql(
  `insert into outbox_events (azienda_id, tipo, aggregate_id, payload, version)
   select $1, 'customer.created', gen_random_uuid(), $2::jsonb || jsonb_build_object('ragione_sociale', 'Cliente ' || g), 1
   from generate_series(1, $3::int) g`,
  [aziendaId, JSON.stringify(example), EVENTS_N],
);
await wakeDispatcher(built.deps);
let fannedOutAt = 0;
let deliveredAt = 0;
const count = async (sql: string) => ((await database.executeSql(sql, [aziendaId])).rows[0] as { n: number }).n;
const watcher = (async () => {
  for (;;) {
    if (
      !fannedOutAt &&
      (await count('select count(*)::int as n from webhook_messages where azienda_id = $1')) >= EVENTS_N
    )
      fannedOutAt = performance.now();
    if (received >= EVENTS_N) {
      deliveredAt = performance.now();
      return;
    }
    if (performance.now() - t0 > 600_000) throw new Error(`only ${received} of ${EVENTS_N} delivered in 10 minutes`);
    await new Promise((r) => setTimeout(r, 50));
  }
})();
// The list page, one request at a time, while the burst is delivered.
const during = await p50(session, 100_000, () => deliveredAt > 0);
await watcher;
const delivered = await count(
  `select count(*)::int as n from webhook_messages where azienda_id = $1 and stato = 'CONSEGNATO'`,
);

// The same list page with an API key and with the session, side by side.
const key = await post('/api/api-key/generate', {
  nome: 'Bench',
  scopes: [{ key: 'anagrafica_clienti', action: 'read' }],
  limiteMinuto: 10_000,
});
const withKey = await p50({ authorization: `Bearer ${key.key}`, source: 'API' }, RUNS);
const withSession = await p50(session, RUNS);

const s = (ms: number) => (ms / 1000).toFixed(1);
console.log(`\nWebhooks on ${database.kind}: ${EVENTS_N.toLocaleString('en')} events to one endpoint on loopback\n`);
console.log('| phase | seconds from the events written |\n|---|---|');
console.log(`| all messages made (fan-out) | ${s(fannedOutAt - t0)} |`);
console.log(
  `| all delivered (${delivered.toLocaleString('en')} recorded, ${received.toLocaleString('en')} received) | ${s(deliveredAt - t0)} |`,
);
console.log(`\n| ${LIST} | p50 ms | p95 ms | requests |\n|---|---|---|---|`);
console.log(`| idle | ${idle.p50} | ${idle.p95} | ${idle.n} |`);
console.log(`| during the burst | ${during.p50} | ${during.p95} | ${during.n} |`);
console.log(`| with an API key | ${withKey.p50} | ${withKey.p95} | ${withKey.n} |`);
console.log(`| with a session | ${withSession.p50} | ${withSession.p95} | ${withSession.n} |`);

receiver.closeAllConnections();
receiver.close();
await built.close();
rmSync(dataDir, { recursive: true, force: true });
if (delivered !== EVENTS_N || received < EVENTS_N) {
  console.error(`expected ${EVENTS_N} delivered, got ${delivered} recorded and ${received} received`);
  process.exit(1);
}
process.exit(0);
