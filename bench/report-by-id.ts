/**
 * One work report by id over HTTP against the SQL it runs (`by-id.ts` says how): a report of 3 days
 * and 5 materials on a customer's plant, read by its company's admin (who sees prices).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/fs_bench npm run bench:report-by-id
 *   BENCH_SMOKE=1 npx tsx bench/report-by-id.ts   (200 requests; PGlite without BENCH_DATABASE_URL)
 */
import { randomBytes } from 'node:crypto';
import { signedInMeasureRaw, startBench } from './harness.js';
import { measureById } from './by-id.js';

const bench = await startBench('report');
try {
  const { a } = await bench.companies(`Rapportino ${randomBytes(3).toString('hex')}`);
  const adminId = a.users[0]!.id;
  const { base, headers, send } = await signedInMeasureRaw(bench.built, a.company.partitaIva, 'BenchDevice00002');
  const item = async (url: string, body: unknown) => ((await send(url, body)) as { item: { id: string } }).item.id;
  const clienteId = await item('/api/clienti/cliente', { ragione_sociale: 'Idraulica Verdi S.n.c.', citta: 'Forlì' });
  const impiantoId = await item('/api/impianti/impianto/create', { clienteId, nome: 'Centrale termica' });
  const articoloId = await item('/api/anagraficaarticoli/articoli', {
    codice: 'VALV-12',
    descrizione: 'Valvola a sfera 1/2"',
    unita_misura: 'pz',
    prezzo_vendita: '12.50',
    prezzo_acquisto: '7.00',
  });
  const id = await item('/api/rapportini/rapportino/lavorazione', {
    cliente_id: clienteId,
    impianto_id: impiantoId,
    tecnici_ids: [adminId],
    richiesta_iniziale: 'La caldaia va in blocco',
    tipo_intervento: 'straordinario',
    giornate: ['2026-11-02', '2026-11-03', '2026-11-04'].map((data) => ({
      data,
      tecnico_id: adminId,
      totale_ore: '4',
      km_viaggio: '24',
      ore_viaggio: '0,5',
    })),
    materiali: [
      { articolo_id: articoloId, descrizione: 'Valvola a sfera 1/2"', quantita: '2' },
      { descrizione: 'Raccordo a T', quantita: '3', importo_unitario: '4,20', prezzo_netto: '3,90' },
      { descrizione: 'Teflon', quantita: '0,5', unita: 'rotolo', importo_unitario: '2.00' },
      { descrizione: 'Tubo rame 14 mm', quantita: '6', unita: 'm', importo_unitario: '3.10' },
      { descrizione: 'Guarnizioni', quantita: '10', importo_unitario: '0.40' },
    ],
  });
  await measureById({
    label: 'GET /api/rapportini/rapportini/admin/{id}',
    base,
    headers,
    path: `/api/rapportini/rapportini/admin/${id}`,
    check: (j) => {
      const r = j.item;
      if (r?.giornate?.length !== 3 || r.materiali?.length !== 5 || !r.prezzi || r.impianto !== 'Centrale termica')
        throw new Error(`unexpected answer ${JSON.stringify(j).slice(0, 400)}`);
    },
  });
} finally {
  await bench.close();
}
