import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import type { Span } from './daily-repo.js';

/**
 * The two statistics CSV exports' reads (decision 0046), in batches (keyset): memory stays flat whatever the
 * range. Report days by their day; material lines of the reports opened in the span by opening day.
 */

export const CSV_BATCH = 2_000;

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

export async function hoursBatch(
  db: DbOrTx,
  aziendaId: string,
  s: Span,
  after: { giorno: string; id: string } | null,
  limit = CSV_BATCH,
): Promise<HoursRow[]> {
  const r = await db.execute(sql`
    select g.id, g.data::text as giorno, r.numero_assistenza as numero, r.stato, cl.ragione_sociale as cliente,
           g.tecnico_nome as tecnico, g.totale_ore::text as ore, g.ore_viaggio::text as viaggio, g.km_viaggio::text as km
      from rapportini_giornate g
      join rapportini r on r.azienda_id = g.azienda_id and r.id = g.rapportino_id
      join clienti cl on cl.azienda_id = r.azienda_id and cl.id = r.cliente_id
     where g.azienda_id = ${aziendaId} and g.data between ${s.from} and ${s.to}
       ${after ? sql`and (g.data, g.id) > (${after.giorno}::date, ${after.id}::uuid)` : sql``}
     order by g.data, g.id
     limit ${limit}`);
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

export async function materialsBatch(
  db: DbOrTx,
  aziendaId: string,
  s: Span,
  after: { apertura: string; rapportinoId: string; ordine: number } | null,
  limit = CSV_BATCH,
): Promise<MaterialRow[]> {
  const r = await db.execute(sql`
    select m.id, r.data_apertura::text as apertura, r.id as "rapportinoId", m.ordine, r.numero_assistenza as numero,
           r.stato, cl.ragione_sociale as cliente, m.codice, m.descrizione, m.quantita::text as quantita, m.unita,
           round(m.quantita * coalesce(m.prezzo_netto, m.importo_unitario), 2)::text as importo
      from rapportini r
      join rapportini_materiali m on m.rapportino_id = r.id and m.azienda_id = r.azienda_id
      join clienti cl on cl.azienda_id = r.azienda_id and cl.id = r.cliente_id
     where r.azienda_id = ${aziendaId} and r.data_apertura between ${s.from} and ${s.to}
       ${
         after
           ? sql`and (r.data_apertura, r.id, m.ordine) > (${after.apertura}::date, ${after.rapportinoId}::uuid, ${after.ordine}::int)`
           : sql``
       }
     order by r.data_apertura, r.id, m.ordine
     limit ${limit}`);
  return r.rows as unknown as MaterialRow[];
}
