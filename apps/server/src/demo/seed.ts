import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { aziende } from '../platform/db/schema.js';
import { provisionCompany } from '../features/company/company/provision.js';
import { seedDemoVoucher } from '../features/billing/subscription/service.js';
import { seedSampleData } from './sample.js';

export const DEMO = {
  piva: '12345670017',
  ragioneSociale: 'Demo Impianti S.r.l.',
  password: 'admin1234',
  logins: [
    { username: 'admin', role: 'admin' as const },
    { username: 'mario.rossi', role: 'user' as const },
    { username: 'luca.bianchi', role: 'user' as const },
  ],
};

/**
 * Seeds the demo company on an empty database; answers whether it did. With
 * `sample` (the server's start-up) it also gets sample customers, articles and job
 * roles; the browser tests seed it bare and make their own data.
 */
export async function seedDemoIfEmpty(db: Db, opts: { sample?: boolean } = {}): Promise<boolean> {
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(aziende)) as [{ n: number }];
  if (n > 0) return false;
  await provisionCompany(
    db,
    {
      ragioneSociale: DEMO.ragioneSociale,
      partitaIva: DEMO.piva,
      mailPrincipale: 'info@demo-impianti.example',
      subscriptionType: 'premium',
      trialDays: 30,
      users: [
        {
          username: 'admin',
          password: DEMO.password,
          role: 'admin',
          name: 'Anna',
          surname: 'Ferrari',
          email: 'admin@demo-impianti.example',
          scheduleenabled: 'N',
        },
        {
          username: 'mario.rossi',
          password: DEMO.password,
          role: 'user',
          name: 'Mario',
          surname: 'Rossi',
          email: 'mario.rossi@demo-impianti.example',
          scheduleenabled: 'Y',
        },
        {
          username: 'luca.bianchi',
          password: DEMO.password,
          role: 'user',
          name: 'Luca',
          surname: 'Bianchi',
          email: 'luca.bianchi@demo-impianti.example',
          scheduleenabled: 'Y',
        },
      ],
    },
    async (tx, { company, users }) => {
      if (!opts.sample) return;
      // The fiscal address a FatturaPA needs (decision 0050): the lived-in demo can make one.
      await tx
        .update(aziende)
        .set({
          indirizzo: 'Via Emilia Ponente 120',
          cap: '40133',
          citta: 'Bologna',
          provincia: 'BO',
          codiceFiscale: DEMO.piva,
        })
        .where(sql`${aziende.id} = ${company.id}`);
      await seedSampleData(
        tx,
        company.id,
        users.filter((u) => u.role === 'user').map((u) => u.id),
      );
    },
  );
  await seedDemoVoucher(db, new Date().toISOString().slice(0, 10));
  return true;
}
