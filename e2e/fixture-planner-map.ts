/**
 * The planner map's fixture company (planner-map.spec.ts): the sample registries (most customers
 * placed in real Italian cities, one in ten without coordinates), a technician, the paid
 * geolocation option on, the technician's position from a minute ago and two appointments today:
 * one at a customer with coordinates and one at a customer without.
 */
import type { Database } from '../apps/server/src/platform/db/client.js';
import { provisionCompany } from '../apps/server/src/features/company/company/provision.js';
import { seedSampleData } from '../apps/server/src/demo/sample.js';

export const PLANNER_MAP = {
  piva: '09777888661',
  name: 'Mappa Prova S.r.l.',
  technician: { username: 'gino.mappa', name: 'Gino', surname: 'Mappa' },
  /** Bologna, where the technician last was. */
  position: { latitude: 44.4949, longitude: 11.3426 },
} as const;

export async function seedPlannerMap(database: Database, password: string) {
  const f = PLANNER_MAP;
  const { company, users } = await provisionCompany(
    database.db,
    {
      ragioneSociale: f.name,
      partitaIva: f.piva,
      users: [
        { username: 'admin', password, role: 'admin', name: 'Marta', surname: 'Mappe' },
        { password, role: 'user', scheduleenabled: 'Y', ...f.technician },
      ],
    },
    (tx, { company, users }) =>
      seedSampleData(
        tx,
        company.id,
        users.filter((u) => u.role === 'user').map((u) => u.id),
      ),
  );
  const sql = database.executeSql;
  const techId = users.find((u) => u.role === 'user')!.id;
  // Geolocation bought and on; a position counts for 12 hours (the whole test run).
  await sql(`insert into subscription_items (azienda_id, type, quantity) values ($1, 'option:geolocalizzazione', 1)`, [
    company.id,
  ]);
  await sql(
    `insert into opzioni_azienda (azienda_id, category, subcategory, value)
     values ($1, 'geolocalizzazione', 'enabled', '1'), ($1, 'geolocalizzazione', 'validita_minuti', '720')`,
    [company.id],
  );
  await sql(
    `insert into posizioni_tecnici (azienda_id, utente_id, latitude, longitude, accuracy_m, recorded_at)
     values ($1, $2, $3, $4, 15, now() - interval '1 minute')`,
    [company.id, techId, f.position.latitude, f.position.longitude],
  );
  // Today 09:00–11:00 UTC at the first placed customer, 14:00–15:00 at the first one without coordinates.
  await sql(
    `with placed as (
       select id from clienti where azienda_id = $1 and latitude is not null order by codice limit 1
     ), unplaced as (
       select id from clienti where azienda_id = $1 and latitude is null order by codice limit 1
     ), a as (
       insert into appuntamenti (azienda_id, cliente_id, titolo, inizio, fine)
       select $1, placed.id, 'Manutenzione caldaia', date_trunc('day', now()) + interval '9 hours',
              date_trunc('day', now()) + interval '11 hours' from placed
       union all
       select $1, unplaced.id, 'Verifica impianto elettrico', date_trunc('day', now()) + interval '14 hours',
              date_trunc('day', now()) + interval '15 hours' from unplaced
       returning id, inizio
     )
     insert into appuntamenti_tecnici (azienda_id, appuntamento_id, utente_id, inizio) select $1, a.id, $2, a.inizio from a`,
    [company.id, techId],
  );
}
