import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../platform/db/client.js';
import { freshDatabase } from './fresh-database.js';

/**
 * Migration 0031 (one appointment per visit, decision 0040) on data of the 0030 schema: a report's own
 * appointment date becomes a planner appointment (its customer, plant, job role, technicians and machines, an
 * hour long, titled by its request) unless an appointment already links the report; a report linked by several
 * appointments keeps one link; the report's date column is gone.
 */

let fresh: { database: Database; drop(): Promise<void> };
const sql = async (text: string, values?: unknown[]) => (await fresh.database.executeSql(text, values)).rows as any[];
const one = async (text: string, values?: unknown[]) => (await sql(text, values))[0];

let az: string;
let tech: string;
let cliente: string;
let impianto: string;
let macchina: string;
let mansione: string;
const report = async (numero: string, at: string | null, richiesta: string | null) =>
  (
    await one(
      `insert into rapportini (azienda_id, cliente_id, impianto_id, numero_assistenza, data_appuntamento, richiesta_iniziale)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [az, cliente, impianto, numero, at, richiesta],
    )
  ).id as string;
const appointment = async (rapportinoId: string | null, inizio: string | null) =>
  (
    await one(
      `insert into appuntamenti (azienda_id, cliente_id, rapportino_id, titolo, inizio, fine, da_fare)
       values ($1, $2, $3, 'Visita', $4::timestamptz, $4::timestamptz + interval '2 hours', $5) returning id`,
      [az, cliente, rapportinoId, inizio, inizio === null],
    )
  ).id as string;

let dated: string;
let untitled: string;
let linked: string;
let linkedAppt: string;
let twice: string;
let twiceFirst: string;
let twiceTodo: string;
let undated: string;

beforeAll(async () => {
  fresh = await freshDatabase();
  await fresh.database.migrate({ until: '0030_event_positions' });
  az = (
    await one(`insert into aziende (ragione_sociale, partita_iva) values ('Azienda 0031', '01234567897') returning id`)
  ).id;
  tech = (
    await one(
      `insert into utenti (azienda_id, username, email, password_hash) values ($1, 'tech', 'tech@example.test', 'x') returning id`,
      [az],
    )
  ).id;
  cliente = (await one(`insert into clienti (azienda_id, ragione_sociale) values ($1, 'Cliente') returning id`, [az]))
    .id;
  impianto = (
    await one(`insert into impianti (azienda_id, cliente_id, nome) values ($1, $2, 'Centrale') returning id`, [
      az,
      cliente,
    ])
  ).id;
  macchina = (
    await one(
      `insert into macchinari (azienda_id, impianto_id, nome, matricola) values ($1, $2, 'Caldaia', 'M-1') returning id`,
      [az, impianto],
    )
  ).id;
  mansione = (await one(`insert into mansioni (azienda_id, nome) values ($1, 'Caldaie') returning id`, [az])).id;

  dated = await report('1/2026', '2026-11-20T08:30:00Z', '  Caldaia in blocco\nSeconda riga');
  await sql(
    `insert into rapportini_tecnici (azienda_id, rapportino_id, utente_id, data_apertura) values ($1, $2, $3, current_date)`,
    [az, dated, tech],
  );
  await sql(`insert into rapportini_macchinari (azienda_id, rapportino_id, macchinario_id) values ($1, $2, $3)`, [
    az,
    dated,
    macchina,
  ]);
  await sql(`insert into rapportini_mansioni (azienda_id, rapportino_id, mansione_id) values ($1, $2, $3)`, [
    az,
    dated,
    mansione,
  ]);
  untitled = await report('2/2026', '2026-11-21T09:00:00Z', null);
  linked = await report('3/2026', '2026-11-22T09:00:00Z', 'Già in agenda');
  linkedAppt = await appointment(linked, '2026-11-23T10:00:00Z');
  twice = await report('4/2026', null, null);
  twiceTodo = await appointment(twice, null);
  twiceFirst = await appointment(twice, '2026-11-24T10:00:00Z');
  await appointment(twice, '2026-11-25T10:00:00Z');
  undated = await report('5/2026', null, 'Senza data');
  await fresh.database.migrate();
}, 300_000);
afterAll(() => fresh?.drop());

describe('migration 0031: one appointment per visit', () => {
  it("moves a report's own date into a planner appointment, with its people and things", async () => {
    const a = await one(`select * from appuntamenti where rapportino_id = $1`, [dated]);
    expect(a).toMatchObject({ azienda_id: az, cliente_id: cliente, impianto_id: impianto, mansione_id: mansione });
    expect(a.titolo).toBe('Caldaia in blocco');
    expect(new Date(a.inizio).toISOString()).toBe('2026-11-20T08:30:00.000Z');
    expect(new Date(a.fine).toISOString()).toBe('2026-11-20T09:30:00.000Z');
    expect(a.da_fare).toBe(false);
    const techs = await sql(`select utente_id, inizio from appuntamenti_tecnici where appuntamento_id = $1`, [a.id]);
    expect(techs.map((x) => x.utente_id)).toEqual([tech]);
    expect(new Date(techs[0].inizio).toISOString()).toBe('2026-11-20T08:30:00.000Z');
    const machines = await sql(`select macchinario_id from appuntamenti_macchinari where appuntamento_id = $1`, [a.id]);
    expect(machines.map((x) => x.macchinario_id)).toEqual([macchina]);
    expect((await one(`select titolo from appuntamenti where rapportino_id = $1`, [untitled])).titolo).toBe(
      'Rapportino 2/2026',
    );
  });

  it('makes no second appointment where one links the report, and keeps one link per report', async () => {
    const links = await sql(`select id from appuntamenti where rapportino_id = $1`, [linked]);
    expect(links.map((x) => x.id)).toEqual([linkedAppt]);
    const kept = await sql(`select id from appuntamenti where rapportino_id = $1`, [twice]);
    expect(kept.map((x) => x.id)).toEqual([twiceFirst]);
    // The others stay in the planner, unlinked.
    expect((await one(`select rapportino_id from appuntamenti where id = $1`, [twiceTodo])).rapportino_id).toBeNull();
    expect(await sql(`select id from appuntamenti where rapportino_id = $1`, [undated])).toEqual([]);
    const columns = await sql(
      `select column_name from information_schema.columns where table_name = 'rapportini' and column_name = 'data_appuntamento'`,
    );
    expect(columns).toEqual([]);
    await expect(
      sql(
        `insert into appuntamenti (azienda_id, cliente_id, rapportino_id, titolo, da_fare) values ($1, $2, $3, 'x', true)`,
        [az, cliente, linked],
      ),
    ).rejects.toThrow();
  });
});
