import { activityReportInput, contractInput, reportWorkRequest } from '@fs/contract';
import type { Deps } from '../platform/deps.js';
import { close, reportFromOccurrence, saveContract, saveReport } from '../features/operations/index.js';
import { demoTerritory } from './areas.js';
import { romeInstant, shiftDay } from './days.js';
import { JOB } from './sample.js';
import { demoContext } from './sample-contracts.js';

/**
 * The statistics' monthly maintenance (issue 27, decision 0046): the sample contracts' activities fall every 3,
 * 6 or 12 months, so a statistics range of the last 30 days would find no maintenance date due. A monthly safety
 * check at a customer without a contract, started five months ago, fills it: its past dates done through closed
 * reports (one three days late), the last one past still to do, the next ones to come. Runs after the sample
 * contracts (main.ts).
 */
export async function seedSampleStatistics(deps: Deps, aziendaId: string): Promise<void> {
  const q = async <T>(text: string, values: unknown[] = []) =>
    (await deps.database.executeSql(text, values)).rows as T[];
  const ctx = await demoContext(deps, aziendaId);
  const { plants, techFor, techs } = await demoTerritory(deps, aziendaId);
  const [job] = await q<{ id: string; checks: string[] }>(
    `select m.id, coalesce(array_agg(c.id order by c.ordine) filter (where c.id is not null), '{}') as checks
       from mansioni m left join controlli c on c.mansione_id = m.id
      where m.azienda_id = $1 and m.nome = $2 group by m.id`,
    [aziendaId, JOB.idraulici],
  );
  const bound = new Set(
    (await q<{ cliente_id: string }>('select cliente_id from contratti where azienda_id = $1', [aziendaId])).map(
      (r) => r.cliente_id,
    ),
  );
  const plant = plants.find((p) => !bound.has(p.cliente_id));
  if (!job || !plant || !techs.length) return;
  const tech = techFor(plant.provincia) ?? techs[0]!;

  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome' }).format(new Date());
  const start = shiftDay(today, -150);
  const contract = await saveContract(
    ctx,
    contractInput.parse({
      cliente_id: plant.cliente_id,
      identificativo: `MAN-${start.slice(0, 4)}-010`,
      descrizione: 'Verifiche mensili di sicurezza della centrale termica',
      tipo: 'manutenzione',
      data_inizio: start,
      data_fine: shiftDay(start, 364),
      impianti: [plant.id],
      mansioni: [job.id],
      attivita: [
        {
          nome: 'Verifica mensile centrale termica',
          mansione_id: job.id,
          impianto_id: plant.id,
          frequenza: { tipo: 'fissa', ogni: 1, unita: 'mesi' },
          durata_minuti: 60,
        },
      ],
    }),
  );
  const past = (
    await q<{ id: string; data: string }>(
      `select id, data::text as data from attivita_date where azienda_id = $1 and contratto_id = $2 and data < $3
        order by data`,
      [aziendaId, contract.id, today],
    )
  ).slice(0, -1); // the last date past stays to do
  for (const [k, d] of past.entries()) {
    // The second-to-last done three days after its day, the others on it.
    const day = k === past.length - 1 ? shiftDay(d.data, 3) : d.data;
    const id = await reportFromOccurrence(ctx, activityReportInput.parse({ id: d.id, tecnici: [tech] }));
    const item = await saveReport(
      ctx,
      reportWorkRequest.parse({
        id,
        cliente_id: plant.cliente_id,
        impianto_id: plant.id,
        contratto_id: contract.id,
        tecnici_ids: [tech],
        mansione_id: job.id,
        data_apertura: day,
        richiesta_iniziale: 'Verifica mensile centrale termica',
        note: 'Verifica eseguita, nessuna anomalia.',
        giornate: [{ data: day, tecnico_id: tech, totale_ore: '1', km_viaggio: '12', ore_viaggio: '0.5' }],
        controlli: job.checks.map((controllo_id) => ({ controllo_id, esito: 'ok' })),
      }) as Parameters<typeof saveReport>[1],
    );
    await close(ctx, item.id, 'chiudi', new Date(romeInstant(day, '16:30')));
  }
}
