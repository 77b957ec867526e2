import { eq, sql } from 'drizzle-orm';
import { LIMITS } from '@fs/contract';
import type { Database, Db, Tx } from '../platform/db/client.js';
import { aziende } from '../platform/db/schema.js';
import { provisionCompany } from '../features/company/company/provision.js';
import { DEMO } from './seed.js';
import { articlesBatch, customersBatch } from './generators.js';
import { reportPicks, reportsBatch } from './report-generators.js';
import { contractsBatch } from './contract-generators.js';
import { appointmentsBatch } from './schedule-generators.js';
import { clockingApprovals, clockingPlan, clockingsBatch } from './clocking-generators.js';

/**
 * The large demo company (`npm run seed:large -w apps/server`, bench/lists.ts):
 * tens of thousands of customers with plants and machines, and articles, written
 * with INSERT ... SELECT over generate_series (customers, plants and machines of a
 * batch in one statement through data-modifying CTEs), the whole company in one
 * transaction: it is there complete or not at all.
 */
export const LARGE_DEMO = {
  piva: '09753102467',
  ragioneSociale: 'Grandi Impianti Italia S.p.A.',
  password: DEMO.password,
  username: 'admin',
};

export interface LargeOptions {
  customers: number;
  articles: number;
  /** Work reports over the last three years, each with 3 worked days and 3 materials (default none). */
  reports?: number;
  /** The days back the reports are spread over (default three years; the statistics benchmark: one). */
  reportSpanDays?: number;
  /** Three-year contracts with four activities each and their dated occurrences (default none). */
  contracts?: number;
  /** Planner appointments over three years (schedule-generators.ts; default none). */
  appointments?: number;
  /**
   * Clockings (intervals of work and travel), about this many, of every technician on the working days of up to
   * three years (clocking-generators.ts; default none).
   */
  clockings?: number;
  /** Technicians the reports and appointments are shared among (default 50 with appointments or clockings, else 20 with reports). */
  technicians?: number;
  piva?: string;
  /** Called after each batch (progress). */
  onProgress?: (
    what: 'clienti' | 'articoli' | 'rapportini' | 'contratti' | 'appuntamenti' | 'timbrature',
    done: number,
    total: number,
  ) => void;
}

export interface LargeCounts {
  aziendaId: string;
  clienti: number;
  impianti: number;
  macchinari: number;
  articoli: number;
  rapportini: number;
  giornate: number;
  materiali: number;
  contratti: number;
  occorrenze: number;
  appuntamenti: number;
  timbrature: number;
}

/** The company's default prices (contract options: rapportini_prezzi), which the seeded totals follow. */
const DEFAULT_RATES = { ora: '40.00', oraViaggio: '30.00', km: '0.50' };
/** Reports are opened over this many days back. */
const REPORT_SPAN_DAYS = 3 * 365;

const BATCH = 5_000;
/** Contracts per statement: each brings 4 activities and about 57 dated occurrences. */
const CONTRACT_BATCH = 1_000;
/** Appointments per statement (with their technicians' links). */
const APPOINTMENT_BATCH = 10_000;
/** Technicians whose clockings one statement writes (about 60,000 intervals at full size). */
const CLOCKING_TECHNICIANS_BATCH = 10;

export async function findLargeCompany(db: Db, piva = LARGE_DEMO.piva): Promise<LargeCounts | undefined> {
  const [az] = await db.select({ id: aziende.id }).from(aziende).where(eq(aziende.partitaIva, piva));
  if (!az) return undefined;
  const r = await db.execute(sql`select
    (select count(*) from clienti where azienda_id = ${az.id})::int as clienti,
    (select count(*) from impianti where azienda_id = ${az.id})::int as impianti,
    (select count(*) from macchinari where azienda_id = ${az.id})::int as macchinari,
    (select count(*) from articoli where azienda_id = ${az.id})::int as articoli,
    (select count(*) from rapportini where azienda_id = ${az.id})::int as rapportini,
    (select count(*) from rapportini_giornate where azienda_id = ${az.id})::int as giornate,
    (select count(*) from rapportini_materiali where azienda_id = ${az.id})::int as materiali,
    (select count(*) from contratti where azienda_id = ${az.id})::int as contratti,
    (select count(*) from attivita_date where azienda_id = ${az.id})::int as occorrenze,
    (select count(*) from appuntamenti where azienda_id = ${az.id})::int as appuntamenti,
    (select count(*) from timbrature where azienda_id = ${az.id})::int as timbrature`);
  return { aziendaId: az.id, ...(r.rows[0] as Omit<LargeCounts, 'aziendaId'>) };
}

/** Deletes the large demo company (cascade: its customers, plants, machines, articles, users). */
export async function deleteLargeCompany(db: Db, piva = LARGE_DEMO.piva): Promise<boolean> {
  const rows = await db.delete(aziende).where(eq(aziende.partitaIva, piva)).returning({ id: aziende.id });
  return rows.length > 0;
}

/**
 * Creates the large demo company with its data in one transaction, then refreshes the
 * planner statistics. Throws when a company with that VAT number exists.
 */
export async function seedLargeCompany(database: Database, opts: LargeOptions): Promise<LargeCounts> {
  const piva = opts.piva ?? LARGE_DEMO.piva;
  if (await findLargeCompany(database.db, piva)) throw new Error(`a company with VAT number ${piva} already exists`);
  const reports = opts.reports ?? 0;
  const appointments = opts.appointments ?? 0;
  const clockings = opts.clockings ?? 0;
  const technicians = opts.technicians ?? (appointments > 0 || clockings > 0 ? 50 : reports > 0 ? 20 : 0);
  // Mail addresses are unique over all companies: another VAT number (the benchmarks' companies) tags them.
  const mailTag = piva === LARGE_DEMO.piva ? '' : `.${piva}`;
  const counts = await database.db.transaction(async (tx: Tx) => {
    // The row estimates of the CTE chain are huge (lateral generate_series): JIT would compile for a second per batch.
    await tx.execute(sql`set local jit = off`);
    const { company, users } = await provisionCompany(tx as unknown as Db, {
      ragioneSociale: LARGE_DEMO.ragioneSociale,
      partitaIva: piva,
      mailPrincipale: 'info@grandi-impianti.example',
      subscriptionType: 'platinum',
      trialDays: 365,
      licences: Math.max(10, technicians + 1),
      users: [
        {
          username: LARGE_DEMO.username,
          password: LARGE_DEMO.password,
          role: 'admin',
          name: 'Giulia',
          surname: 'Conti',
          email: `admin${mailTag}@grandi-impianti.example`,
        },
        ...Array.from({ length: technicians }, (_, i) => ({
          username: `tecnico${String(i + 1).padStart(2, '0')}`,
          password: LARGE_DEMO.password,
          role: 'user' as const,
          name: 'Tecnico',
          surname: String(i + 1).padStart(2, '0'),
          email: `tecnico${i + 1}${mailTag}@grandi-impianti.example`,
          scheduleenabled: 'Y' as const,
        })),
      ],
    });
    const aziendaId = company.id;
    // Purchased slots so the plan limits hold the data (one slot of each is included), plus one spare.
    const slots = {
      customers: Math.ceil(opts.customers / LIMITS.customersPerSlot),
      items: Math.ceil(opts.articles / LIMITS.itemsPerSlot),
    };
    for (const [type, quantity] of Object.entries(slots)) {
      await tx.execute(sql`insert into subscription_items (azienda_id, type, quantity) values (${aziendaId}, ${type}, ${quantity})
        on conflict (azienda_id, type) do update set quantity = excluded.quantity`);
    }
    const out: LargeCounts = {
      aziendaId,
      clienti: 0,
      impianti: 0,
      macchinari: 0,
      articoli: 0,
      rapportini: 0,
      giornate: 0,
      materiali: 0,
      contratti: 0,
      occorrenze: 0,
      appuntamenti: 0,
      timbrature: 0,
    };
    for (let lo = 1; lo <= opts.customers; lo += BATCH) {
      const hi = Math.min(opts.customers, lo + BATCH - 1);
      const r = (await tx.execute(customersBatch(aziendaId, lo, hi))).rows[0] as {
        clienti: number;
        impianti: number;
        macchinari: number;
      };
      out.clienti += r.clienti;
      out.impianti += r.impianti;
      out.macchinari += r.macchinari;
      opts.onProgress?.('clienti', hi, opts.customers);
    }
    for (let lo = 1; lo <= opts.articles; lo += BATCH) {
      const hi = Math.min(opts.articles, lo + BATCH - 1);
      await tx.execute(articlesBatch(aziendaId, lo, hi));
      out.articoli = hi;
      opts.onProgress?.('articoli', hi, opts.articles);
    }
    const techs = users
      .filter((u) => u.role === 'user')
      .map((u) => ({ id: u.id, nome: `${u.name ?? ''} ${u.surname ?? ''}`.trim() }));
    if (reports > 0 && (out.clienti === 0 || out.articoli === 0))
      throw new Error('reports need customers and articles');
    if (reports > 0) for (const statement of reportPicks(aziendaId)) await tx.execute(statement);
    for (let lo = 1; lo <= reports; lo += BATCH) {
      const hi = Math.min(reports, lo + BATCH - 1);
      const r = (
        await tx.execute(
          reportsBatch(aziendaId, lo, hi, reports, opts.reportSpanDays ?? REPORT_SPAN_DAYS, techs, DEFAULT_RATES),
        )
      ).rows[0] as { rapportini: number; giornate: number; materiali: number };
      out.rapportini += r.rapportini;
      out.giornate += r.giornate;
      out.materiali += r.materiali;
      opts.onProgress?.('rapportini', hi, reports);
    }
    const contracts = opts.contracts ?? 0;
    if (contracts > 0 && out.clienti === 0) throw new Error('contracts need customers');
    for (let lo = 1; lo <= contracts; lo += CONTRACT_BATCH) {
      const hi = Math.min(contracts, lo + CONTRACT_BATCH - 1);
      const r = (await tx.execute(contractsBatch(aziendaId, lo, hi))).rows[0] as {
        contratti: number;
        occorrenze: number;
      };
      out.contratti += r.contratti;
      out.occorrenze += r.occorrenze;
      opts.onProgress?.('contratti', hi, contracts);
    }
    if (appointments > 0 && (out.clienti === 0 || techs.length === 0))
      throw new Error('appointments need customers and technicians');
    for (let lo = 1; lo <= appointments; lo += APPOINTMENT_BATCH) {
      const hi = Math.min(appointments, lo + APPOINTMENT_BATCH - 1);
      const r = (
        await tx.execute(
          appointmentsBatch(
            aziendaId,
            lo,
            hi,
            techs.map((t) => t.id),
          ),
        )
      ).rows[0] as { appuntamenti: number };
      out.appuntamenti += r.appuntamenti;
      opts.onProgress?.('appuntamenti', hi, appointments);
    }
    if (clockings > 0 && techs.length === 0) throw new Error('clockings need technicians');
    const plan = clockingPlan(clockings, techs.length);
    for (let lo = 0; clockings > 0 && lo < techs.length; lo += CLOCKING_TECHNICIANS_BATCH) {
      const group = techs.slice(lo, lo + CLOCKING_TECHNICIANS_BATCH).map((t) => t.id);
      const r = (await tx.execute(clockingsBatch(aziendaId, group, lo, plan))).rows[0] as { timbrature: number };
      out.timbrature += r.timbrature;
      opts.onProgress?.('timbrature', out.timbrature, plan.days * plan.slots * techs.length);
    }
    const admin = users.find((u) => u.role === 'admin');
    if (clockings > 0 && admin) await tx.execute(clockingApprovals(aziendaId, admin.id));
    return out;
  });
  // Fresh statistics and visibility map: the planner sees the new rows, counts can use index-only scans.
  await database.executeSql(
    'vacuum (analyze) clienti, impianti, macchinari, articoli, rapportini, rapportini_tecnici, rapportini_giornate, rapportini_materiali, contratti, contratti_attivita, attivita_date, appuntamenti, appuntamenti_tecnici, timbrature, timbrature_approvazioni',
  );
  return counts;
}
