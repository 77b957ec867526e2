import { PAGE_KEYS, type PagePermission } from '@fs/contract';
import { call, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';

/**
 * The statistics tests' small company (Europe/Rome), written row by row so every expected figure can be worked
 * out by hand (statistics.test.ts says how). The range is October 2026; the previous period 31 Aug - 30 Sep.
 */

type S = { token: string; deviceId: string };

const ALL: PagePermission = {
  userRead: true,
  userWrite: true,
  userDelete: true,
  companyRead: true,
  companyWrite: true,
  companyDelete: true,
};
const NONE: PagePermission = {
  ...ALL,
  userRead: false,
  userWrite: false,
  userDelete: false,
  companyRead: false,
  companyWrite: false,
  companyDelete: false,
};

/** Every area of the office but `without`. */
export const officeWithout = (...without: string[]) =>
  Object.fromEntries(PAGE_KEYS.map((k) => [k, without.includes(k) ? NONE : ALL]));

export async function statsCompany(t: TestApp) {
  const c = await createCompany(t);
  const admin = await c.login('admin');
  const az = c.company.id;
  const techId = c.user('tech').id;
  const adminId = c.user('admin').id;
  const sql = async (q: string, p: unknown[] = []) => (await t.deps.database.executeSql(q, p)).rows as any[];
  const one = async (q: string, p: unknown[] = []) => (await sql(q, p))[0].id as string;

  await sql(`update utenti set ordine = case when id = $1 then 1 else 2 end where azienda_id = $2`, [techId, az]);
  const alfa = await one(`insert into clienti (azienda_id, ragione_sociale) values ($1, 'Alfa') returning id`, [az]);
  // A name a spreadsheet would run as a formula: the CSV neutralises it.
  const beta = await one(`insert into clienti (azienda_id, ragione_sociale) values ($1, '=Beta') returning id`, [az]);
  const mansione = await one(`insert into mansioni (azienda_id, nome) values ($1, 'Idraulica') returning id`, [az]);
  const contract = (cliente: string, ident: string, tipo: string, inizio: string, fine: string, extra = '') =>
    one(
      `insert into contratti (azienda_id, cliente_id, identificativo, tipo, data_inizio, data_fine${extra ? ', ore_contratto, cessato, data_cessazione' : ''})
       values ($1, $2, $3, $4, $5, $6${extra ? `, ${extra}` : ''}) returning id`,
      [az, cliente, ident, tipo, inizio, fine],
    );
  const k1 = await contract(alfa, 'K1', 'chiamata', '2026-01-01', '2026-12-31', `15, false, null`);
  const k2 = await contract(beta, 'K2', 'manutenzione', '2026-01-01', '2026-11-15');
  // Ended early before the range: not in force, not expiring.
  await contract(beta, 'K3', 'chiamata', '2026-01-01', '2026-12-31', `40, true, '2026-09-15'`);

  let n = 0;
  async function report(o: {
    cliente: string;
    contratto?: string;
    stato: 'NUOVO' | 'APERTO' | 'CHIUSO';
    apertura: string;
    chiusura?: string;
    totale: string;
    ore: string;
    tipo?: string;
    tecnico: string;
    giornate: [string, string, string, string][];
  }) {
    const id = await one(
      `insert into rapportini (azienda_id, cliente_id, numero_assistenza, stato, data_apertura, data_chiusura,
                               tipo_intervento, contratto_id, totale_ore, totale)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
      [
        az,
        o.cliente,
        `R${++n}`,
        o.stato,
        o.apertura,
        o.chiusura ?? null,
        o.tipo ?? null,
        o.contratto ?? null,
        o.ore,
        o.totale,
      ],
    );
    await sql(
      `insert into rapportini_tecnici (azienda_id, rapportino_id, utente_id, data_apertura) values ($1, $2, $3, $4)`,
      [az, id, o.tecnico, o.apertura],
    );
    for (const [k, [data, ore, viaggio, km]] of o.giornate.entries())
      await sql(
        `insert into rapportini_giornate (azienda_id, rapportino_id, ordine, data, tecnico_id, tecnico_nome, totale_ore,
                                          ore_viaggio, km_viaggio)
         values ($1, $2, $3, $4, $5, 'T', $6, $7, $8)`,
        [az, id, k, data, o.tecnico, ore, viaggio, km],
      );
    return id;
  }

  const r1 = await report({
    cliente: alfa,
    contratto: k1,
    stato: 'CHIUSO',
    apertura: '2026-10-05',
    chiusura: '2026-10-06T10:00:00Z',
    totale: '100.00',
    ore: '4',
    tipo: 'ordinario',
    tecnico: techId,
    giornate: [
      ['2026-10-05', '3', '1', '20'],
      ['2026-10-06', '1', '0', '0'],
    ],
  });
  await sql(`insert into rapportini_mansioni (azienda_id, rapportino_id, mansione_id) values ($1, $2, $3)`, [
    az,
    r1,
    mansione,
  ]);
  const r2 = await report({
    cliente: beta,
    stato: 'APERTO',
    apertura: '2026-10-10',
    totale: '50.00',
    ore: '2',
    tecnico: adminId,
    giornate: [['2026-10-10', '2', '0.5', '10']],
  });
  // Closed at 00:30 of 1 November in Rome: outside October.
  await report({
    cliente: alfa,
    contratto: k1,
    stato: 'CHIUSO',
    apertura: '2026-09-20',
    chiusura: '2026-10-31T23:30:00Z',
    totale: '70.00',
    ore: '2',
    tecnico: techId,
    giornate: [['2026-09-20', '2', '0', '0']],
  });
  // Closed at 00:30 of 1 October in Rome: inside October.
  await report({
    cliente: beta,
    stato: 'CHIUSO',
    apertura: '2026-09-25',
    chiusura: '2026-09-30T22:30:00Z',
    totale: '30.00',
    ore: '1',
    tecnico: techId,
    giornate: [['2026-09-25', '1', '0.25', '5']],
  });
  await report({
    cliente: alfa,
    stato: 'NUOVO',
    apertura: '2026-10-20',
    totale: '0',
    ore: '0',
    tipo: 'sopralluogo',
    tecnico: techId,
    giornate: [],
  });
  await sql(
    `insert into rapportini_materiali (azienda_id, rapportino_id, ordine, codice, descrizione, quantita, unita,
                                       importo_unitario, prezzo_netto)
     values ($1, $2, 0, 'V1', 'Valvola', 2, 'pz', 12.50, null), ($1, $3, 0, null, '+Pompa', 1, 'pz', 100.00, 90.00)`,
    [az, r1, r2],
  );

  // K2's activity dates of October: done before its day, done after it, not done and past, to come (today 20 Oct).
  const act = await one(
    `insert into contratti_attivita (azienda_id, contratto_id, descrizione, frequenza) values ($1, $2, 'Controllo caldaia', 'variabile') returning id`,
    [az, k2],
  );
  for (const [data, fatta] of [
    ['2026-10-03', '2026-10-02T10:00:00Z'],
    ['2026-10-10', '2026-10-12T10:00:00Z'],
    ['2026-10-15', null],
    ['2026-10-25', null],
  ])
    await sql(
      `insert into attivita_date (azienda_id, attivita_id, contratto_id, data, fatta_at) values ($1, $2, $3, $4, $5)`,
      [az, act, k2, data, fatta],
    );

  // Clocked: 4 h of work and 30 min of travel on 5 October, an hour of work on 30 September.
  for (const [tipo, giorno, start, minuti] of [
    ['LAVORO', '2026-10-05', '2026-10-05T07:00:00Z', 240],
    ['ANDATA', '2026-10-05', '2026-10-05T06:30:00Z', 30],
    ['LAVORO', '2026-09-30', '2026-09-30T07:00:00Z', 60],
  ] as const)
    await sql(
      `insert into timbrature (azienda_id, utente_id, tipo, giorno, timbratura_start, timbratura_end,
                               timbratura_start_calcolata, timbratura_end_calcolata, minuti_calcolati, aperta, timezone)
       values ($1, $2, $3, $4, $5, $5::timestamptz + make_interval(mins => $6), $5, $5::timestamptz + make_interval(mins => $6),
               $6, false, 'Europe/Rome')`,
      [az, techId, tipo, giorno, start, minuti],
    );

  let group: string | null = null;
  return {
    c,
    admin,
    az,
    techId,
    adminId,
    alfa,
    beta,
    mansione,
    k1,
    k2,
    sql,
    get: (s: S, path: string) => call(t.app, 'GET', `/api${path}`, s),
    /** The tech, signed in again after joining a group of the office with these permissions. */
    async office(permissions: Record<string, PagePermission>): Promise<S> {
      const g = await call(t.app, 'POST', '/api/gruppi/gruppo', {
        ...admin,
        body: { ...(group ? { id: group } : {}), name: 'Ufficio', membri: [techId], permissions },
      });
      if (g.status !== 200) throw new Error(`group: ${g.status} ${JSON.stringify(g.json)}`);
      group = g.json.gruppo.id as string;
      return c.login('tech');
    },
  };
}
