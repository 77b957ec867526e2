import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import ical from 'ical-generator';
import { userOf, type CompanyContext } from '../../../platform/context.js';
import type { Deps } from '../../../platform/deps.js';
import type { DbOrTx } from '../../../platform/db/client.js';
import { utenti } from '../../../platform/db/schema.js';
import { calendarFeeds } from '../../../platform/db/schema-schedule.js';
import { forbidden, notFound } from '../../../platform/errors.js';
import * as repo from './repo.js';

/**
 * A technician's calendar feed (iCalendar): a secret address GET /api/calendar/feed/{token}.ics,
 * public (calendar apps send no token), the token 32 random bytes in base64url of which only the
 * SHA-256 is kept. Making it again replaces the address; revoking it makes the old one answer 404.
 * It carries only that technician's appointments, 60 days back to 365 ahead.
 */
const BACK_DAYS = 60;
const AHEAD_DAYS = 365;
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

async function feedOwner(db: DbOrTx, ctx: CompanyContext, utenteId: string | undefined) {
  const me = userOf(ctx);
  const target = utenteId ?? me.userId;
  if (target !== me.userId && me.role !== 'admin')
    throw forbidden('Solo un amministratore può farlo per un altro utente');
  const [u] = await db
    .select({ id: utenti.id })
    .from(utenti)
    .where(and(eq(utenti.aziendaId, ctx.company.id), eq(utenti.id, target)));
  if (!u) throw notFound('Utente');
  return u.id;
}

/** POST /utenti/calendar-feed: a new secret address (the previous one stops working). */
export async function createFeed(ctx: CompanyContext, utenteId?: string): Promise<{ url: string }> {
  const owner = await feedOwner(ctx.db, ctx, utenteId);
  const token = randomBytes(32).toString('base64url');
  await ctx.db
    .insert(calendarFeeds)
    .values({ utenteId: owner, aziendaId: ctx.company.id, tokenHash: hash(token), createdBy: userOf(ctx).userId })
    .onConflictDoUpdate({
      target: calendarFeeds.utenteId,
      set: { tokenHash: hash(token), createdBy: userOf(ctx).userId, createdAt: new Date() },
    });
  return { url: `${ctx.deps.config.publicUrl}/api/calendar/feed/${token}.ics` };
}

/** DELETE /utenti/calendar-feed: revokes the address. */
export async function revokeFeed(ctx: CompanyContext, utenteId?: string): Promise<void> {
  const owner = await feedOwner(ctx.db, ctx, utenteId);
  await ctx.db
    .delete(calendarFeeds)
    .where(and(eq(calendarFeeds.aziendaId, ctx.company.id), eq(calendarFeeds.utenteId, owner)));
}

/**
 * GET /calendar/feed/{token}.ics: the technician's calendar, or 404 for an unknown or revoked token, or
 * a user who is not active now (disabling a user also deletes their feed: users/service.ts).
 */
export async function feedCalendar(deps: Deps, token: string): Promise<string> {
  if (!FEED_TOKEN.test(token)) throw notFound('Calendario');
  const [feed] = await deps.db
    .select({ utenteId: calendarFeeds.utenteId, aziendaId: calendarFeeds.aziendaId })
    .from(calendarFeeds)
    .innerJoin(
      utenti,
      and(
        eq(utenti.aziendaId, calendarFeeds.aziendaId),
        eq(utenti.id, calendarFeeds.utenteId),
        eq(utenti.status, 'ACTIVE'),
      ),
    )
    .where(eq(calendarFeeds.tokenHash, hash(token)));
  if (!feed) throw notFound('Calendario');
  const tz = await repo.timezoneOf(deps.db, feed.aziendaId);
  const now = deps.clock.now().getTime();
  const rows = await repo.ofTechnicianInRange(
    deps.db,
    feed.aziendaId,
    feed.utenteId,
    new Date(now - BACK_DAYS * 86_400_000),
    new Date(now + AHEAD_DAYS * 86_400_000),
  );
  const cal = ical({ name: 'Interventi pianificati', prodId: { company: 'fs', product: 'planner', language: 'IT' } });
  cal.x([{ key: 'X-WR-TIMEZONE', value: tz }]);
  for (const r of rows) {
    const where = [r.impiantoIndirizzo ?? r.indirizzo, r.impiantoCitta ?? r.citta].filter(Boolean).join(', ');
    cal.createEvent({
      id: `${r.id}@planner`,
      start: r.inizio!,
      end: r.fine!,
      allDay: r.tuttoIlGiorno,
      ...(r.tuttoIlGiorno ? { timezone: tz } : {}),
      summary: `${r.titolo} – ${r.cliente}`,
      description: r.note ?? undefined,
      location: where ? `${r.cliente}, ${where}` : r.cliente,
    });
  }
  return cal.toString();
}
