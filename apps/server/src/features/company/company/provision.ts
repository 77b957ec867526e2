import { addDays, DEFAULT_TIME_ZONE, todayIn } from '@fs/contract';
import type { Db, Tx } from '../../../platform/db/client.js';
import { aziende, subscriptionItems, utenti } from '../../../platform/db/schema.js';
import { hashPassword } from '../../../platform/auth/crypto.js';

export interface NewUser {
  username: string;
  password: string;
  email?: string | null;
  name?: string | null;
  surname?: string | null;
  role?: 'admin' | 'user';
  scheduleenabled?: 'Y' | 'N';
  lingua?: string;
  status?: 'ACTIVE' | 'DISABLED';
}

export interface NewCompany {
  ragioneSociale: string;
  partitaIva: string;
  mailPrincipale?: string | null;
  subscriptionType?: 'lite' | 'premium' | 'platinum';
  /** Days of free trial left from today. */
  trialDays?: number;
  /** What time it is (the clock): the trial counts from today on the company's calendar. */
  now?: Date;
  /** Technician licences of the plan (default 3). */
  licences?: number;
  /** More company data (registration). */
  details?: Partial<
    Pick<
      typeof aziende.$inferInsert,
      'telefono' | 'indirizzo' | 'citta' | 'provincia' | 'cap' | 'nazione' | 'linguaDefault' | 'timezone'
    >
  >;
  users: NewUser[];
}

export type Provisioned = { company: typeof aziende.$inferSelect; users: (typeof utenti.$inferSelect)[] };

/**
 * Creates a company in free trial with its users, in one transaction; `more`
 * runs inside it too (registration tokens), so a failure anywhere writes nothing.
 */
export async function provisionCompany<T = undefined>(
  db: Db,
  c: NewCompany,
  more?: (tx: Tx, created: Provisioned) => Promise<T>,
): Promise<Provisioned & { extra: T }> {
  const hashes = await Promise.all(c.users.map((u) => hashPassword(u.password)));
  return db.transaction(async (tx) => {
    const [company] = await tx
      .insert(aziende)
      .values({
        ragioneSociale: c.ragioneSociale,
        partitaIva: c.partitaIva,
        mailPrincipale: c.mailPrincipale ?? null,
        ...c.details,
        subscriptionType: c.subscriptionType ?? 'premium',
        subscriptionConfirmed: false,
        scadenzaTrialDate: addDays(
          todayIn(c.details?.timezone ?? DEFAULT_TIME_ZONE, c.now ?? new Date()),
          c.trialDays ?? 30,
        ),
      })
      .returning();
    await tx.insert(subscriptionItems).values({
      aziendaId: company!.id,
      type: c.subscriptionType ?? 'premium',
      quantity: c.licences ?? 3,
    });
    const users = await tx
      .insert(utenti)
      .values(
        c.users.map((u, i) => ({
          aziendaId: company!.id,
          username: u.username,
          email: u.email ?? null,
          passwordHash: hashes[i]!,
          name: u.name ?? null,
          surname: u.surname ?? null,
          role: u.role ?? 'user',
          scheduleenabled: u.scheduleenabled ?? 'N',
          // Unless told, a first user speaks the company's language in its time zone.
          lingua: u.lingua ?? company!.linguaDefault,
          timezone: company!.timezone,
          status: u.status ?? 'ACTIVE',
        })),
      )
      .returning();
    const extra = (more ? await more(tx, { company: company!, users }) : undefined) as T;
    return { company: company!, users, extra };
  });
}
