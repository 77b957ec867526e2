import { INTERVENTION_TYPES } from '@fs/contract';
import type { Deps } from '../platform/deps.js';
import { close, saveCampo, saveReport, signReport } from '../features/operations/index.js';
import { demoTerritory } from './areas.js';
import { romeInstant, shiftDay } from './days.js';
import { JOB } from './sample.js';
import { demoContext } from './sample-contracts.js';
import { demoSignaturePng } from './signature-png.js';

/**
 * About 60 sample work reports of the demo company over the last 90 days (issue 11), made
 * through the reports service so their numbers, hours and prices follow the real rules: the
 * older ones closed (signed and closed on their last worked day or the morning after, some
 * completed days later), the recent ones new or open, with worked days, materials, checks and
 * three custom fields. Each technician works at customers of their own region (areas.ts), under
 * a job role they hold, on requests of that role.
 */
export const SAMPLE_REPORTS = 56;
/** Besides, each technician has two new reports appointed today (09:00 and 14:30 in Rome): their home card. */
export const TODAY_APPOINTMENTS = ['09:00', '14:30'];

export { romeInstant };

const nextDay = (day: string) => shiftDay(day, 1);

/** What the customers ask for, by the job role the report is filed under (sample.ts). */
const REQUESTS: Record<string, string[]> = {
  [JOB.caldaie]: [
    'La caldaia va in blocco più volte al giorno',
    'Manutenzione annuale e analisi dei fumi',
    'Perdita d’acqua sotto lo scambiatore',
    'Sostituzione del circolatore',
    'Pressione dell’impianto bassa',
    'Rumore anomalo del bruciatore',
    'Installazione del nuovo termostato',
  ],
  [JOB.clima]: [
    'Il condizionatore non raffresca',
    'Sanificazione e pulizia dei filtri degli split',
    'Perdita di condensa dall’unità interna',
    'Controllo F-gas e prova di tenuta del circuito',
  ],
  [JOB.elettrici]: [
    'Verifica periodica dell’impianto di messa a terra',
    'Il differenziale scatta di continuo',
    'Verifica del quadro elettrico dopo il temporale',
  ],
  [JOB.idraulici]: [
    'Il gruppo di pressurizzazione non mantiene la pressione',
    'Prova di tenuta della rete idrica',
    'Controllo dell’impianto solare termico',
  ],
};
/** Who signs the demo's closed reports for the customer. */
const SIGNERS = ['Giuseppe Ferri', 'Anna Colombo', 'Marco Ricci', 'Elena Galli', 'Paolo Conti', 'Sara Marino'];
const REASONS = ['Guasto', 'Manutenzione programmata', 'Installazione', 'Verifica su richiesta'];

export async function seedSampleReports(deps: Deps, aziendaId: string): Promise<void> {
  const q = (text: string, values: unknown[] = []) => deps.database.executeSql(text, values);
  const ctx = await demoContext(deps, aziendaId);
  const { techs, plantsOf } = await demoTerritory(deps, aziendaId);
  const articles = (
    await q(`select id, descrizione from articoli where azienda_id = $1 order by codice limit 30`, [aziendaId])
  ).rows as { id: string; descrizione: string }[];
  const jobs = (
    await q(
      `select m.id, m.nome, array_agg(c.id order by c.ordine) as checks,
              coalesce((select array_agg(h.utente_id) from utenti_mansioni h where h.mansione_id = m.id), '{}') as holders
         from mansioni m join controlli c on c.mansione_id = m.id
        where m.azienda_id = $1 group by m.id order by m.nome`,
      [aziendaId],
    )
  ).rows as { id: string; nome: string; checks: string[]; holders: string[] }[];
  if (!techs.length || !plantsOf(techs[0]!).length) return;
  /** The job roles a technician holds, with requests of their own (one in turn by `k`). */
  const jobFor = (tech: string, k: number) => {
    const held = jobs.filter((j) => j.holders.includes(tech) && REQUESTS[j.nome]);
    return held.length ? held[k % held.length] : undefined;
  };
  const requestFor = (job: { nome: string } | undefined, k: number) => {
    const list = (job && REQUESTS[job.nome]) || REQUESTS[JOB.caldaie]!;
    return list[k % list.length]!;
  };

  const tipo = await saveCampo(ctx, {
    nome: 'Tipo di caldaia',
    tipo: 'scelta',
    scelte: ['Murale', 'A basamento', 'A condensazione'],
    // No default: only a boiler's report says which.
    valore: null,
    obbligatorio: false,
    abilitazione: true,
    valore_richiesto: null,
    posizione: 'intestazione',
    visibilita: { app: true, web: true, stampa: true },
    articolo_id: null,
  });
  const pressione = await saveCampo(ctx, {
    nome: 'Pressione finale (bar)',
    tipo: 'numero',
    valore: null,
    obbligatorio: true,
    abilitazione: true,
    valore_richiesto: null,
    posizione: 'chiusura',
    visibilita: { app: true, web: true, stampa: true },
    scelte: [],
    articolo_id: null,
  });
  const sicurezza = await saveCampo(ctx, {
    nome: 'Impianto lasciato in sicurezza',
    tipo: 'vero_falso',
    valore: null,
    obbligatorio: false,
    abilitazione: true,
    valore_richiesto: 'true',
    posizione: 'chiusura',
    visibilita: { app: true, web: true, stampa: true },
    scelte: [],
    articolo_id: null,
  });

  // Calendar days in Rome, whatever the server's own time zone.
  const romeToday = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome' }).format(new Date());
  const day = (back: number) => {
    const d = new Date(`${romeToday}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() - back);
    return d.toISOString().slice(0, 10);
  };
  for (let i = 0; i < SAMPLE_REPORTS; i++) {
    // Oldest first, so the numbers follow the dates; the last few are today's.
    const back = Math.max(0, Math.round(((SAMPLE_REPORTS - 1 - i) * 89) / (SAMPLE_REPORTS - 1)));
    // The technician at a plant of their own region, under a job role they hold.
    const tech = techs[i % techs.length]!;
    const own = plantsOf(tech);
    const plant = own[(Math.floor(i / techs.length) * 7) % own.length]!;
    const job = jobFor(tech, Math.floor(i / techs.length));
    const worked = back > 0 || i % 3 === 0;
    const state = back > 12 ? (i % 5 === 0 ? 'completa' : 'chiudi') : back > 4 && i % 2 === 0 ? 'chiudi' : 'open';
    const giornate = worked
      ? [
          {
            data: day(back),
            tecnico_id: tech,
            totale_ore: ['1.5', '2', '3.5', '4', '6'][i % 5]!,
            km_viaggio: String(5 + ((i * 13) % 60)),
            ore_viaggio: i % 2 ? '0.5' : '1',
            pranzo: (i % 4 === 0 ? 'S' : 'N') as 'S' | 'N',
          },
          // Now and then a second visit the day after, by the same technician.
          ...(i % 6 === 0 && back > 0
            ? [
                {
                  data: day(back - 1),
                  tecnico_id: tech,
                  totale_ore: '2.5',
                  km_viaggio: '18',
                  ore_viaggio: '0.5',
                },
              ]
            : []),
        ]
      : [];
    const materiali = worked
      ? articles
          .slice((i * 3) % Math.max(1, articles.length - 3), ((i * 3) % Math.max(1, articles.length - 3)) + 1 + (i % 3))
          .map((a, k) => ({ articolo_id: a.id, descrizione: a.descrizione, quantita: String(1 + ((i + k) % 3)) }))
      : [];
    const closing = state !== 'open';
    const item = await saveReport(ctx, {
      cliente_id: plant.cliente_id,
      impianto_id: plant.id,
      macchinari_ids: (plant.machines ?? []).slice(0, 1),
      tecnici_ids: [tech],
      mansione_id: job?.id ?? null,
      tipo_intervento: INTERVENTION_TYPES[i % INTERVENTION_TYPES.length]!,
      motivazione: REASONS[i % REASONS.length]!,
      richiesta_iniziale: requestFor(job, i),
      data_apertura: day(back),
      contrassegnato: i % 11 === 0,
      in_remoto: false,
      pianificato_remoto: false,
      note: closing ? 'Intervento eseguito, impianto funzionante.' : null,
      giornate: giornate.map((g) => ({
        pranzo: 'N' as const,
        cena: 'N' as const,
        pernottamento: 'N' as const,
        ritorno: false,
        prezzoImpostato: null,
        ...g,
        ore_mattina: null,
        ore_pomeriggio: null,
        inizio_mattina: null,
        fine_mattina: null,
        inizio_pomeriggio: null,
        fine_pomeriggio: null,
      })),
      materiali: materiali.map((m) => ({
        ...m,
        codice: null,
        unita: null,
        importo_unitario: null,
        costo_acquisto: null,
        prezzo_netto: null,
      })),
      controlli:
        closing && job
          ? job.checks.map((controllo_id, k) => ({ controllo_id, esito: k % 4 === 3 ? 'na' : 'ok', note: null }))
          : [],
      campi_personalizzati: [
        // The boiler's type only on a boiler's report.
        ...(job?.nome === JOB.caldaie
          ? [{ campo_id: tipo.id, valore: ['Murale', 'A basamento', 'A condensazione'][i % 3]! }]
          : []),
        ...(closing
          ? [
              { campo_id: pressione.id, valore: ['1.2', '1.5', '1.8'][i % 3]! },
              { campo_id: sicurezza.id, valore: 'true' },
            ]
          : []),
      ],
      gestionePrezziIntervento: null,
    });
    if (closing) {
      // Dated after the last worked day, as it went: signed and closed on site in the late afternoon (or the
      // next morning at the office), completed by the office a few days later.
      const lastDay =
        giornate
          .map((g) => g.data)
          .sort()
          .at(-1) ?? day(back);
      const closedAt = new Date(romeInstant(i % 3 === 2 ? nextDay(lastDay) : lastDay, i % 3 === 2 ? '09:10' : '17:40'));
      // Most closed reports carry the customer's signature, given on the technician's phone.
      if (i % 4 !== 1)
        await signReport(
          ctx,
          { id: item.id, firmatario: SIGNERS[i % SIGNERS.length]!, png: demoSignaturePng(i).toString('base64') },
          new Date(romeInstant(lastDay, '17:25')),
        );
      await close(ctx, item.id, 'chiudi', closedAt);
      if (state === 'completa')
        await close(ctx, item.id, 'completa', new Date(romeInstant(shiftDay(lastDay, 2 + (i % 4)), '10:30')));
    }
  }
  let n = 0;
  for (const tech of techs) {
    const own = plantsOf(tech);
    for (const time of TODAY_APPOINTMENTS) {
      const plant = own[(n * 5 + 3) % own.length]!;
      const job = jobFor(tech, n + 1);
      await saveReport(ctx, {
        cliente_id: plant.cliente_id,
        impianto_id: plant.id,
        macchinari_ids: (plant.machines ?? []).slice(0, 1),
        tecnici_ids: [tech],
        mansione_id: job?.id ?? null,
        tipo_intervento: INTERVENTION_TYPES[n % INTERVENTION_TYPES.length]!,
        motivazione: REASONS[n % REASONS.length]!,
        richiesta_iniziale: requestFor(job, n + 3),
        data_apertura: day(0),
        data_appuntamento: romeInstant(day(0), time),
        contrassegnato: false,
        in_remoto: false,
        pianificato_remoto: false,
        note: null,
        giornate: [],
        materiali: [],
        controlli: [],
        campi_personalizzati: job?.nome === JOB.caldaie ? [{ campo_id: tipo.id, valore: 'A condensazione' }] : [],
        gestionePrezziIntervento: null,
      });
      n++;
    }
  }
}
