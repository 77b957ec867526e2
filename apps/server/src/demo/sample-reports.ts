import { adminPermissions, TIPI_INTERVENTO } from '@fs/contract';
import type { Actor } from '../platform/auth/actor.js';
import type { Deps } from '../platform/deps.js';
import { close, saveCampo, saveReport, signReport } from '../features/operations/index.js';
import { demoSignaturePng } from './signature-png.js';

/**
 * About 60 sample work reports of the demo company over the last 90 days (issue 11), made
 * through the reports service so their numbers, hours and prices follow the real rules: the
 * older ones closed (some completed), the recent ones new or open, with worked days,
 * materials, checks and three custom fields.
 */
export const SAMPLE_REPORTS = 56;
/** Besides, each technician has two new reports appointed today (09:00 and 14:30 in Rome): their home card. */
export const TODAY_APPOINTMENTS = ['09:00', '14:30'];

/** `date` (YYYY-MM-DD) at `time` (HH:MM) in Europe/Rome, as an ISO instant with the right offset (CET or CEST). */
export function romeInstant(date: string, time: string): string {
  const guess = new Date(`${date}T${time}:00Z`);
  const offset =
    new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Rome', timeZoneName: 'longOffset' })
      .formatToParts(guess)
      .find((p) => p.type === 'timeZoneName')
      ?.value.replace('GMT', '') || '+00:00';
  return new Date(`${date}T${time}:00${offset}`).toISOString();
}

const REQUESTS = [
  'La caldaia va in blocco più volte al giorno',
  'Manutenzione annuale e analisi dei fumi',
  'Perdita d’acqua sotto lo scambiatore',
  'Il condizionatore non raffresca',
  'Sostituzione del circolatore',
  'Pressione dell’impianto bassa',
  'Rumore anomalo del bruciatore',
  'Installazione del nuovo termostato',
];
/** Who signs the demo's closed reports for the customer. */
const SIGNERS = ['Giuseppe Ferri', 'Anna Colombo', 'Marco Ricci', 'Elena Galli', 'Paolo Conti', 'Sara Marino'];
const REASONS = ['Guasto', 'Manutenzione programmata', 'Installazione', 'Verifica su richiesta'];

export async function seedSampleReports(deps: Deps, aziendaId: string): Promise<void> {
  const q = (text: string, values: unknown[] = []) => deps.database.executeSql(text, values);
  const users = (await q(`select id, role from utenti where azienda_id = $1 order by ordine, username`, [aziendaId]))
    .rows as { id: string; role: string }[];
  const admin = users.find((u) => u.role === 'admin')!;
  const techs = users.filter((u) => u.role === 'user').map((u) => u.id);
  const actor: Actor = {
    userId: admin.id,
    aziendaId,
    sessionId: '00000000-0000-0000-0000-000000000000',
    source: 'WEB',
    deviceId: 'demo-seed',
    role: 'admin',
    superuser: false,
    lingua: 'IT',
    permissions: adminPermissions(),
    permissionsUpdatedAt: new Date(),
  };
  const plants = (
    await q(
      `select p.id, p.cliente_id, (select array_agg(m.id) from macchinari m where m.impianto_id = p.id) as machines
         from impianti p where p.azienda_id = $1 order by p.nome limit 40`,
      [aziendaId],
    )
  ).rows as { id: string; cliente_id: string; machines: string[] | null }[];
  const articles = (
    await q(`select id, descrizione from articoli where azienda_id = $1 order by codice limit 30`, [aziendaId])
  ).rows as { id: string; descrizione: string }[];
  const jobs = (
    await q(
      `select m.id, array_agg(c.id order by c.ordine) as checks from mansioni m join controlli c on c.mansione_id = m.id
        where m.azienda_id = $1 group by m.id order by m.nome`,
      [aziendaId],
    )
  ).rows as { id: string; checks: string[] }[];
  if (!plants.length || !techs.length) return;

  const tipo = await saveCampo(deps, actor, {
    nome: 'Tipo di caldaia',
    tipo: 'scelta',
    scelte: ['Murale', 'A basamento', 'A condensazione'],
    valore: 'Murale',
    obbligatorio: false,
    abilitazione: true,
    valore_richiesto: null,
    posizione: 'intestazione',
    visibilita: { app: true, web: true, stampa: true },
    articolo_id: null,
  });
  const pressione = await saveCampo(deps, actor, {
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
  const sicurezza = await saveCampo(deps, actor, {
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
    const plant = plants[(i * 7) % plants.length]!;
    const tech = techs[i % techs.length]!;
    const job = jobs.length ? jobs[i % jobs.length]! : undefined;
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
          ...(i % 6 === 0
            ? [
                {
                  data: day(Math.max(0, back - 1)),
                  tecnico_id: techs[(i + 1) % techs.length]!,
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
    const item = await saveReport(deps, actor, {
      cliente_id: plant.cliente_id,
      impianto_id: plant.id,
      macchinari_ids: (plant.machines ?? []).slice(0, 1),
      tecnici_ids: [tech],
      mansione_id: job?.id ?? null,
      tipo_intervento: TIPI_INTERVENTO[i % TIPI_INTERVENTO.length]!,
      motivazione: REASONS[i % REASONS.length]!,
      richiesta_iniziale: REQUESTS[i % REQUESTS.length]!,
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
        { campo_id: tipo.id, valore: ['Murale', 'A basamento', 'A condensazione'][i % 3]! },
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
      // Most closed reports carry the customer's signature, given on the technician's phone.
      if (i % 4 !== 1)
        await signReport(deps, actor, {
          id: item.id,
          firmatario: SIGNERS[i % SIGNERS.length]!,
          png: demoSignaturePng(i).toString('base64'),
        });
      await close(deps, actor, item.id, 'chiudi');
      if (state === 'completa') await close(deps, actor, item.id, 'completa');
    }
  }
  let n = 0;
  for (const tech of techs) {
    for (const time of TODAY_APPOINTMENTS) {
      const plant = plants[(n * 5 + 3) % plants.length]!;
      await saveReport(deps, actor, {
        cliente_id: plant.cliente_id,
        impianto_id: plant.id,
        macchinari_ids: (plant.machines ?? []).slice(0, 1),
        tecnici_ids: [tech],
        mansione_id: jobs.length ? jobs[n % jobs.length]!.id : null,
        tipo_intervento: TIPI_INTERVENTO[n % TIPI_INTERVENTO.length]!,
        motivazione: REASONS[n % REASONS.length]!,
        richiesta_iniziale: REQUESTS[(n + 3) % REQUESTS.length]!,
        data_apertura: day(0),
        data_appuntamento: romeInstant(day(0), time),
        contrassegnato: false,
        in_remoto: false,
        pianificato_remoto: false,
        note: null,
        giornate: [],
        materiali: [],
        controlli: [],
        campi_personalizzati: [{ campo_id: tipo.id, valore: 'A condensazione' }],
        gestionePrezziIntervento: null,
      });
      n++;
    }
  }
}
