/**
 * The clocking fixture company (clocking.spec.ts): an administrator, a second administrator for the
 * test's API calls (one device per user keeps the browser's session), a technician who clocks from
 * the phone, clocking with its default rules (tolerance 10, rounding 15), the paid daily allowance
 * (50,00 € a day from 50 km) and geolocation (a fix counts for 12 hours) bought and on. No clocking
 * yet: the test makes every record it checks.
 */
import type { Database } from '../apps/server/src/platform/db/client.js';
import { provisionCompany } from '../apps/server/src/features/company/company/provision.js';

export const CLOCKING = {
  piva: '09888777662',
  name: 'Timbrature Prova S.r.l.',
  admin: { username: 'admin', name: 'Olga', surname: 'Orari' },
  office: 'ufficio',
  technician: { username: 'tito.tempo', name: 'Tito', surname: 'Tempo' },
  allowance: { amount: '50.00', minKm: 50 },
  /** Milan, where the technician's phone is. */
  position: { latitude: 45.4642, longitude: 9.19 },
} as const;

export async function seedClocking(database: Database, password: string) {
  const f = CLOCKING;
  const { company } = await provisionCompany(database.db, {
    ragioneSociale: f.name,
    partitaIva: f.piva,
    users: [
      { password, role: 'admin', ...f.admin },
      { username: f.office, password, role: 'admin', name: 'Ugo', surname: 'Ufficio' },
      { password, role: 'user', scheduleenabled: 'Y', ...f.technician },
    ],
  });
  const sql = database.executeSql;
  await sql(
    `insert into subscription_items (azienda_id, type, quantity)
     values ($1, 'option:geolocalizzazione', 1), ($1, 'option:trasferte', 1)`,
    [company.id],
  );
  await sql(
    `insert into opzioni_azienda (azienda_id, category, subcategory, value)
     values ($1, 'geolocalizzazione', 'enabled', '1'), ($1, 'geolocalizzazione', 'validita_minuti', '720'),
            ($1, 'trasferte', 'enabled', '1'), ($1, 'trasferte', 'importo_giornaliero', $2),
            ($1, 'trasferte', 'distanza_minima_km', $3)`,
    [company.id, f.allowance.amount, String(f.allowance.minKm)],
  );
}
