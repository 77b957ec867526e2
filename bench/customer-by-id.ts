/**
 * One customer by id over HTTP against the SQL it runs (`by-id.ts` says how):
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/fs_bench npm run bench:customer
 *   BENCH_SMOKE=1 npx tsx bench/customer-by-id.ts   (200 requests; PGlite without BENCH_DATABASE_URL)
 */
import { randomBytes } from 'node:crypto';
import { signedInMeasureRaw, startBench } from './harness.js';
import { measureById } from './by-id.js';

const bench = await startBench('customer');
try {
  const { a } = await bench.companies(`Cliente ${randomBytes(3).toString('hex')}`);
  const created = await bench.sql(
    `insert into clienti (azienda_id, codice, ragione_sociale, indirizzo, citta, provincia, cap, partita_iva)
     values ($1, 'C000123', 'Rossi Impianti S.r.l.', 'Via Roma 1', 'Forlì', 'FC', '47121', '12345670017') returning id`,
    [a.company.id],
  );
  const id = (created.rows[0] as { id: string }).id;
  await bench.sql(
    `insert into clienti_recapiti (azienda_id, cliente_id, nome, telefono) values ($1, $2, 'Mario', '0543 123456')`,
    [a.company.id, id],
  );
  const { base, headers } = await signedInMeasureRaw(bench.built, a.company.partitaIva, 'BenchDevice00001');
  await measureById({
    label: 'GET /api/clienti/cliente/{id}',
    base,
    headers,
    path: `/api/clienti/cliente/${id}`,
    check: (j) => {
      if (j.item?.ragione_sociale !== 'Rossi Impianti S.r.l.')
        throw new Error(`unexpected answer ${JSON.stringify(j)}`);
    },
  });
} finally {
  await bench.close();
}
