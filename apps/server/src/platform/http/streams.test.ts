import Fastify from 'fastify';
import { stringify } from 'csv-stringify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { registerErrorHandling } from './error-handler.js';
import { primed, streamOf } from './streams.js';
import { sendTableExport } from './table-export.js';

const logged: string[] = [];
const app = Fastify({ logger: { level: 'error', stream: { write: (l: string) => void logged.push(l) } } });
registerErrorHandling(app);

async function* rows(failAt: number) {
  for (let i = 0; ; i++) {
    if (i === failAt) throw new AppError('VALIDATION', 'la base dati rifiuta la data');
    yield [`riga ${i}`, i];
    if (i > 5000) return;
  }
}
app.get('/csv-fails-at-once', (_req, reply) =>
  sendTableExport(reply, { format: 'csv', name: 'x', headers: ['a', 'b'], rows: rows(0) }),
);
app.get('/csv-fails-later', (_req, reply) =>
  sendTableExport(reply, { format: 'csv', name: 'x', headers: ['a', 'b'], rows: rows(3000) }),
);
app.get('/xlsx-fails-later', (_req, reply) =>
  sendTableExport(reply, { format: 'xlsx', name: 'x', headers: ['a', 'b'], rows: rows(3000) }),
);
app.get('/chain-fails-later', async (req, reply) => {
  const source = await primed(rows(2000));
  return reply.send(streamOf(req.log, 'chain', source, stringify()));
});

let base = '';
beforeAll(async () => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(() => app.close());

describe('streamed answers', () => {
  it('answer the error status when the source fails before the first byte', async () => {
    const res = await fetch(`${base}/csv-fails-at-once`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, code: 'VALIDATION' });
  });

  it('end the download, log the error once and keep serving when the source fails half-way', async () => {
    for (const path of ['/csv-fails-later', '/xlsx-fails-later', '/chain-fails-later']) {
      logged.length = 0;
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(200);
      // The body breaks off: the client sees a failed transfer, never a complete-looking file.
      await expect(res.arrayBuffer(), path).rejects.toThrow();
      await new Promise((r) => setTimeout(r, 50));
      expect(logged.filter((l) => l.includes('stream broken off')).length, path).toBe(1);
    }
    expect((await fetch(`${base}/csv-fails-at-once`)).status).toBe(400);
  });
});
