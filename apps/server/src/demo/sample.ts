import { sql } from 'drizzle-orm';
import type { TipoControllo } from '@fs/contract';
import type { Tx } from '../platform/db/client.js';
import { controlli, mansioni, utentiMansioni } from '../platform/db/schema-articles.js';
import { articlesBatch, customersBatch } from './generators.js';
import { SURNAMES } from './large-data.js';

/**
 * The sample registries of the demo company (`npm start`), so a first look finds
 * something to browse: customers with plants and machines, a small catalogue, and
 * three job roles with their checklists held by the technicians. Customers and
 * articles come from the same generators as the large benchmark company.
 */
export const SAMPLE = { customers: 36, articles: 120 };

const JOBS: {
  nome: string;
  descrizione: string;
  checks: { nome_campo: string; tipo: TipoControllo; obbligatorio?: boolean; valori?: string[] }[];
}[] = [
  {
    nome: 'Manutenzione caldaie',
    descrizione: 'Manutenzione ordinaria e controllo di efficienza energetica dei generatori di calore',
    checks: [
      { nome_campo: 'Pulizia bruciatore e scambiatore', tipo: 'boolean', obbligatorio: true },
      { nome_campo: 'Analisi di combustione eseguita', tipo: 'boolean', obbligatorio: true },
      { nome_campo: 'Rendimento di combustione (%)', tipo: 'number' },
      {
        nome_campo: 'Esito del controllo',
        tipo: 'select',
        obbligatorio: true,
        valori: ['Conforme', 'Da rivedere', 'Non conforme'],
      },
      { nome_campo: "Note sullo stato dell'impianto", tipo: 'textarea' },
    ],
  },
  {
    nome: 'Climatizzazione',
    descrizione: 'Installazione e manutenzione di climatizzatori e pompe di calore',
    checks: [
      { nome_campo: 'Prova di tenuta del circuito frigorifero', tipo: 'boolean', obbligatorio: true },
      { nome_campo: 'Pressione di esercizio (bar)', tipo: 'number' },
      { nome_campo: 'Pulizia filtri unità interne', tipo: 'boolean' },
      { nome_campo: 'Data prossimo controllo F-gas', tipo: 'date' },
    ],
  },
  {
    nome: 'Verifica impianti elettrici',
    descrizione: 'Verifiche periodiche di messa a terra e dispositivi di protezione',
    checks: [
      { nome_campo: 'Resistenza di terra (Ω)', tipo: 'number', obbligatorio: true },
      { nome_campo: 'Prova dei differenziali', tipo: 'boolean', obbligatorio: true },
      { nome_campo: 'Esito della verifica', tipo: 'select', obbligatorio: true, valori: ['Conforme', 'Non conforme'] },
    ],
  },
];

const NAMES = ['Giovanni', 'Francesca', 'Paolo', 'Elena', 'Marco', 'Chiara', 'Stefano', 'Silvia'];
const ROLES = ['Responsabile tecnico', 'Amministrazione', 'Titolare', 'Responsabile acquisti'];

export async function seedSampleData(tx: Tx, aziendaId: string, technicianIds: string[]): Promise<void> {
  await tx.execute(customersBatch(aziendaId, 1, SAMPLE.customers));
  // A contact person for two customers in three (names from short lists, mail at the customer's domain).
  await tx.execute(sql`
    insert into clienti_recapiti (azienda_id, cliente_id, nome, ruolo, telefono, email)
    select c.azienda_id, c.id, (${JSON.stringify(NAMES)}::jsonb ->> (n % ${NAMES.length})::int) || ' ' || (${JSON.stringify(SURNAMES)}::jsonb ->> (n * 7 % ${SURNAMES.length})::int),
      ${JSON.stringify(ROLES)}::jsonb ->> (n % ${ROLES.length})::int, '3' || (40 + n % 50)::text || ' ' || lpad((n * 7919 % 10000000)::text, 7, '0'),
      'referente' || n || '@' || split_part(c.email, '@', 2)
    from (select *, row_number() over (order by codice) as n from clienti where azienda_id = ${aziendaId}) c
    where n % 3 <> 0`);
  // From row 101: the generator's first rows all cost a euro or two.
  await tx.execute(articlesBatch(aziendaId, 101, 100 + SAMPLE.articles));
  for (const [i, job] of JOBS.entries()) {
    const [m] = await tx
      .insert(mansioni)
      .values({ aziendaId, nome: job.nome, descrizione: job.descrizione })
      .returning({ id: mansioni.id });
    await tx.insert(controlli).values(
      job.checks.map((c, ordine) => ({
        aziendaId,
        mansioneId: m!.id,
        nomeCampo: c.nome_campo,
        tipoCampo: c.tipo,
        obbligatorio: c.obbligatorio ?? false,
        valori: c.valori ?? [],
        ordine,
      })),
    );
    // Every technician holds the first role; the others go one each.
    const holders = i === 0 ? technicianIds : technicianIds.filter((_, k) => k % (JOBS.length - 1) === i - 1);
    if (holders.length)
      await tx.insert(utentiMansioni).values(holders.map((utenteId) => ({ aziendaId, utenteId, mansioneId: m!.id })));
  }
}
