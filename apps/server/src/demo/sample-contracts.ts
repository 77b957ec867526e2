import { PAGE_KEYS, activityReportInput, contractInput, reportWorkRequest } from '@fs/contract';
import { systemContext, type CompanyContext } from '../platform/context.js';
import type { Deps } from '../platform/deps.js';
import { demoTerritory, type DemoPlant } from './areas.js';
import { romeInstant } from './days.js';
import { JOB } from './sample.js';
import {
  ceaseContract,
  close,
  reportFromOccurrence,
  runRenewal,
  saveContract,
  saveReport,
} from '../features/operations/index.js';

/**
 * The demo company's contracts (issue 13), made through the contract, activity and report services
 * so their dates, hours and states follow the real rules: maintenance contracts with activities every
 * 6 and 12 months (past dates done through closed reports, one overdue), one on variable dates ending
 * within 30 days (its expiry notice sent by the renewal job), two on-call contracts with hours partly
 * used (one under the 10-hour warning), and one ceased early. Each contract's work goes to the technician of
 * the customer's region under its fitting job role (air conditioning at a customer of the technician who holds it).
 */
export const SAMPLE_CONTRACTS = 6;

/**
 * The seed's context: a system principal named `demo-seed` with every permission of the company (it
 * writes the company's sample data through the services, as the office would), acting as itself:
 * the records it makes name no user as their author.
 */
export async function demoContext(deps: Deps, aziendaId: string): Promise<CompanyContext> {
  const everything = PAGE_KEYS.flatMap((key) =>
    (['read', 'write', 'delete'] as const).map((action) => ({ key, action })),
  );
  return systemContext(deps, aziendaId, 'demo-seed', everything);
}

/** `date` moved by whole months and days (calendar arithmetic on YYYY-MM-DD). */
function shift(date: string, months: number, days = 0): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const x = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(x.getUTCFullYear(), x.getUTCMonth() + 1, 0)).getUTCDate();
  x.setUTCDate(Math.min(d, last) + days);
  return x.toISOString().slice(0, 10);
}

export async function seedSampleContracts(deps: Deps, aziendaId: string): Promise<void> {
  const q = (text: string, values: unknown[] = []) => deps.database.executeSql(text, values);
  const ctx = await demoContext(deps, aziendaId);
  const { techs, plants, techFor } = await demoTerritory(deps, aziendaId);
  // The job roles with their checks and holders, by name.
  const jobs = (
    await q(
      `select m.id, m.nome, array_agg(c.id order by c.ordine) as checks,
              coalesce((select array_agg(h.utente_id) from utenti_mansioni h where h.mansione_id = m.id), '{}') as holders
         from mansioni m join controlli c on c.mansione_id = m.id
        where m.azienda_id = $1 group by m.id order by m.nome`,
      [aziendaId],
    )
  ).rows as { id: string; nome: string; checks: string[]; holders: string[] }[];
  const job = jobs.find((j) => j.nome === JOB.caldaie);
  const clima = jobs.find((j) => j.nome === JOB.clima) ?? job;
  const idraulici = jobs.find((j) => j.nome === JOB.idraulici) ?? job;
  // One plant per customer, the contracts each at another customer.
  const firstPlants = plants.filter((p, k) => plants.findIndex((x) => x.cliente_id === p.cliente_id) === k);
  if (firstPlants.length < SAMPLE_CONTRACTS || !techs.length || !job || !clima || !idraulici) return;
  const taken = new Set<string>();
  /** The next customer's plant worked by a technician who holds the job role (any when none does). */
  const plantFor = (role: { holders: string[] }): DemoPlant => {
    const free = firstPlants.filter((p) => !taken.has(p.cliente_id));
    const p = free.find((x) => role.holders.includes(techFor(x.provincia) ?? '')) ?? free[0]!;
    taken.add(p.cliente_id);
    return p;
  };
  const techAt = (p: DemoPlant) => techFor(p.provincia) ?? techs[0]!;

  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome' }).format(new Date());
  const month1 = `${today.slice(0, 8)}01`;
  const p1 = plantFor(job);
  const p2 = plantFor(clima);
  const p3 = plantFor(job);
  const p4 = plantFor(job);
  const p5 = plantFor(idraulici);
  const p6 = plantFor(idraulici);

  const save = (input: unknown) => saveContract(ctx, contractInput.parse(input));
  /** A closed report of `ore` hours worked on `data` by `tech` (optionally made from an activity date first). */
  const closedReport = async (o: {
    cliente_id: string;
    impianto_id: string;
    contratto_id: string;
    data: string;
    ore: string;
    tech: string;
    richiesta: string;
    mansione_id: string;
    from?: string;
    checks?: string[];
  }) => {
    const id = o.from
      ? await reportFromOccurrence(ctx, activityReportInput.parse({ id: o.from, tecnici: [o.tech] }))
      : undefined;
    const item = await saveReport(
      ctx,
      reportWorkRequest.parse({
        ...(id ? { id } : {}),
        cliente_id: o.cliente_id,
        impianto_id: o.impianto_id,
        contratto_id: o.contratto_id,
        tecnici_ids: [o.tech],
        mansione_id: o.mansione_id,
        data_apertura: o.data,
        richiesta_iniziale: o.richiesta,
        note: 'Intervento eseguito secondo contratto.',
        giornate: [{ data: o.data, tecnico_id: o.tech, totale_ore: o.ore, km_viaggio: '18', ore_viaggio: '0.5' }],
        controlli: (o.checks ?? []).map((controllo_id) => ({ controllo_id, esito: 'ok' })),
      }) as Parameters<typeof saveReport>[1],
    );
    // Closed on site at the end of the worked day.
    await close(ctx, item.id, 'chiudi', new Date(romeInstant(o.data, '17:50')));
  };
  const datesOf = async (contrattoId: string) =>
    (
      await q(
        `select d.id, d.data::text as data, a.descrizione from attivita_date d join contratti_attivita a on a.id = d.attivita_id
          where d.azienda_id = $1 and d.contratto_id = $2 order by d.data, a.posizione`,
        [aziendaId, contrattoId],
      )
    ).rows as { id: string; data: string; descrizione: string }[];

  // 1. Yearly maintenance, started 8 months ago, renews itself: every 6 and 12 months.
  const start1 = shift(month1, -8);
  const c1 = await save({
    cliente_id: p1.cliente_id,
    identificativo: `MAN-${start1.slice(0, 4)}-001`,
    descrizione: 'Manutenzione ordinaria caldaie e bruciatori',
    tipo: 'manutenzione',
    data_inizio: start1,
    data_fine: shift(start1, 12, -1),
    rinnovo_automatico: true,
    mesi_rinnovo: 12,
    giorni_preavviso_rinnovo: 30,
    impianti: [p1.id],
    macchinari: p1.machines.slice(0, 2),
    mansioni: [job.id],
    regole: { ritardo_massimo_giorni: 15 },
    abilitaPrezziContratto: true,
    prezzi: { ora: '38.00', ora_viaggio: '25.00', km: '0.45', diritto_chiamata: '0', attivita_contratto: '90.00' },
    attivita: [
      {
        nome: 'Manutenzione semestrale caldaia',
        mansione_id: job.id,
        impianto_id: p1.id,
        controlli: job.checks,
        macchinari: p1.machines.slice(0, 1),
        frequenza: { tipo: 'fissa', ogni: 6, unita: 'mesi' },
        regole: { ritardo_massimo_giorni: 10 },
        durata_minuti: 120,
      },
      {
        nome: 'Analisi fumi e libretto di impianto',
        mansione_id: job.id,
        impianto_id: p1.id,
        frequenza: { tipo: 'fissa', ogni: 12, unita: 'mesi', data_inizio: shift(start1, 1) },
        durata_minuti: 60,
      },
    ],
  });
  for (const d of (await datesOf(c1.id)).filter((x) => x.data < today && x.descrizione.startsWith('Manutenzione'))) {
    await closedReport({
      cliente_id: p1.cliente_id,
      impianto_id: p1.id,
      contratto_id: c1.id,
      data: d.data,
      ore: '2',
      tech: techAt(p1),
      richiesta: d.descrizione,
      mansione_id: job.id,
      from: d.id,
      checks: job.checks,
    });
  }
  // The fumes analysis due seven months ago stays undone: an overdue activity for the planner.

  // 2. Air conditioning on variable dates, ends within 30 days and does not renew: its notice goes.
  const end2 = shift(today, 0, 20);
  const start2 = shift(end2, -12, 1);
  await save({
    cliente_id: p2.cliente_id,
    identificativo: `MAN-${start2.slice(0, 4)}-002`,
    descrizione: 'Sanificazione e controllo climatizzatori',
    tipo: 'manutenzione',
    data_inizio: start2,
    data_fine: end2,
    rinnovo_automatico: false,
    giorni_preavviso_rinnovo: 30,
    avviso_cliente: false,
    impianti: [p2.id],
    mansioni: [clima.id],
    attivita: [
      {
        nome: 'Sanificazione split',
        mansione_id: clima.id,
        impianto_id: p2.id,
        frequenza: { tipo: 'variabile', date: [shift(start2, 1, 14), shift(start2, 6, 14), shift(end2, 0, -10)] },
        durata_minuti: 90,
      },
    ],
  });

  // 3 and 4. On call: 40 hours with 31.5 used (under the warning), 20 hours with 6 used.
  const onCall = async (p: typeof p3, n: string, ore: string, used: string[]) => {
    const start = shift(month1, -5);
    const c = await save({
      cliente_id: p.cliente_id,
      identificativo: `CHI-${start.slice(0, 4)}-${n}`,
      descrizione: `Assistenza su chiamata, pacchetto ${ore} ore`,
      tipo: 'chiamata',
      data_inizio: start,
      data_fine: shift(start, 12, -1),
      ore_contratto: ore,
      rinnovo_automatico: false,
      giorni_preavviso_rinnovo: 30,
      impianti: [p.id],
      mansioni: [job.id],
      abilitaPrezziContratto: true,
      prezzi: { ora: '42.00', diritto_chiamata: '35.00' },
    });
    const calls = ['Caldaia in blocco', 'Perdita dal circuito di riscaldamento', 'Bruciatore rumoroso'];
    for (const [k, hours] of used.entries()) {
      await closedReport({
        cliente_id: p.cliente_id,
        impianto_id: p.id,
        contratto_id: c.id,
        // A month apart, the last no later than yesterday.
        data: [shift(start, k + 1, 3), shift(today, 0, -1)].sort()[0]!,
        ore: hours,
        tech: techAt(p),
        richiesta: `Guasto segnalato dal cliente: ${calls[k % calls.length]!.toLowerCase()}`,
        mansione_id: job.id,
        checks: job.checks,
      });
    }
  };
  await onCall(p3, '001', '40', ['8', '6.5', '7', '5', '5']);
  await onCall(p4, '002', '20', ['2.5', '3.5']);

  // 5. Pressurisation unit checked every 3 months, and a single leak test in two weeks.
  const start5 = shift(month1, -2);
  await save({
    cliente_id: p5.cliente_id,
    identificativo: `MAN-${start5.slice(0, 4)}-003`,
    descrizione: 'Verifiche periodiche gruppo di pressurizzazione',
    tipo: 'manutenzione',
    data_inizio: start5,
    data_fine: shift(start5, 24, -1),
    rinnovo_automatico: true,
    mesi_rinnovo: 24,
    giorni_preavviso_rinnovo: 60,
    impianti: [p5.id],
    macchinari: p5.machines.slice(0, 1),
    mansioni: [idraulici.id],
    attivita: [
      {
        nome: 'Verifica trimestrale pressurizzazione',
        mansione_id: idraulici.id,
        impianto_id: p5.id,
        macchinari: p5.machines.slice(0, 1),
        frequenza: { tipo: 'fissa', ogni: 3, unita: 'mesi', data_inizio: shift(today, 0, 5) },
        durata_minuti: 60,
      },
      {
        nome: 'Prova di tenuta',
        mansione_id: idraulici.id,
        impianto_id: p5.id,
        frequenza: { tipo: 'data_singola', data: shift(today, 0, 14) },
        durata_minuti: 45,
      },
    ],
  });

  // 6. Ended early two months ago: the customer changed supplier.
  const start6 = shift(month1, -10);
  const c6 = await save({
    cliente_id: p6.cliente_id,
    identificativo: `MAN-${start6.slice(0, 4)}-007`,
    descrizione: 'Manutenzione impianto solare termico',
    tipo: 'manutenzione',
    data_inizio: start6,
    data_fine: shift(start6, 24, -1),
    impianti: [p6.id],
    mansioni: [idraulici.id],
    attivita: [
      {
        nome: 'Controllo pannelli e circuito',
        mansione_id: idraulici.id,
        impianto_id: p6.id,
        frequenza: { tipo: 'fissa', ogni: 4, unita: 'mesi' },
      },
    ],
  });
  await ceaseContract(ctx, c6.id, {
    data: shift(today, -2),
    motivo: 'Il cliente ha cambiato fornitore',
  });

  // The daily job's first run: the expiring contract's notice (logged when no SMTP is set).
  await runRenewal(deps, { today });
}
