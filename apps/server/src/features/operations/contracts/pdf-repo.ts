import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { aziende, media } from '../../../platform/db/schema.js';
import { mansioni } from '../../../platform/db/schema-articles.js';
import { attivitaDate, contrattiAttivita } from '../../../platform/db/schema-contracts.js';
import { clienti, impianti } from '../../../platform/db/schema-customers.js';

/** What the contract's PDF prints besides the contract: the company, the customer's address, the activities. */

export async function companyOf(db: DbOrTx, aziendaId: string) {
  const [c] = await db
    .select({
      ragioneSociale: aziende.ragioneSociale,
      partitaIva: aziende.partitaIva,
      codiceFiscale: aziende.codiceFiscale,
      indirizzo: aziende.indirizzo,
      cap: aziende.cap,
      citta: aziende.citta,
      provincia: aziende.provincia,
      telefono: aziende.telefono,
      mail: aziende.mailPrincipale,
      logoType: media.contentType,
      logoKey: media.storageKey,
    })
    .from(aziende)
    .leftJoin(media, and(eq(media.aziendaId, aziende.id), eq(media.id, aziende.logoMediaId)))
    .where(eq(aziende.id, aziendaId));
  return c!;
}

export async function customerOf(db: DbOrTx, aziendaId: string, clienteId: string) {
  const [c] = await db
    .select({
      ragioneSociale: clienti.ragioneSociale,
      partitaIva: clienti.partitaIva,
      codiceFiscale: clienti.codiceFiscale,
      indirizzo: clienti.indirizzo,
      cap: clienti.cap,
      citta: clienti.citta,
      provincia: clienti.provincia,
    })
    .from(clienti)
    .where(and(eq(clienti.aziendaId, aziendaId), eq(clienti.id, clienteId)));
  return c!;
}

export interface ActivityOfPdf {
  descrizione: string;
  frequenza: 'fissa' | 'variabile' | 'data_singola';
  ogni: number | null;
  unita: 'giorni' | 'settimane' | 'mesi' | 'anni' | null;
  date: string[] | null;
  mansione: string | null;
  impianto: string | null;
  /** The next dates not done, from `today` (planned date when moved), at most `next`. */
  prossime: string[];
}

/** The contract's activities in their order, each with its next dates still to do. */
export async function activitiesOf(
  db: DbOrTx,
  aziendaId: string,
  contrattoId: string,
  today: string,
  next = 3,
): Promise<ActivityOfPdf[]> {
  const rows = await db
    .select({
      descrizione: contrattiAttivita.descrizione,
      frequenza: contrattiAttivita.frequenza,
      ogni: contrattiAttivita.ogni,
      unita: contrattiAttivita.unita,
      date: sql<string[] | null>`${contrattiAttivita.date}::text[]`,
      mansione: mansioni.nome,
      impianto: impianti.nome,
      prossime: sql<string[] | null>`(select array_agg(x.d order by x.d) from (
          select coalesce(${attivitaDate.dataPianificata}, ${attivitaDate.data})::text as d from ${attivitaDate}
          where ${attivitaDate.aziendaId} = ${contrattiAttivita.aziendaId} and ${attivitaDate.attivitaId} = ${contrattiAttivita.id}
            and ${attivitaDate.fattaAt} is null and coalesce(${attivitaDate.dataPianificata}, ${attivitaDate.data}) >= ${today}::date
          order by 1 limit ${next}) x)`,
    })
    .from(contrattiAttivita)
    .leftJoin(
      mansioni,
      and(eq(mansioni.aziendaId, contrattiAttivita.aziendaId), eq(mansioni.id, contrattiAttivita.mansioneId)),
    )
    .leftJoin(
      impianti,
      and(eq(impianti.aziendaId, contrattiAttivita.aziendaId), eq(impianti.id, contrattiAttivita.impiantoId)),
    )
    .where(and(eq(contrattiAttivita.aziendaId, aziendaId), eq(contrattiAttivita.contrattoId, contrattoId)))
    .orderBy(asc(contrattiAttivita.posizione), asc(contrattiAttivita.createdAt), asc(contrattiAttivita.id));
  return rows.map((r) => ({ ...r, prossime: r.prossime ?? [] }));
}
