// Seeds the large demo company (lists at scale) into the configured database (DATA_DIR or DATABASE_URL).
//   npm run seed:large -w apps/server -- [--customers 50000] [--articles 20000] [--reports 100000] [--contracts 5000]
//     [--appointments 200000] [--clockings 300000] [--technicians 50] [--piva 09753102467] [--replace]
// Env: SEED_LARGE_CUSTOMERS, SEED_LARGE_ARTICLES, SEED_LARGE_REPORTS, SEED_LARGE_CONTRACTS, SEED_LARGE_APPOINTMENTS,
// SEED_LARGE_CLOCKINGS, SEED_LARGE_TECHNICIANS. Refuses when the company exists, unless --replace.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isValidVatNumber } from '@fs/contract';
import { loadConfig, loadDotEnv } from '../config.js';
import { openDatabase } from '../platform/db/client.js';
import { deleteLargeCompany, findLargeCompany, LARGE_DEMO, seedLargeCompany } from '../demo/large.js';

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: process.env.SEED_LARGE_CUSTOMERS ?? '50000' },
    articles: { type: 'string', default: process.env.SEED_LARGE_ARTICLES ?? '20000' },
    reports: { type: 'string', default: process.env.SEED_LARGE_REPORTS ?? '100000' },
    contracts: { type: 'string', default: process.env.SEED_LARGE_CONTRACTS ?? '5000' },
    appointments: { type: 'string', default: process.env.SEED_LARGE_APPOINTMENTS ?? '200000' },
    clockings: { type: 'string', default: process.env.SEED_LARGE_CLOCKINGS ?? '300000' },
    technicians: { type: 'string', default: process.env.SEED_LARGE_TECHNICIANS ?? '50' },
    piva: { type: 'string', default: LARGE_DEMO.piva },
    replace: { type: 'boolean', default: false },
  },
});
const customers = Number(values.customers);
const articles = Number(values.articles);
const reports = Number(values.reports);
const contracts = Number(values.contracts);
const appointments = Number(values.appointments);
const clockings = Number(values.clockings);
const technicians = Number(values.technicians);
const count = (v: number) => Number.isInteger(v) && v >= 0 && v <= 5_000_000;
if (
  ![customers, articles, reports, contracts, appointments, clockings].every(count) ||
  !Number.isInteger(technicians) ||
  technicians < 1 ||
  technicians > 500 ||
  !isValidVatNumber(values.piva)
) {
  console.error(
    'seed:large: --customers, --articles, --reports, --contracts, --appointments and --clockings take whole numbers from 0 to 5,000,000; ' +
      '--technicians from 1 to 500; --piva a valid VAT number.',
  );
  process.exit(2);
}

await loadDotEnv();
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  pgliteDir: path.join(config.dataDir, 'pgdata'),
});
try {
  await database.migrate();
  const existing = await findLargeCompany(database.db, values.piva);
  if (existing && !values.replace) {
    console.error(
      `The company with VAT number ${values.piva} already exists (${existing.clienti} customers, ${existing.articoli} articles): ` +
        'nothing seeded. Run again with --replace to delete and recreate it, or choose another --piva.',
    );
    process.exitCode = 1;
  } else {
    const t0 = performance.now();
    if (existing) {
      await deleteLargeCompany(database.db, values.piva);
      console.log(`Deleted the existing company in ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
    }
    const t1 = performance.now();
    let last = 0;
    const c = await seedLargeCompany(database, {
      customers,
      articles,
      reports,
      contracts,
      appointments,
      clockings,
      technicians,
      piva: values.piva,
      onProgress: (what, done, total) => {
        if (done === total || performance.now() - last > 2000) {
          last = performance.now();
          console.log(`  ${what}: ${done.toLocaleString('en')} / ${total.toLocaleString('en')}`);
        }
      },
    });
    const s = ((performance.now() - t1) / 1000).toFixed(1);
    console.log(
      `Seeded "${LARGE_DEMO.ragioneSociale}" on ${database.kind} in ${s} s: ${c.clienti} customers, ${c.impianti} plants, ` +
        `${c.macchinari} machines, ${c.articoli} articles, ${c.rapportini} work reports with ${c.giornate} worked days ` +
        `and ${c.materiali} material lines, ${c.contratti} contracts with ${c.occorrenze} activity dates, ` +
        `${c.appuntamenti} appointments and ${c.timbrature} clockings of ${technicians} technicians.`,
    );
    console.log(
      `Sign in with VAT number ${values.piva}, username ${LARGE_DEMO.username}, password ${LARGE_DEMO.password}.`,
    );
  }
} finally {
  await database.close();
}
