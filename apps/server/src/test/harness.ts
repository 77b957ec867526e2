import type { Clock } from '../platform/clock.js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../config.js';
import { buildApp, type BuiltApp } from '../app.js';
import { openDatabase, type Database } from '../platform/db/client.js';
import { startSmtp } from './smtp.js';
import type { Resolve } from '../platform/dns.js';

export const onPostgres = process.env.TEST_DB === 'postgres';

export type TestApp = BuiltApp & { smtp: Awaited<ReturnType<typeof startSmtp>>; dataDir: string };

/**
 * A whole server on a migrated database: PGlite loaded from the run's dump,
 * or the shared PostgreSQL test database (tests then keep to their own
 * companies). Mail goes to a real SMTP server on loopback.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  opts: {
    logStream?: { write(line: string): void };
    clock?: Clock;
    /** A database of the test's own (left open on close); it is migrated unless `migrated: false`. */
    database?: Database;
    migrated?: boolean;
    /** Told the id of each table route whose handler is reached (the cross-company sweep's coverage). */
    onHandler?: (routeId: string) => void;
    /** Replaces the resolver of webhook deliveries (nothing in a test asks a real DNS). */
    resolve?: Resolve;
  } = {},
): Promise<TestApp> {
  const smtp = await startSmtp();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fs-app-'));
  const schema = onPostgres ? `pgboss_t${randomBytes(4).toString('hex')}` : 'pgboss';
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_IGNORE_TLS: 'true',
    PGBOSS_SCHEMA: schema,
    PUBLIC_URL: 'http://app.test',
    // Every test signs up and resets from 127.0.0.1 on one database: the limits get their own test.
    RATE_LIMIT_FACTOR: '1000',
    ...(onPostgres ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
    ...env,
  });
  const own = opts.database;
  const database: Database = own
    ? // An older schema stays as it is (the migration tests seed it, then migrate it themselves).
      { ...own, migrate: opts.migrated === false ? async () => {} : own.migrate }
    : onPostgres
      ? await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL })
      : await openDatabase({ loadDataDir: new Blob([readFileSync(inject('pgliteDump'))]) });
  const built = await buildApp(config, {
    database,
    ...(opts.logStream ? { logStream: opts.logStream } : { logger: false }),
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.onHandler ? { onHandler: opts.onHandler } : {}),
    // No test asks a real DNS: names resolve only where a test gives its own resolver.
    resolve: opts.resolve ?? noDns,
    // The running jobs end before the queue's schema is dropped (a late completion against it was an unhandled error).
    jobStopTimeoutMs: 60_000,
  });
  return {
    ...built,
    smtp,
    dataDir,
    async close() {
      await built.close();
      if (onPostgres) await database.executeSql(`drop schema if exists ${schema} cascade`);
      if (!own) await database.close();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The resolver of a test that gives none: every name is unknown (nothing leaves the machine). */
const noDns: Resolve = async (host) => {
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host} (no DNS in tests)`), { code: 'ENOTFOUND' });
};

export const newDeviceId = () =>
  randomBytes(12)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, 'x')
    .slice(0, 16);

export interface CallOptions {
  token?: string;
  deviceId?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** One request through the real HTTP stack (inject), answering status and parsed JSON. */
export async function call(app: BuiltApp['app'], method: string, url: string, o: CallOptions = {}) {
  const res: LightMyRequestResponse = await app.inject({
    method: method as any,
    url,
    headers: {
      source: 'WEB',
      accept: 'application/json',
      ...(o.deviceId ? { 'device-id': o.deviceId } : {}),
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...o.headers,
    },
    ...(o.body !== undefined ? { payload: JSON.stringify(o.body) } : {}),
  });
  let json: any;
  try {
    json = res.json();
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, json, headers: res.headers, raw: res };
}
