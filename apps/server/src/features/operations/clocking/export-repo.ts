import { sql } from 'drizzle-orm';
import type { TravelLeg } from '@fs/contract';
import type { DbOrTx } from '../../../platform/db/client.js';

/**
 * The exports' reads (decision 0045): the technicians of a range, one technician's records of the range
 * in batches (keyset on the company day, the effective start and the id: memory stays flat whatever the
 * range), and the travel legs the daily allowance is worked out from (from the last outward travel before
 * the range, so a trip begun earlier still counts). Every query filters on the company.
 */

/** Rows per batch of one technician's records. */
export const EXPORT_BATCH = 1_000;

export interface ExportTechnician {
  id: string;
  nome: string;
}

export interface ExportRecordRow {
  id: string;
  tipo: 'LAVORO' | 'ANDATA' | 'RITORNO';
  giorno: string;
  start: Date;
  end: Date | null;
  startCorretta: Date | null;
  endCorretta: Date | null;
  startCalcolata: Date;
  endCalcolata: Date | null;
  minuti: number | null;
  aperta: boolean;
  cliente: string | null;
  km: string | null;
  posizioneNonValida: boolean;
  /** The six times on the company's wall clock, `YYYY-MM-DD HH:MM` (PostgreSQL formats them: cheaper than Intl). */
  wall: Record<'start' | 'end' | 'startCorretta' | 'endCorretta' | 'startCalcolata' | 'endCalcolata', string | null>;
  /** The effective start (corrected, else raw) as PostgreSQL writes it (microseconds kept): the batches' key. */
  effKey: string;
}

const asDate = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));

/**
 * The company's users with a record in the range or a trip running into it (or only `utenteId`), by the name
 * shown (surname and name, else the username). A user of another company is simply not found: the export is then empty.
 */
export async function technicians(
  db: DbOrTx,
  aziendaId: string,
  from: string,
  to: string,
  utenteId?: string,
): Promise<ExportTechnician[]> {
  const r = await db.execute(sql`
    select u.id, coalesce(nullif(trim(coalesce(u.surname, '') || ' ' || coalesce(u.name, '')), ''), u.username) as nome
      from utenti u
     where u.azienda_id = ${aziendaId}
       ${utenteId ? sql`and u.id = ${utenteId}` : sql``}
       and (exists (select 1 from timbrature t
                     where t.azienda_id = u.azienda_id and t.giorno between ${from} and ${to} and t.utente_id = u.id)
            -- the last travel before the range an outward travel still waiting for its return (the index on the
            -- raw start walks back from the range: a correction moving a leg across another is not looked for)
            or coalesce((select t.tipo = 'ANDATA' and not t.ritorno_non_necessario from timbrature t
                          where t.azienda_id = u.azienda_id and t.utente_id = u.id and t.tipo in ('ANDATA', 'RITORNO')
                            and t.giorno < ${from} and t.timbratura_start < ${from}::date + 2
                          order by t.timbratura_start desc limit 1), false))
     order by lower(coalesce(nullif(trim(coalesce(u.surname, '') || ' ' || coalesce(u.name, '')), ''), u.username)), u.id`);
  return r.rows as unknown as ExportTechnician[];
}

/**
 * One technician's travel legs in time order, from the last outward travel before `from` (a trip running into
 * the range) to `to`, and the first after `to` (the return of a trip running past it): what allowanceDays reads.
 * Few rows: at most two a day.
 */
export async function travelLegs(
  db: DbOrTx,
  aziendaId: string,
  utenteId: string,
  from: string,
  to: string,
): Promise<TravelLeg[]> {
  const leg = sql`select tipo, giorno, km, ritorno_non_necessario, coalesce(timbratura_start_corretta, timbratura_start) as eff, id
      from timbrature where azienda_id = ${aziendaId} and utente_id = ${utenteId} and tipo in ('ANDATA', 'RITORNO')`;
  const r = await db.execute(sql`
    select tipo, giorno::text as giorno, km::float8 as km, ritorno_non_necessario as "ritornoNonNecessario"
      from (
        (${leg}
           and giorno <= ${to}
           and giorno >= coalesce((select p.giorno from timbrature p
                                    where p.azienda_id = ${aziendaId} and p.utente_id = ${utenteId} and p.tipo = 'ANDATA'
                                      and p.giorno < ${from} and p.timbratura_start < ${from}::date + 2
                                    order by p.timbratura_start desc limit 1), ${from}::date))
        union all
        -- the first leg after the range: the return of a trip that covers the range's last days
        (${leg} and giorno > ${to} order by giorno, eff, id limit 1)
      ) l
     order by giorno, eff, id`);
  return r.rows as unknown as TravelLeg[];
}

/** After which record a batch goes on (keyset). */
export interface RecordCursor {
  giorno: string;
  effKey: string;
  id: string;
}

/** One batch of a technician's records of the range, in the order of the company day, the effective start, the id. */
export async function recordBatch(
  db: DbOrTx,
  aziendaId: string,
  utenteId: string,
  range: { from: string; to: string; timeZone: string },
  after: RecordCursor | null,
  limit = EXPORT_BATCH,
): Promise<ExportRecordRow[]> {
  const { from, to, timeZone } = range;
  const eff = sql`coalesce(t.timbratura_start_corretta, t.timbratura_start)`;
  const wall = (column: string, as: string) =>
    sql
      .raw(`to_char(t.${column} at time zone `)
      .append(sql`${timeZone}`)
      .append(sql.raw(`, 'YYYY-MM-DD HH24:MI') as "${as}"`));
  const r = await db.execute(sql`
    select t.id, t.tipo, t.giorno::text as giorno,
           t.timbratura_start as start, t.timbratura_end as "end",
           t.timbratura_start_corretta as "startCorretta", t.timbratura_end_corretta as "endCorretta",
           t.timbratura_start_calcolata as "startCalcolata", t.timbratura_end_calcolata as "endCalcolata",
           t.minuti_calcolati as minuti, t.aperta, c.ragione_sociale as cliente, t.km::text as km,
           (coalesce(t.start_fix_stale, false) or coalesce(t.end_fix_stale, false)) as "posizioneNonValida",
           (${eff})::text as "effKey",
           ${wall('timbratura_start', 'wStart')}, ${wall('timbratura_end', 'wEnd')},
           ${wall('timbratura_start_corretta', 'wStartCorretta')}, ${wall('timbratura_end_corretta', 'wEndCorretta')},
           ${wall('timbratura_start_calcolata', 'wStartCalcolata')}, ${wall('timbratura_end_calcolata', 'wEndCalcolata')}
      from timbrature t
      left join clienti c on c.azienda_id = t.azienda_id and c.id = t.cliente_id
     where t.azienda_id = ${aziendaId} and t.utente_id = ${utenteId}
       and t.giorno between ${from} and ${to}
       ${
         after
           ? sql`and (t.giorno, ${eff}, t.id) > (${after.giorno}::date, ${after.effKey}::timestamptz, ${after.id}::uuid)`
           : sql``
       }
     order by t.giorno, ${eff}, t.id
     limit ${limit}`);
  return (r.rows as Record<string, unknown>[]).map((x) => ({
    id: x.id as string,
    tipo: x.tipo as ExportRecordRow['tipo'],
    giorno: x.giorno as string,
    start: asDate(x.start)!,
    end: asDate(x.end),
    startCorretta: asDate(x.startCorretta),
    endCorretta: asDate(x.endCorretta),
    startCalcolata: asDate(x.startCalcolata)!,
    endCalcolata: asDate(x.endCalcolata),
    minuti: x.minuti === null ? null : Number(x.minuti),
    aperta: Boolean(x.aperta),
    cliente: (x.cliente as string | null) ?? null,
    km: (x.km as string | null) ?? null,
    posizioneNonValida: Boolean(x.posizioneNonValida),
    effKey: x.effKey as string,
    wall: {
      start: x.wStart as string | null,
      end: x.wEnd as string | null,
      startCorretta: x.wStartCorretta as string | null,
      endCorretta: x.wEndCorretta as string | null,
      startCalcolata: x.wStartCalcolata as string | null,
      endCalcolata: x.wEndCalcolata as string | null,
    },
  }));
}

/** All of a technician's records of the range, batch by batch. */
export async function* eachRecord(
  db: DbOrTx,
  aziendaId: string,
  utenteId: string,
  range: { from: string; to: string; timeZone: string },
  batch = EXPORT_BATCH,
): AsyncGenerator<ExportRecordRow> {
  let after: RecordCursor | null = null;
  for (;;) {
    const rows = await recordBatch(db, aziendaId, utenteId, range, after, batch);
    yield* rows;
    if (rows.length < batch) return;
    const last = rows.at(-1)!;
    after = { giorno: last.giorno, effKey: last.effKey, id: last.id };
  }
}
