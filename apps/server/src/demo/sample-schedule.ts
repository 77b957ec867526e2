import { appointmentRequest, contractInput, todoRequest, type ScheduleWarning } from '@fs/contract';
import type { Deps } from '../platform/deps.js';
import { saveAppointment, saveContract, saveTodo } from '../features/operations/index.js';
import { demoTerritory, type DemoPlant } from './areas.js';
import { romeInstant } from './days.js';
import { JOB } from './sample.js';
import { demoContext } from './sample-contracts.js';

/**
 * The demo company's planner (issue 14), made through the schedule and contract services so the
 * links, planned days and warnings follow the real rules: appointments for every technician on the
 * working days (Monday to Friday, fixed Italian holidays off) of this month and the next, 2 to 4 a
 * day between 8:00 and 18:00 in Rome or one all day; the days' sample reports linked to their
 * appointments (today's at their own times), a few new reports made with the next days'
 * appointments, contract activity dates planned into appointments, two reminders, one overlapping
 * pair saved over its warning, to-dos without dates, and a contract with two recent overdue dates.
 * Each technician's appointments are at customers of their own region (areas.ts), titled and filed
 * under a job role they hold. Runs once: a company that has appointments is left as it is.
 */
export const SAMPLE_TODOS = 5;

/** Slots of a day by how many appointments it holds (Rome wall clock). */
const SLOTS: Record<number, [string, string][]> = {
  2: [
    ['09:00', '11:00'],
    ['14:30', '17:00'],
  ],
  3: [
    ['08:00', '10:00'],
    ['10:30', '12:30'],
    ['14:00', '16:30'],
  ],
  4: [
    ['08:00', '09:30'],
    ['10:00', '12:00'],
    ['13:30', '15:00'],
    ['15:30', '17:30'],
  ],
};
/** Fixed holidays (MM-DD): no appointments. */
const HOLIDAYS = ['01-01', '01-06', '04-25', '05-01', '06-02', '08-15', '11-01', '12-08', '12-25', '12-26'];
/** Titles by job role: short visits, and whole-day works. */
const TITLES: Record<string, { visits: string[]; allDay: string[] }> = {
  [JOB.caldaie]: {
    visits: [
      'Manutenzione ordinaria caldaia',
      'Analisi fumi e pulizia bruciatore',
      'Caldaia in blocco: verifica',
      'Sostituzione circolatore',
    ],
    allDay: ['Cantiere: sostituzione generatore', 'Rifacimento centrale termica'],
  },
  [JOB.clima]: {
    visits: [
      'Sanificazione climatizzatori',
      'Climatizzatore non raffresca',
      'Installazione split',
      'Ricarica gas e prova di tenuta',
    ],
    allDay: ['Installazione pompa di calore'],
  },
  [JOB.elettrici]: {
    visits: ['Verifica messa a terra', 'Prova dei differenziali', 'Verifica quadro elettrico'],
    allDay: ['Rifacimento quadro elettrico'],
  },
  [JOB.idraulici]: {
    visits: ['Verifica gruppo di pressurizzazione', 'Prova di tenuta rete idrica', 'Controllo solare termico'],
    allDay: ['Rifacimento centrale idrica'],
  },
};
/** Without a job role: a look at the place, an estimate. */
const OTHER_TITLES = ['Sopralluogo', 'Preventivo in loco'];
const NOTES = [
  'Chiamare il referente mezz’ora prima di arrivare',
  null,
  'Portare guarnizioni e filtri di ricambio',
  null,
  'Accesso dal cortile interno, citofono Manutenzione',
  null,
  null,
];

const dayAfter = (d: string, n: number) => {
  const x = new Date(`${d}T12:00:00Z`);
  x.setUTCDate(x.getUTCDate() + n);
  return x.toISOString().slice(0, 10);
};
export const isWorkingDay = (d: string) => {
  const wd = new Date(`${d}T12:00:00Z`).getUTCDay();
  return wd !== 0 && wd !== 6 && !HOLIDAYS.includes(d.slice(5));
};
const plusHours = (time: string, h: number) => {
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return `${String(hh + h).padStart(2, '0')}:${String(mm).padStart(2, '0')}`;
};

interface Content {
  titolo: string;
  cliente_id: string;
  impianto_id?: string | null;
  macchinari_ids?: string[];
  mansione_id?: string | null;
  note?: string | null;
  rapportino_id?: string;
  attivita_data_id?: string;
  crea_rapportino?: boolean;
  promemoria_minuti?: number;
}

export interface ScheduleSeedResult {
  appointments: number;
  /** The sample reports' own appointments (made with the reports, decision 0040), kept where they are. */
  kept: number;
  todos: number;
  /** Appointments the services refused (warnings not meant): none, unless the sample data changed. */
  skipped: { titolo: string; day: string; avvisi: ScheduleWarning[] }[];
}

export async function seedSampleSchedule(deps: Deps, aziendaId: string): Promise<ScheduleSeedResult> {
  const out: ScheduleSeedResult = { appointments: 0, kept: 0, todos: 0, skipped: [] };
  const q = async <T>(text: string, values: unknown[] = []) =>
    (await deps.database.executeSql(text, values)).rows as T[];
  // Seeded once: the sample reports' own appointments (today's) do not count.
  const [{ n }] = (await q<{ n: number }>(
    'select count(*)::int as n from appuntamenti where azienda_id = $1 and rapportino_id is null',
    [aziendaId],
  )) as [{ n: number }];
  if (n > 0) return out;
  const ctx = await demoContext(deps, aziendaId);
  const { techs, plants, plantsOf, techFor } = await demoTerritory(deps, aziendaId);
  const jobs = await q<{ id: string; nome: string }>(
    'select id, nome from mansioni where azienda_id = $1 order by nome',
    [aziendaId],
  );
  const held = await q<{ utente_id: string; mansione_id: string }>(
    'select utente_id, mansione_id from utenti_mansioni where azienda_id = $1',
    [aziendaId],
  );
  if (!plants.length || !techs.length) return out;
  const jobsOf = (tech: string) => jobs.filter((j) => held.some((h) => h.utente_id === tech && h.mansione_id === j.id));
  const holds = (tech: string, job: string | null) =>
    !job || held.some((h) => h.utente_id === tech && h.mansione_id === job);

  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome' }).format(new Date());
  const month1 = `${today.slice(0, 8)}01`;
  const [y, m] = today.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).toISOString().slice(0, 10);

  // A maintenance contract whose last two dates passed undone: recent overdue activities for the planner,
  // air conditioning at a customer of the technician who holds it.
  const clima = jobs.find((j) => j.nome === JOB.clima) ?? jobs[0];
  const climaTech = techs.find((t) => holds(t, clima?.id ?? null)) ?? techs[0]!;
  const climaPlants = plantsOf(climaTech);
  const p7 = climaPlants[(6 * 5) % climaPlants.length]!;
  await saveContract(
    ctx,
    contractInput.parse({
      cliente_id: p7.cliente_id,
      identificativo: `MAN-${today.slice(0, 4)}-008`,
      descrizione: 'Manutenzione climatizzazione uffici',
      tipo: 'manutenzione',
      data_inizio: dayAfter(today, -40),
      data_fine: dayAfter(dayAfter(today, -40), 364),
      rinnovo_automatico: true,
      mesi_rinnovo: 12,
      giorni_preavviso_rinnovo: 30,
      impianti: [p7.id],
      mansioni: clima ? [clima.id] : [],
      regole: { ritardo_massimo_giorni: 7 },
      attivita: [
        {
          nome: 'Pulizia filtri e controllo gas refrigerante',
          mansione_id: clima?.id ?? null,
          impianto_id: p7.id,
          frequenza: {
            tipo: 'variabile',
            date: [dayAfter(today, -26), dayAfter(today, -9), dayAfter(today, 12), dayAfter(today, 33)],
          },
          durata_minuti: 90,
        },
      ],
    }),
  );

  // What is fixed on a technician's day: the day's sample reports and the activity dates to plan.
  // A report appointed already (its appointment is the planner's, decision 0040) is kept: its time is taken.
  const fixed = new Map<string, { c: Content; at?: string; kept?: boolean }[]>();
  const pin = (tech: string, day: string, c: Content, at?: string | null, kept = false) => {
    const k = `${tech}|${day}`;
    fixed.set(k, [...(fixed.get(k) ?? []), at ? { c, at, kept } : { c }]);
  };
  const reports = await q<{
    id: string;
    cliente_id: string;
    impianto_id: string | null;
    mansione_id: string | null;
    richiesta_iniziale: string | null;
    day: string;
    at: string | null;
    kept: boolean;
    tech: string;
  }>(
    `select r.id, r.cliente_id, r.impianto_id, r.richiesta_iniziale,
            (select x.mansione_id from rapportini_mansioni x where x.rapportino_id = r.id order by x.mansione_id limit 1) as mansione_id, r.data_apertura::text as day,
            to_char(a.inizio at time zone 'Europe/Rome', 'HH24:MI') as at, a.id is not null as kept,
            (select t.utente_id from rapportini_tecnici t where t.rapportino_id = r.id order by t.utente_id limit 1) as tech
       from rapportini r left join appuntamenti a on a.azienda_id = r.azienda_id and a.rapportino_id = r.id
      where r.azienda_id = $1 and r.data_apertura between $2 and $3
      order by r.data_apertura, a.inizio nulls last, r.id`,
    [aziendaId, month1, today],
  );
  for (const r of reports) {
    // Today only the reports appointed at a time (the technicians' home card): their appointments keep it.
    if (!r.tech || !isWorkingDay(r.day) || (r.day === today && !r.at)) {
      if (r.kept) out.kept++;
      continue;
    }
    pin(
      r.tech,
      r.day,
      {
        titolo: r.richiesta_iniziale?.slice(0, 80) || 'Intervento',
        cliente_id: r.cliente_id,
        impianto_id: r.impianto_id,
        mansione_id: holds(r.tech, r.mansione_id) ? r.mansione_id : null,
        rapportino_id: r.id,
      },
      r.at,
      r.kept,
    );
  }
  const occurrences = await q<{
    id: string;
    data: string;
    nome: string;
    cliente_id: string;
    provincia: string | null;
    impianto_id: string | null;
    mansione_id: string | null;
  }>(
    `select d.id, d.data::text as data, a.descrizione as nome, c.cliente_id, k.provincia, a.impianto_id, a.mansione_id
       from attivita_date d join contratti_attivita a on a.id = d.attivita_id join contratti c on c.id = d.contratto_id
       join clienti k on k.id = c.cliente_id
      where d.azienda_id = $1 and not c.cessato and d.fatta_at is null and d.rapportino_id is null
        and d.data > $2 and d.data <= $3 order by d.data, d.id`,
    [aziendaId, today, lastDay],
  );
  // Every other one planned: the rest stay beside the calendar, to be dragged onto it.
  for (const [i, o] of occurrences.entries()) {
    if (i % 2 === 1) continue;
    // On its day, or the working day before it (not before tomorrow).
    let day = o.data;
    while (!isWorkingDay(day) && day > dayAfter(today, 1)) day = dayAfter(day, -1);
    while (!isWorkingDay(day)) day = dayAfter(day, 1);
    // The technician of the customer's region (the contracts put each job role where its holder works).
    const tech = techFor(o.provincia) ?? techs[0]!;
    pin(tech, day, {
      titolo: o.nome,
      cliente_id: o.cliente_id,
      impianto_id: o.impianto_id,
      mansione_id: holds(tech, o.mansione_id) ? o.mansione_id : null,
      attivita_data_id: o.id,
      note: 'Attività da contratto',
    });
  }

  const save = async (
    tech: string,
    day: string,
    c: Content,
    times: { from: string; to: string } | 'all-day',
    conferma = false,
  ) => {
    const body = appointmentRequest.parse({
      ...c,
      tecnici_ids: [tech],
      ...(times === 'all-day'
        ? { tutto_il_giorno: true, data_inizio: day, data_fine: day }
        : { inizio: romeInstant(day, times.from), fine: romeInstant(day, times.to) }),
      conferma,
    });
    const r = await saveAppointment(ctx, body);
    if (r.success) out.appointments++;
    else out.skipped.push({ titolo: c.titolo, day, avvisi: r.avvisi });
  };

  let seq = 0;
  /**
   * A varied appointment for the technician: a plant of their region (with a machine now and then),
   * titled by a job role they hold (a site visit or an estimate, without one, now and then).
   */
  const generic = (tech: string, allDay = false): Content => {
    seq++;
    const own: DemoPlant[] = plantsOf(tech);
    const plant = own[(seq * 7 + techs.indexOf(tech) * 11) % own.length]!;
    const mine = jobsOf(tech).filter((j) => TITLES[j.nome]);
    const job = mine.length && (allDay || seq % 6 !== 5) ? mine[seq % mine.length]! : undefined;
    const titles = job ? TITLES[job.nome]![allDay ? 'allDay' : 'visits'] : OTHER_TITLES;
    return {
      titolo: titles[seq % titles.length]!,
      cliente_id: plant.cliente_id,
      impianto_id: seq % 5 === 4 ? null : plant.id,
      macchinari_ids: seq % 5 === 4 || seq % 3 ? [] : plant.machines.slice(0, 1),
      mansione_id: job?.id ?? null,
      note: NOTES[seq % NOTES.length] ?? null,
    };
  };

  const soon = dayAfter(today, 10);
  let reminders = 0;
  let overlap = false;
  let index = 0;
  for (let day = month1; day <= lastDay; day = dayAfter(day, 1)) {
    if (!isWorkingDay(day)) continue;
    index++;
    for (const [ti, tech] of techs.entries()) {
      const pinned = fixed.get(`${tech}|${day}`) ?? [];
      if (!pinned.length && day !== today && (index + ti * 4) % 9 === 4) {
        await save(tech, day, generic(tech, true), 'all-day');
        continue;
      }
      // Today: the two appointed reports and two visits without a report yet (made from the visit on the phone).
      const count = Math.max(pinned.length, day === today ? 4 : 2 + ((index * 7 + ti * 3) % 3));
      // Appointed reports keep their time (those with an appointment already keep it whole: an hour); the rest
      // take the day's free slots in order.
      const timed = pinned
        .filter((p) => p.at)
        .map((p) => ({ from: p.at!, to: plusHours(p.at!, p.kept ? 1 : 2), c: p.c, kept: p.kept }));
      const free = SLOTS[Math.min(4, count)]!.filter(([from, to]) => !timed.some((x) => x.from < to && from < x.to));
      const untimed = pinned.filter((p) => !p.at);
      const planned = [
        ...timed,
        ...free.slice(0, count - timed.length).map(([from, to], k) => ({ from, to, c: untimed[k]?.c })),
      ];
      for (const [k, { from, to, c: p, ...x }] of planned.entries()) {
        if ('kept' in x && x.kept) {
          out.kept++;
          continue;
        }
        const c: Content = p ?? generic(tech);
        // A few new reports made with the next days' appointments (those of a job role), and two reminders.
        if (!p && day > today && day <= soon && k === 0 && c.mansione_id) c.crea_rapportino = true;
        if (day > today && reminders < 2 && k === 1 && !p) {
          c.promemoria_minuti = reminders === 0 ? 60 : 1440;
          reminders++;
        }
        await save(tech, day, c, { from, to });
      }
      // One urgent visit over another appointment, saved over the overlap warning (the planner shows it).
      if (!overlap && ti === techs.length - 1 && day > dayAfter(today, 1)) {
        overlap = true;
        await save(
          tech,
          day,
          { ...generic(tech), titolo: 'Sopralluogo urgente', note: 'Perdita segnalata dal cliente' },
          { from: '10:00', to: '11:00' },
          true,
        );
      }
    }
  }

  // To-dos: appointments without dates, beside the calendar, some already given to the technician of the place.
  const jobId = (nome: string) => jobs.find((j) => j.nome === nome)?.id ?? null;
  const first = techs[0]!;
  const last = techs.at(-1)!;
  const todos: { c: Content; tech?: string }[] = [
    { c: { ...generic(first), titolo: 'Richiamare per il preventivo della nuova caldaia', mansione_id: null } },
    {
      c: { ...generic(first), titolo: 'Sopralluogo per installazione pompa di calore', mansione_id: jobId(JOB.clima) },
      tech: first,
    },
    { c: { ...generic(last), titolo: 'Sostituzione termostato ambiente', mansione_id: jobId(JOB.caldaie) } },
    {
      c: { ...generic(last), titolo: 'Verificare perdita sotto lo scambiatore', mansione_id: jobId(JOB.caldaie) },
      tech: last,
    },
    {
      c: {
        ...generic(last),
        titolo: 'Controllo quadro elettrico dopo il temporale',
        mansione_id: jobId(JOB.elettrici),
      },
    },
  ];
  for (const { c, tech } of todos.slice(0, SAMPLE_TODOS)) {
    await saveTodo(
      ctx,
      todoRequest.parse({
        ...c,
        tecnici_ids: tech ? [tech] : [],
        ...(!tech || holds(tech, c.mansione_id ?? null) ? {} : { mansione_id: null }),
      }),
    );
    out.todos++;
  }
  return out;
}
