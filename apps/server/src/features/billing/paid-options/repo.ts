import { and, eq, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { subscriptionItems } from '../../../platform/db/schema.js';

/** Paid options the company has bought: subscription items `option:<key>` with a quantity. */
export async function boughtOptions(db: DbOrTx, aziendaId: string): Promise<Set<string>> {
  const rows = await db
    .select({ type: subscriptionItems.type })
    .from(subscriptionItems)
    .where(
      and(
        eq(subscriptionItems.aziendaId, aziendaId),
        like(subscriptionItems.type, 'option:%'),
        sql`${subscriptionItems.quantity} > 0`,
      ),
    );
  return new Set(rows.map((r) => r.type.slice('option:'.length)));
}
