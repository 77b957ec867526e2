import { eq } from 'drizzle-orm';
import type { ClockingListResponse } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import type { DbOrTx } from '../../../platform/db/client.js';
import { revisioniTimbrature } from '../../../platform/db/schema-clocking.js';

/**
 * The office's overview (`forma=totali`) kept per process (issue 26: every technician's month is
 * thousands of intervals summed, checked for anomalies and allowances, read again and again while nothing
 * changes). An answer is keyed by the company's clocking revision (migration 0035: bumped in the same
 * transaction as every change it shows) with the range, the technician and the company day, so a change
 * is a new key, never an old answer; several instances on one database stay right, each with its own copy.
 * The revision is read before the answer is built: a change committed meanwhile gives a newer answer
 * under the older revision, never the reverse. Bounded by count, least recently used out first.
 */
export class OverviewCache {
  private readonly entries = new Map<string, Promise<ClockingListResponse>>();

  constructor(private readonly maxEntries = 256) {}

  get(aziendaId: string, revision: number, key: string, build: () => Promise<ClockingListResponse>) {
    const full = `${aziendaId}|${revision}|${key}`;
    const kept = this.entries.get(full);
    if (kept) {
      this.entries.delete(full);
      this.entries.set(full, kept);
      return kept;
    }
    this.dropOlder(aziendaId, revision);
    const made = build();
    // A failed build is not kept: the next read tries again.
    made.catch(() => {
      if (this.entries.get(full) === made) this.entries.delete(full);
    });
    this.entries.set(full, made);
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return made;
  }

  get size() {
    return this.entries.size;
  }

  /** A company's answers under older revisions will never be asked for again. */
  private dropOlder(aziendaId: string, revision: number) {
    const prefix = `${aziendaId}|`;
    for (const k of this.entries.keys()) {
      if (k.startsWith(prefix) && Number(k.slice(prefix.length, k.indexOf('|', prefix.length))) < revision) {
        this.entries.delete(k);
      }
    }
  }
}

const caches = new WeakMap<object, OverviewCache>();
/** One cache per database (tests run several apps in a process). */
export function overviewCacheOf(deps: Deps): OverviewCache {
  let c = caches.get(deps.database);
  if (!c) caches.set(deps.database, (c = new OverviewCache()));
  return c;
}

/** The company's clocking revision (0 before its first change). */
export async function clockingRevision(db: DbOrTx, aziendaId: string): Promise<number> {
  const [r] = await db
    .select({ revisione: revisioniTimbrature.revisione })
    .from(revisioniTimbrature)
    .where(eq(revisioniTimbrature.aziendaId, aziendaId));
  return Number(r?.revisione ?? 0);
}
