import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database, Db } from './db/client.js';
import type { AccessTokens } from './auth/access-token.js';
import type { LoginStartSealer } from './auth/login-start.js';
import type { Mailer } from './mail.js';
import type { Jobs } from './jobs.js';
import type { Storage } from './storage.js';
import type { PaymentGateway } from './payments/gateway.js';
import type { Clock } from './clock.js';
import type { Resolve } from './dns.js';

/** What services are given: made once at start, passed down, never imported as globals. */
export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  tokens: AccessTokens;
  sealer: LoginStartSealer;
  mailer: Mailer;
  jobs: Jobs;
  storage: Storage;
  /** Card and bank-transfer payments (PAYMENT_GATEWAY; sandbox by default). */
  payments: PaymentGateway;
  log: FastifyBaseLogger;
  /** What time it is: the system's, or the test's settable clock. */
  clock: Clock;
  /** Waits (the login throttle's slow-down); tests replace it to see the delay without waiting. */
  sleep: (ms: number) => Promise<void>;
  /** Resolves a host name to its addresses (webhook deliveries); tests give their own, so nothing reaches a DNS. */
  resolve: Resolve;
}
