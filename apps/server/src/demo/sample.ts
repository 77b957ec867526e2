import { sql } from 'drizzle-orm';
import type { ChecklistItemType } from '@fs/contract';
import type { Tx } from '../platform/db/client.js';
import { controlli, mansioni, utentiMansioni } from '../platform/db/schema-articles.js';
import { DEMO_CITIES } from './areas.js';
import { articlesBatch, customersBatch } from './generators.js';
import { SURNAMES } from './large-data.js';

/**
 * The sample registries of the demo company (`npm start`), so a first look finds
 * something to browse: customers with plants and machines in the company's two
 * regions (areas.ts), a small catalogue, and four job roles with their checklists
 * held by the technicians. Customers and articles come from the same generators as
 * the large benchmark company.
 */
export const SAMPLE = { customers: 36, articles: 120 };

/** The sample job roles' names, which the sample reports, contracts and planner file their work under. */
export const JOB = {
  caldaie: 'Manutenzione caldaie',
  clima: 'Climatizzazione',
  elettrici: 'Verifica impianti elettrici',
  idraulici: 'Impianti idraulici',
} as const;

const JOBS: {
  nome: string;
  descrizione: string;
  checks: { nome_campo: string; tipo: ChecklistItemType; obbligatorio?: boolean; valori?: string[] }[];
  /** Who holds it: every technician, or those at these places in the company's order (the first is 0). */
  holders: 'all' | number[];
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
    holders: 'all',
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
    holders: [0],
  },
  {
    nome: 'Verifica impianti elettrici',
    descrizione: 'Verifiche periodiche di messa a terra e dispositivi di protezione',
    checks: [
      { nome_campo: 'Resistenza di terra (Ω)', tipo: 'number', obbligatorio: true },
      { nome_campo: 'Prova dei differenziali', tipo: 'boolean', obbligatorio: true },
      { nome_campo: 'Esito della verifica', tipo: 'select', obbligatorio: true, valori: ['Conforme', 'Non conforme'] },
    ],
    holders: [1],
  },
  {
    nome: 'Impianti idraulici',
    descrizione: 'Gruppi di pressurizzazione, impianti solari termici, prove di tenuta delle reti idriche',
    checks: [
      { nome_campo: 'Prova di tenuta eseguita', tipo: 'boolean', obbligatorio: true },
      { nome_campo: 'Pressione di precarica del vaso (bar)', tipo: 'number' },
      {
        nome_campo: 'Funzionamento delle pompe',
        tipo: 'select',
        obbligatorio: true,
        valori: ['Regolare', 'Rumoroso', 'Da sostituire'],
      },
      { nome_campo: 'Note', tipo: 'textarea' },
    ],
    holders: [1],
  },
];

const NAMES = ['Giovanni', 'Francesca', 'Paolo', 'Elena', 'Marco', 'Chiara', 'Stefano', 'Silvia'];
const ROLES = ['Responsabile tecnico', 'Amministrazione', 'Titolare', 'Responsabile acquisti'];

export async function seedSampleData(tx: Tx, aziendaId: string, technicianIds: string[]): Promise<void> {
  await tx.execute(customersBatch(aziendaId, 1, SAMPLE.customers, DEMO_CITIES));
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
  for (const job of JOBS) {
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
    // Every technician maintains boilers; air conditioning goes with the first, electrical checks and plumbing with the second.
    const holders = job.holders === 'all' ? technicianIds : job.holders.flatMap((k) => technicianIds[k] ?? []);
    if (holders.length)
      await tx.insert(utentiMansioni).values(holders.map((utenteId) => ({ aziendaId, utenteId, mansioneId: m!.id })));
  }
}
