import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A webhook receiver on loopback for the tests: keeps every request, answers what the test queues (200 otherwise). */
export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  delayMs?: number;
}

export async function startReceiver() {
  const received: Received[] = [];
  const answers: Answer[] = [];
  let fallback: Answer = { status: 200, body: 'ok' };
  let inFlight = 0;
  let maxInFlight = 0;
  const pathInFlight = new Map<string, number>();
  const pathMax = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      pathInFlight.set(path, (pathInFlight.get(path) ?? 0) + 1);
      pathMax.set(path, Math.max(pathMax.get(path) ?? 0, pathInFlight.get(path)!));
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const a = answers.shift() ?? fallback;
      setTimeout(() => {
        inFlight--;
        pathInFlight.set(path, pathInFlight.get(path)! - 1);
        res.writeHead(a.status, { 'content-type': 'text/plain', ...a.headers });
        res.end(a.body ?? '');
      }, a.delayMs ?? 0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    answers,
    answerAlways(a: Answer) {
      fallback = a;
    },
    /** The most requests answered at once, in all and to one path. */
    get maxInFlight() {
      return maxInFlight;
    },
    maxInFlightOn: (path: string) => pathMax.get(path) ?? 0,
    resetCounts() {
      maxInFlight = 0;
      pathMax.clear();
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
