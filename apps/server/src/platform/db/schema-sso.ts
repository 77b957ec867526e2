import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A started single sign-on (migration 0004): the PKCE verifier and the nonce
 * stay on the server; the browser holds only the attempt handle, whose SHA-256
 * is the key. Single use, bound to the device, expires after SSO.attemptTtlMs.
 * Not tied to a company: the company is known only once the provider answers.
 */
export const ssoAttempts = pgTable(
  'sso_attempts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    handleHash: text('handle_hash').notNull().unique(),
    target: text('target').$type<'web' | 'app'>().notNull(),
    deviceId: text('device_id').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sso_attempts_expires_idx').on(t.expiresAt)],
);
