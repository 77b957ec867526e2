import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import type { Span } from './daily-repo.js';

/**
 * The two statistics CSV exports' reads (decision 0046), a few days at a time (each read one range of the day's
 * index): memory stays flat whatever the range. Report days by their day; material lines of the reports opened in
 * the span by opening day. The caller walks the span in windows of CSV_WINDOW_DAYS.
 */

export const CSV_WINDOW_DAYS = 7;

export interface HoursRow {
  id: string;
  giorno: string;
  numero: string | null;
  stato: string;
  cliente: string;
  tecnico: string;
  ore: string;
  viaggio: string;
  km: string;
}

export async function hoursOf(db: DbOrTx, aziendaId: string, s: Span): Promise<HoursRow[]> {
  const r = await db.execute(sql`
    select g.id, g.data::text as giorno, r.numero_assistenza as numero, r.stato, cl.ragione_sociale as cliente,
           g.tecnico_nome as tecnico, g.totale_ore::text as ore, g.ore_viaggio::text as viaggio, g.km_viaggio::text as km
      from rapportini_giornate g
      -- Each day's report by its key (lateral: a week's few thousand lookups, never a hash of every report)
      cross join lateral (select r.numero_assistenza, r.stato, r.cliente_id from rapportini r
                           where r.azienda_id = g.azienda_id and r.id = g.rapportino_id limit 1) r
      join clienti cl on cl.azienda_id = ${aziendaId} and cl.id = r.cliente_id
     where g.azienda_id = ${aziendaId} and g.data between ${s.from} and ${s.to}
     order by g.data, r.numero_assistenza, g.ordine, g.id`);
  return r.rows as unknown as HoursRow[];
}

export interface MaterialRow {
  id: string;
  apertura: string;
  rapportinoId: string;
  ordine: number;
  numero: string | null;
  stato: string;
  cliente: string;
  codice: string | null;
  descrizione: string;
  quantita: string;
  unita: string | null;
  /** Quantity × the line's net price (its own, else the article's), to cents; null without a price. */
  importo: string | null;
}

export async function materialsOf(db: DbOrTx, aziendaId: string, s: Span): Promise<MaterialRow[]> {
  const r = await db.execute(sql`
    select m.id, r.data_apertura::text as apertura, r.id as "rapportinoId", m.ordine, r.numero_assistenza as numero,
           r.stato, cl.ragione_sociale as cliente, m.codice, m.descrizione, m.quantita::text as quantita, m.unita,
           round(m.quantita * coalesce(m.prezzo_netto, m.importo_unitario), 2)::text as importo
      from rapportini r
      join rapportini_materiali m on m.rapportino_id = r.id and m.azienda_id = r.azienda_id
      join clienti cl on cl.azienda_id = r.azienda_id and cl.id = r.cliente_id
     where r.azienda_id = ${aziendaId} and r.data_apertura between ${s.from} and ${s.to}
     order by r.data_apertura, r.numero_assistenza, r.id, m.ordine`);
  return r.rows as unknown as MaterialRow[];
}
