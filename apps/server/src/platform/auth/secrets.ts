import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appSecrets } from '../db/schema.js';

/**
 * A server secret made once and kept in the database, so every instance
 * (and every restart) shares it. Two instances starting together agree:
 * the first insert wins and both read it back.
 */
export async function getOrCreateSecret(db: Db, name: string, make: () => Promise<string>): Promise<string> {
  const found = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (found[0]) return found[0].value;
  await db
    .insert(appSecrets)
    .values({ name, value: await make() })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  return row!.value;
}
