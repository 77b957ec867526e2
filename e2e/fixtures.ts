/**
 * Companies the browser tests need besides the demo one, seeded into the
 * fresh e2e database before the server starts (never by the product itself).
 * Tests import FIXTURES for their VAT numbers and logins.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { seedDemoIfEmpty } from '../apps/server/src/demo/seed.js';
import { provisionCompany } from '../apps/server/src/features/company/company/provision.js';
import { seedSampleData } from '../apps/server/src/demo/sample.js';
import { PLANNER_MAP, seedPlannerMap } from './fixture-planner-map.js';
import { CLOCKING, seedClocking } from './fixture-clocking.js';
import { insertCampo } from '../apps/server/src/features/operations/report-config/repo.js';

export const FIXTURES = {
  password: 'admin1234',
  expired: { piva: '01234567897', name: 'Scaduta S.r.l.' },
  /** Premium free trial with 3 licences, bought from by subscription.spec.ts. */
  buyer: { piva: '04567890126', name: 'Acquisti Prova S.r.l.' },
  /** Lite plan with its 3 technicians all active (users.spec.ts). */
  lite: { piva: '07654321004', name: 'Piccola Lite S.r.l.', technicians: ['lite.uno', 'lite.due', 'lite.tre'] },
  /** In free trial at step 10 of the first-access tour (tour.spec.ts); every other company has finished it. */
  tour: { piva: '05678901231', name: 'Nuova Avventura S.r.l.' },
  /**
   * At step 0 of the tour with what each step asks already done (company email and address, an active
   * technician), so tour.spec.ts walks every step.
   */
  tourWalk: { piva: '06222333442', name: 'Giro Completo S.r.l.' },
  /** One 5 GB storage slot bought, nothing stored yet (storage.spec.ts). */
  storage: { piva: '09123456783', name: 'Archivio Ordinato S.r.l.' },
  /** Storage space used up to the last byte (storage.spec.ts). */
  storageFull: { piva: '09234567890', name: 'Archivio Pieno S.r.l.' },
  /** A technician who can be given job roles; no articles or job roles yet (items-jobs.spec.ts). */
  jobs: { piva: '08111222330', name: 'Mansioni Prova S.r.l.', technician: 'tecnico.frigo' },
  /** No customers yet; a technician who may only read them (customers.spec.ts). */
  customers: { piva: '06123456789', name: 'Clienti Prova S.r.l.' },
  /** The demo's sample registries (customers, plants, machines, articles, job roles): a11y.spec.ts. */
  sample: { piva: '03344556679', name: 'Vetrina Impianti S.r.l.' },
  /** The sample registries and two technicians, no report yet: statistics.spec.ts makes the reports it charts. */
  statistics: { piva: '05678123406', name: 'Statistiche Prova S.r.l.', technicians: ['stella.stima', 'tullio.tempi'] },
  /** The sample registries and a technician, no report yet (reports.spec.ts). */
  reports: { piva: '07555666770', name: 'Rapportini Prova S.r.l.', technician: 'luca.bianchi' },
  /**
   * The sample registries, a technician and two closing fields that must be filled (a number, and a yes
   * that must be "Sì"): forms.spec.ts creates and closes reports here.
   */
  forms: {
    piva: '03334445552',
    name: 'Moduli Prova S.r.l.',
    technician: 'tina.tecnica',
    /** A second administrator for API calls, so the browser's session stays (one device per user). */
    office: 'ufficio',
    fields: ['Pressione finale (bar)', 'Impianto lasciato in sicurezza'],
  },
  /** The sample registries and a technician, no contract yet (contracts.spec.ts). */
  contracts: { piva: '08666444552', name: 'Contratti Prova S.r.l.', technician: 'carla.neri' },
  /** The sample registries and two technicians, appointments made by the test (agenda.spec.ts). */
  agenda: { piva: '09777555336', name: 'Agenda Prova S.r.l.', technicians: ['anna.verdi', 'bruno.gialli'] },
  /** Appointments today, one placed and one not, and a technician's recent position (planner-map.spec.ts). */
  plannerMap: PLANNER_MAP,
  /** Clocking with the daily allowance and geolocation on, a technician who has not clocked yet (clocking.spec.ts). */
  clocking: CLOCKING,
  /** The sample registries, a technician and a second administrator for API checks, no appointment yet (planner.spec.ts). */
  planner: { piva: '08222333448', name: 'Pianifica Prova S.r.l.', technician: 'pia.tecnica', office: 'ufficio' },
} as const;

async function main() {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('usage: fixtures.ts <data dir>');
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pgdata') });
  await database.migrate();
  await seedDemoIfEmpty(database.db);
  await provisionCompany(database.db, {
    ragioneSociale: FIXTURES.expired.name,
    partitaIva: FIXTURES.expired.piva,
    trialDays: -5,
    users: [{ username: 'admin', password: FIXTURES.password, role: 'admin', name: 'Elena', surname: 'Scaduti' }],
  });
  await provisionCompany(database.db, {
    ragioneSociale: FIXTURES.lite.name,
    partitaIva: FIXTURES.lite.piva,
    subscriptionType: 'lite',
    users: [
      { username: 'admin', password: FIXTURES.password, role: 'admin', name: 'Livia', surname: 'Leggeri' },
      ...FIXTURES.lite.technicians.map((username, i) => ({
        username,
        password: FIXTURES.password,
        role: 'user' as const,
        scheduleenabled: 'Y' as const,
        name: ['Uno', 'Due', 'Tre'][i],
        surname: 'Lite',
        email: `${username}@lite.example`,
      })),
    ],
  });
  // Tour finished (30): the first-access modal stays out of these tests.
  await database.executeSql('update aziende set work_flow_primo_accesso = 30 where partita_iva = $1', [
    FIXTURES.lite.piva,
  ]);
  await provisionCompany(database.db, {
    ragioneSociale: FIXTURES.buyer.name,
    partitaIva: FIXTURES.buyer.piva,
    users: [{ username: 'admin', password: FIXTURES.password, role: 'admin', name: 'Bruno', surname: 'Acquisti' }],
  });
  await provisionCompany(database.db, {
    ragioneSociale: FIXTURES.tour.name,
    partitaIva: FIXTURES.tour.piva,
    users: [{ username: 'admin', password: FIXTURES.password, role: 'admin', name: 'Tiziana', surname: 'Tour' }],
  });
  await provisionCompany(database.db, {
    ragioneSociale: FIXTURES.tourWalk.name,
    partitaIva: FIXTURES.tourWalk.piva,
    mailPrincipale: 'info@girocompleto.example',
    details: { indirizzo: 'Via del Giro 1', citta: 'Torino', provincia: 'TO', cap: '10121' },
    users: [
      { username: 'admin', password: FIXTURES.password, role: 'admin', name: 'Gino', surname: 'Giro' },
      {
        username: 'tecnico',
        password: FIXTURES.password,
        role: 'user',
        scheduleenabled: 'Y',
        name: 'Tea',
        surname: 'Tecnica',
      },
    ],
  });
  for (const f of [FIXTURES.storage, FIXTURES.storageFull]) {
    const { company } = await provisionCompany(database.db, {
      ragioneSociale: f.name,
      partitaIva: f.piva,
      users: [{ username: 'admin', password: FIXTURES.password, role: 'admin', name: 'Sara', surname: 'Spazio' }],
    });
    await database.executeSql(`insert into subscription_items (azienda_id, type, quantity) values ($1, 'storage', 1)`, [
      company.id,
    ]);
    if (f === FIXTURES.storageFull) {
      await database.executeSql('insert into storage_usage (azienda_id, used_bytes) values ($1, $2)', [
        company.id,
        9 * 1024 ** 3,
      ]);
    }
  }
  await provisionCompany(database.db, {
    ragioneSociale: FIXTURES.jobs.name,
    partitaIva: FIXTURES.jobs.piva,
    users: [
      { username: 'admin', password: FIXTURES.password, role: 'admin', name: 'Marta', surname: 'Mansioni' },
      {
        username: FIXTURES.jobs.technician,
        password: FIXTURES.password,
        role: 'user',
        scheduleenabled: 'Y',
        name: 'Franco',
        surname: 'Frigo',
      },
    ],
  });
  await provisionCompany(database.db, {
    ragioneSociale: FIXTURES.customers.name,
    partitaIva: FIXTURES.customers.piva,
    users: [
      { username: 'admin', password: FIXTURES.password, role: 'admin', name: 'Carla', surname: 'Clienti' },
      {
        username: 'tecnico',
        password: FIXTURES.password,
        role: 'user',
        scheduleenabled: 'Y',
        name: 'Tino',
        surname: 'Tecnico',
      },
    ],
  });
  await provisionCompany(
    database.db,
    {
      ragioneSociale: FIXTURES.statistics.name,
      partitaIva: FIXTURES.statistics.piva,
      users: [
        { username: 'admin', password: FIXTURES.password, role: 'admin', name: 'Sara', surname: 'Statistiche' },
        ...[
          ['Stella', 'Stima'],
          ['Tullio', 'Tempi'],
        ].map(([name, surname], i) => ({
          username: FIXTURES.statistics.technicians[i]!,
          password: FIXTURES.password,
          role: 'user' as const,
          scheduleenabled: 'Y' as const,
          name: name!,
          surname: surname!,
        })),
      ],
    },
    (tx, { company, users }) =>
      seedSampleData(
        tx,
        company.id,
        users.filter((u) => u.role === 'user').map((u) => u.id),
      ),
  );
  await provisionCompany(
    database.db,
    {
      ragioneSociale: FIXTURES.sample.name,
      partitaIva: FIXTURES.sample.piva,
      users: [
        { username: 'admin', password: FIXTURES.password, role: 'admin', name: 'Vera', surname: 'Vetrina' },
        {
          username: 'tecnico',
          password: FIXTURES.password,
          role: 'user',
          scheduleenabled: 'Y',
          name: 'Teo',
          surname: 'Tecnico',
        },
      ],
    },
    (tx, { company, users }) =>
      seedSampleData(
        tx,
        company.id,
        users.filter((u) => u.role === 'user').map((u) => u.id),
      ),
  );
  await provisionCompany(
    database.db,
    {
      ragioneSociale: FIXTURES.reports.name,
      partitaIva: FIXTURES.reports.piva,
      users: [
        { username: 'admin', password: FIXTURES.password, role: 'admin', name: 'Rita', surname: 'Rapporti' },
        {
          username: FIXTURES.reports.technician,
          password: FIXTURES.password,
          role: 'user',
          scheduleenabled: 'Y',
          name: 'Luca',
          surname: 'Bianchi',
        },
      ],
    },
    (tx, { company, users }) =>
      seedSampleData(
        tx,
        company.id,
        users.filter((u) => u.role === 'user').map((u) => u.id),
      ),
  );
  await provisionCompany(
    database.db,
    {
      ragioneSociale: FIXTURES.forms.name,
      partitaIva: FIXTURES.forms.piva,
      users: [
        { username: 'admin', password: FIXTURES.password, role: 'admin', name: 'Mara', surname: 'Moduli' },
        {
          username: FIXTURES.forms.office,
          password: FIXTURES.password,
          role: 'admin',
          name: 'Ugo',
          surname: 'Ufficio',
        },
        {
          username: FIXTURES.forms.technician,
          password: FIXTURES.password,
          role: 'user',
          scheduleenabled: 'Y',
          name: 'Tina',
          surname: 'Tecnica',
        },
      ],
    },
    async (tx, { company, users }) => {
      await seedSampleData(
        tx,
        company.id,
        users.filter((u) => u.role === 'user').map((u) => u.id),
      );
      const closing = { abilitazione: true, posizione: 'chiusura', visibileApp: true, visibileWeb: true };
      const [pressure, safe] = FIXTURES.forms.fields;
      await insertCampo(tx, company.id, { ...closing, nome: pressure, tipo: 'numero', obbligatorio: true }, 1);
      await insertCampo(
        tx,
        company.id,
        { ...closing, nome: safe, tipo: 'vero_falso', obbligatorio: false, valoreRichiesto: 'true' },
        2,
      );
    },
  );
  await provisionCompany(
    database.db,
    {
      ragioneSociale: FIXTURES.contracts.name,
      partitaIva: FIXTURES.contracts.piva,
      users: [
        { username: 'admin', password: FIXTURES.password, role: 'admin', name: 'Cora', surname: 'Contratti' },
        {
          username: FIXTURES.contracts.technician,
          password: FIXTURES.password,
          role: 'user',
          scheduleenabled: 'Y',
          name: 'Carla',
          surname: 'Neri',
        },
      ],
    },
    (tx, { company, users }) =>
      seedSampleData(
        tx,
        company.id,
        users.filter((u) => u.role === 'user').map((u) => u.id),
      ),
  );
  await provisionCompany(
    database.db,
    {
      ragioneSociale: FIXTURES.agenda.name,
      partitaIva: FIXTURES.agenda.piva,
      users: [
        { username: 'admin', password: FIXTURES.password, role: 'admin', name: 'Ada', surname: 'Agenda' },
        ...FIXTURES.agenda.technicians.map((username, i) => ({
          username,
          password: FIXTURES.password,
          role: 'user' as const,
          scheduleenabled: 'Y' as const,
          name: ['Anna', 'Bruno'][i],
          surname: ['Verdi', 'Gialli'][i],
        })),
      ],
    },
    (tx, { company, users }) =>
      seedSampleData(
        tx,
        company.id,
        users.filter((u) => u.role === 'user').map((u) => u.id),
      ),
  );
  await provisionCompany(
    database.db,
    {
      ragioneSociale: FIXTURES.planner.name,
      partitaIva: FIXTURES.planner.piva,
      users: [
        { username: 'admin', password: FIXTURES.password, role: 'admin', name: 'Paola', surname: 'Piani' },
        {
          username: FIXTURES.planner.office,
          password: FIXTURES.password,
          role: 'admin',
          name: 'Ugo',
          surname: 'Ufficio',
        },
        {
          username: FIXTURES.planner.technician,
          password: FIXTURES.password,
          role: 'user',
          scheduleenabled: 'Y',
          name: 'Pia',
          surname: 'Tecnica',
        },
      ],
    },
    (tx, { company, users }) =>
      seedSampleData(
        tx,
        company.id,
        users.filter((u) => u.role === 'user').map((u) => u.id),
      ),
  );
  await seedPlannerMap(database, FIXTURES.password);
  await seedClocking(database, FIXTURES.password);
  // The first-access tour's modal blocks the page until dismissed: only the tour fixtures have it.
  await database.executeSql(
    'update aziende set work_flow_primo_accesso = case partita_iva when $1 then 10 when $2 then 0 else 30 end',
    [FIXTURES.tour.piva, FIXTURES.tourWalk.piva],
  );
  await database.close();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
