import { expect } from 'vitest';
import type { TestApp } from '../../../test/harness.js';
import { call } from '../../../test/harness.js';

export interface Session {
  token: string;
  deviceId: string;
}

/** POST /api/imports/mapping with the given form fields and file (any order); answers status and JSON. */
export async function uploadMapping(
  t: TestApp,
  s: Session,
  fields: Record<string, string>,
  file?: { name: string; content: Buffer },
  fileFirst = false,
) {
  const boundary = `b${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  const fieldParts = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  const fileParts = file
    ? [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`,
        ),
        file.content,
        Buffer.from('\r\n'),
      ]
    : [];
  if (fileFirst) parts.push(...fileParts, ...fieldParts);
  else parts.push(...fieldParts, ...fileParts);
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/imports/mapping',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${s.token}`,
      'device-id': s.deviceId,
      source: 'WEB',
    },
    payload: Buffer.concat(parts),
  });
  return { status: res.statusCode, json: res.json() as any };
}

/** Polls the import until it ends; answers every status seen. */
export async function waitForImport(t: TestApp, s: Session, id: string, timeoutMs = 120_000) {
  const seen: any[] = [];
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await call(t.app, 'GET', `/api/imports/import/${id}`, s);
    expect(r.status).toBe(200);
    seen.push(r.json.item);
    if (r.json.item.status === 'completed' || r.json.item.status === 'failed') return seen;
    if (Date.now() > until) throw new Error(`import ${id} still ${r.json.item.status}`);
    await new Promise((ok) => setTimeout(ok, 200));
  }
}

/** Uploads, maps automatically and starts; answers the final status. */
export async function importCsv(
  t: TestApp,
  s: Session,
  table: 'clienti' | 'articoli',
  content: Buffer,
  o: { separator?: string; header?: boolean } = {},
) {
  const m = await uploadMapping(
    t,
    s,
    { table, separator: o.separator ?? ';', headerInFirstLine: String(o.header ?? true) },
    { name: `${table}.csv`, content },
  );
  expect(m.status, JSON.stringify(m.json)).toBe(200);
  const start = await call(t.app, 'POST', '/api/imports/import', {
    ...s,
    body: { id: m.json.item.id, mapping: m.json.item.mapping },
  });
  expect(start.status, JSON.stringify(start.json)).toBe(200);
  const seen = await waitForImport(t, s, m.json.item.id);
  return { mapping: m.json.item, seen, final: seen[seen.length - 1] };
}
