import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { inTurn, type DbOrTx } from '../../../platform/db/client.js';
import { aziende, media, utenti } from '../../../platform/db/schema.js';
import { articoli, controlli, mansioni } from '../../../platform/db/schema-articles.js';
import { attivitaDate, rapportini, rapportiniMansioni } from '../../../platform/db/schema-contracts.js';
import { clienti, impianti, macchinari } from '../../../platform/db/schema-customers.js';
import {
  rapportiniFirmaLink,
  rapportiniCampi,
  rapportiniControlli,
  rapportiniGiornate,
  rapportiniMacchinari,
  rapportiniMateriali,
  rapportiniTecnici,
} from '../../../platform/db/schema-reports.js';

import type { ReportAppointmentRow } from './visit-repo.js';

/** One report with its lines, by id: prepared statements (report-read.ts). */
export { findReport } from './report-read.js';

/** A report and its lines (operations/reports). Every query filters on the company. */

export type ReportRow = typeof rapportini.$inferSelect;
export type ReportValues = Omit<typeof rapportini.$inferInsert, 'id' | 'aziendaId'>;
export type GiornataRow = typeof rapportiniGiornate.$inferSelect;
export type MaterialeRow = typeof rapportiniMateriali.$inferSelect;
export type ControlloRow = typeof rapportiniControlli.$inferSelect;

export interface Lines {
  tecnici: string[];
  macchinari: string[];
  mansioneId: string | null;
  /** Days and materials: a line kept from the stored report keeps its id; a new one has none yet. */
  giornate: Omit<typeof rapportiniGiornate.$inferInsert, 'aziendaId' | 'rapportinoId' | 'ordine' | 'clienteId'>[];
  materiali: Omit<typeof rapportiniMateriali.$inferInsert, 'aziendaId' | 'rapportinoId' | 'ordine'>[];
  controlli: Omit<typeof rapportiniControlli.$inferInsert, 'aziendaId' | 'rapportinoId' | 'ordine'>[];
  campi: { campoId: string; valore: string | null }[];
}

export async function insertReport(tx: DbOrTx, aziendaId: string, v: ReportValues): Promise<string> {
  const [r] = await tx
    .insert(rapportini)
    .values({ ...v, aziendaId })
    .returning({ id: rapportini.id });
  return r!.id;
}

export async function updateReport(tx: DbOrTx, aziendaId: string, id: string, v: Partial<ReportValues>) {
  await tx
    .update(rapportini)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(rapportini.aziendaId, aziendaId), eq(rapportini.id, id)));
}

/** Locks the report row for the rest of the transaction (saves and closing in turn). */
export async function lockReport(tx: DbOrTx, aziendaId: string, id: string): Promise<ReportRow | undefined> {
  const [r] = await tx
    .select()
    .from(rapportini)
    .where(and(eq(rapportini.aziendaId, aziendaId), eq(rapportini.id, id)))
    .for('update');
  return r;
}

/**
 * Replaces every line of the report by `lines` (the report's save is whole); a report just created
 * has none to delete. Days and materials kept from the stored report are written again with their
 * ids, so a line's id stays the same from save to save. One statement after the other: they share
 * the transaction's connection.
 */
export async function replaceLines(
  tx: DbOrTx,
  aziendaId: string,
  id: string,
  report: { dataApertura: string; clienteId: string },
  lines: Lines,
  fresh = false,
) {
  const { dataApertura, clienteId } = report;
  const of = { aziendaId, rapportinoId: id };
  if (!fresh) {
    for (const t of [
      rapportiniTecnici,
      rapportiniMacchinari,
      rapportiniMansioni,
      rapportiniGiornate,
      rapportiniMateriali,
      rapportiniControlli,
      rapportiniCampi,
    ]) {
      await tx.delete(t).where(and(eq(t.aziendaId, aziendaId), eq(t.rapportinoId, id)));
    }
  }
  if (lines.tecnici.length)
    await tx.insert(rapportiniTecnici).values(lines.tecnici.map((utenteId) => ({ ...of, utenteId, dataApertura })));
  if (lines.macchinari.length)
    await tx.insert(rapportiniMacchinari).values(lines.macchinari.map((macchinarioId) => ({ ...of, macchinarioId })));
  if (lines.mansioneId) await tx.insert(rapportiniMansioni).values({ ...of, mansioneId: lines.mansioneId });
  if (lines.giornate.length)
    await tx.insert(rapportiniGiornate).values(lines.giornate.map((g, i) => ({ ...g, ...of, clienteId, ordine: i })));
  if (lines.materiali.length)
    await tx.insert(rapportiniMateriali).values(lines.materiali.map((m, i) => ({ ...m, ...of, ordine: i })));
  if (lines.controlli.length)
    await tx.insert(rapportiniControlli).values(lines.controlli.map((c, i) => ({ ...c, ...of, ordine: i })));
  if (lines.campi.length) await tx.insert(rapportiniCampi).values(lines.campi.map((c) => ({ ...c, ...of })));
}

export interface ReportWithLines {
  report: ReportRow;
  cliente: string;
  /** The billing customer's name, when another customer is billed. */
  clienteFatturazione: string | null;
  impianto: string | null;
  mansioneId: string | null;
  mansione: string | null;
  tecnici: { id: string; nome: string }[];
  macchinari: string[];
  giornate: GiornataRow[];
  materiali: MaterialeRow[];
  controlli: ControlloRow[];
  campi: { campoId: string; valore: string | null }[];
  /** The planner's appointment of the report (decision 0040), or null. */
  appuntamento: ReportAppointmentRow | null;
}

const fullName = sql<string>`trim(coalesce(${utenti.name}, '') || ' ' || coalesce(${utenti.surname}, ''))`;

export async function numeroTaken(db: DbOrTx, aziendaId: string, numero: string): Promise<boolean> {
  const rows = await db
    .select({ id: rapportini.id })
    .from(rapportini)
    .where(and(eq(rapportini.aziendaId, aziendaId), eq(rapportini.numeroAssistenza, numero)))
    .limit(1);
  return rows.length > 0;
}

export async function isAssigned(db: DbOrTx, aziendaId: string, id: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(rapportiniTecnici)
    .where(
      and(
        eq(rapportiniTecnici.aziendaId, aziendaId),
        eq(rapportiniTecnici.rapportinoId, id),
        eq(rapportiniTecnici.utenteId, userId),
      ),
    );
  return rows.length > 0;
}

/* ---------- what a report refers to ---------- */

export async function customerExists(db: DbOrTx, aziendaId: string, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: clienti.id })
    .from(clienti)
    .where(and(eq(clienti.aziendaId, aziendaId), eq(clienti.id, id)));
  return rows.length > 0;
}

export async function plantOf(db: DbOrTx, aziendaId: string, id: string) {
  const [r] = await db
    .select({ id: impianti.id, clienteId: impianti.clienteId })
    .from(impianti)
    .where(and(eq(impianti.aziendaId, aziendaId), eq(impianti.id, id)));
  return r;
}

/** The machines among `ids` of the company, with the customer of their plant. */
export async function machinesOf(db: DbOrTx, aziendaId: string, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: macchinari.id, impiantoId: macchinari.impiantoId, clienteId: impianti.clienteId })
    .from(macchinari)
    .innerJoin(impianti, eq(impianti.id, macchinari.impiantoId))
    .where(and(eq(macchinari.aziendaId, aziendaId), inArray(macchinari.id, ids)));
}

/** The company's users among `ids`, with their names and net prices. */
export async function usersOf(db: DbOrTx, aziendaId: string, ids: string[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({
      id: utenti.id,
      nome: fullName,
      username: utenti.username,
      netPriceTecnico: utenti.netPriceTecnico,
      netPriceOreViaggio: utenti.netPriceOreViaggio,
      netPriceKm: utenti.netPriceKm,
    })
    .from(utenti)
    .where(and(eq(utenti.aziendaId, aziendaId), inArray(utenti.id, ids)));
  return rows.map((r) => ({ ...r, nome: r.nome || r.username }));
}

export async function mansioneOf(db: DbOrTx, aziendaId: string, id: string) {
  const [m] = await db
    .select({ id: mansioni.id, nome: mansioni.nome })
    .from(mansioni)
    .where(and(eq(mansioni.aziendaId, aziendaId), eq(mansioni.id, id)));
  if (!m) return undefined;
  const checks = await db
    .select({
      id: controlli.id,
      nome: controlli.nomeCampo,
      descrizione: controlli.descrizione,
      obbligatorio: controlli.obbligatorio,
    })
    .from(controlli)
    .where(and(eq(controlli.aziendaId, aziendaId), eq(controlli.mansioneId, id)))
    .orderBy(asc(controlli.ordine), asc(controlli.createdAt));
  return { ...m, controlli: checks };
}

/** Obligatoriness of the checks now (a check removed from the job role since is no longer required). */
export async function checksById(db: DbOrTx, aziendaId: string, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: controlli.id, obbligatorio: controlli.obbligatorio })
    .from(controlli)
    .where(and(eq(controlli.aziendaId, aziendaId), inArray(controlli.id, ids)));
}

export async function articlesOf(db: DbOrTx, aziendaId: string, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: articoli.id,
      codice: articoli.codice,
      descrizione: articoli.descrizione,
      unitaMisura: articoli.unitaMisura,
      prezzoVendita: articoli.prezzoVendita,
      prezzoAcquisto: articoli.prezzoAcquisto,
      aliquotaIva: articoli.aliquotaIva,
      naturaIva: articoli.naturaIva,
    })
    .from(articoli)
    .where(and(eq(articoli.aziendaId, aziendaId), inArray(articoli.id, ids)));
}

export async function deleteReports(tx: DbOrTx, aziendaId: string, ids: string[]): Promise<number> {
  const rows = await tx
    .delete(rapportini)
    .where(and(eq(rapportini.aziendaId, aziendaId), inArray(rapportini.id, ids)))
    .returning({ id: rapportini.id });
  return rows.length;
}

export async function reportsByIds(tx: DbOrTx, aziendaId: string, ids: string[], lock = false) {
  const q = tx
    .select({ id: rapportini.id, completato: rapportini.completato, numero: rapportini.numeroAssistenza })
    .from(rapportini)
    .where(and(eq(rapportini.aziendaId, aziendaId), inArray(rapportini.id, ids)))
    .orderBy(rapportini.id);
  // Locked in one order (by id), so two deletions of overlapping reports cannot deadlock.
  return lock ? q.for('update') : q;
}

/** The registry data an accounting export writes of a customer or of the company (Danea EasyFatt XML). */
export interface PartyRow {
  id: string;
  codice: string | null;
  ragioneSociale: string;
  indirizzo: string | null;
  cap: string | null;
  citta: string | null;
  provincia: string | null;
  nazione: string;
  codiceFiscale: string | null;
  partitaIva: string | null;
  email: string | null;
  pec: string | null;
  codiceDestinatario: string | null;
  telefono: string | null;
  cellulare: string | null;
}

export async function customersOf(db: DbOrTx, aziendaId: string, ids: string[]): Promise<PartyRow[]> {
  if (!ids.length) return [];
  return db
    .select({
      id: clienti.id,
      codice: clienti.codice,
      ragioneSociale: clienti.ragioneSociale,
      indirizzo: clienti.indirizzo,
      cap: clienti.cap,
      citta: clienti.citta,
      provincia: clienti.provincia,
      nazione: clienti.nazione,
      codiceFiscale: clienti.codiceFiscale,
      partitaIva: clienti.partitaIva,
      email: clienti.email,
      pec: clienti.pec,
      codiceDestinatario: clienti.codiceDestinatario,
      telefono: clienti.telefono,
      cellulare: clienti.cellulare,
    })
    .from(clienti)
    .where(and(eq(clienti.aziendaId, aziendaId), inArray(clienti.id, ids)));
}

export async function companyOf(db: DbOrTx, aziendaId: string): Promise<PartyRow | undefined> {
  const [r] = await db
    .select({
      id: aziende.id,
      codice: sql<string | null>`null`,
      ragioneSociale: aziende.ragioneSociale,
      indirizzo: aziende.indirizzo,
      cap: aziende.cap,
      citta: aziende.citta,
      provincia: aziende.provincia,
      nazione: aziende.nazione,
      codiceFiscale: aziende.codiceFiscale,
      partitaIva: aziende.partitaIva,
      email: aziende.mailPrincipale,
      pec: aziende.pec,
      codiceDestinatario: aziende.codiceDestinatario,
      telefono: aziende.telefono,
      cellulare: sql<string | null>`null`,
    })
    .from(aziende)
    .where(eq(aziende.id, aziendaId));
  return r;
}

/* ---------- what the printed report adds to the report (report-pdf.ts) ---------- */

export interface DocumentFacts {
  azienda: {
    ragioneSociale: string;
    partitaIva: string;
    codiceFiscale: string | null;
    indirizzo: string | null;
    citta: string | null;
    provincia: string | null;
    cap: string | null;
    telefono: string | null;
    mail: string | null;
    timezone: string;
  };
  logo: { id: string; contentType: string; storageKey: string } | null;
  cliente: {
    ragioneSociale: string;
    partitaIva: string | null;
    codiceFiscale: string | null;
    indirizzo: string | null;
    citta: string | null;
    provincia: string | null;
    cap: string | null;
  };
  impianto: {
    nome: string;
    indirizzo: string | null;
    citta: string | null;
    provincia: string | null;
    cap: string | null;
  } | null;
  macchinari: { nome: string; matricola: string }[];
  /** File names of the report's attachments (media section `rapportino`), oldest first. */
  allegati: string[];
}

/** The company (and its logo), the customer's and plant's addresses, the machines and the attachments of a report. */
export async function documentFacts(db: DbOrTx, aziendaId: string, r: ReportWithLines): Promise<DocumentFacts> {
  const x = r.report;
  const [company, customer, plant, machines, files] = await inTurn(db, [
    db
      .select({
        ragioneSociale: aziende.ragioneSociale,
        partitaIva: aziende.partitaIva,
        codiceFiscale: aziende.codiceFiscale,
        indirizzo: aziende.indirizzo,
        citta: aziende.citta,
        provincia: aziende.provincia,
        cap: aziende.cap,
        telefono: aziende.telefono,
        mail: aziende.mailPrincipale,
        timezone: aziende.timezone,
        logoId: media.id,
        logoType: media.contentType,
        logoKey: media.storageKey,
      })
      .from(aziende)
      .leftJoin(media, and(eq(media.aziendaId, aziende.id), eq(media.id, aziende.logoMediaId)))
      .where(eq(aziende.id, aziendaId)),
    db
      .select({
        ragioneSociale: clienti.ragioneSociale,
        partitaIva: clienti.partitaIva,
        codiceFiscale: clienti.codiceFiscale,
        indirizzo: clienti.indirizzo,
        citta: clienti.citta,
        provincia: clienti.provincia,
        cap: clienti.cap,
      })
      .from(clienti)
      .where(and(eq(clienti.aziendaId, aziendaId), eq(clienti.id, x.clienteId))),
    db
      .select({
        nome: impianti.nome,
        indirizzo: impianti.indirizzo,
        citta: impianti.citta,
        provincia: impianti.provincia,
        cap: impianti.cap,
      })
      .from(impianti)
      .where(
        and(eq(impianti.aziendaId, aziendaId), eq(impianti.id, x.impiantoId ?? '00000000-0000-0000-0000-000000000000')),
      ),
    r.macchinari.length
      ? db
          .select({ id: macchinari.id, nome: macchinari.nome, matricola: macchinari.matricola })
          .from(macchinari)
          .where(and(eq(macchinari.aziendaId, aziendaId), inArray(macchinari.id, r.macchinari)))
      : Promise.resolve([] as { id: string; nome: string; matricola: string }[]),
    db
      .select({ id: media.id, filename: media.filename })
      .from(media)
      .where(and(eq(media.aziendaId, aziendaId), eq(media.section, 'rapportino'), eq(media.ownerId, x.id)))
      .orderBy(asc(media.createdAt), asc(media.id)),
  ]);
  const c = company[0]!;
  const order = new Map(r.macchinari.map((id, i) => [id, i]));
  return {
    azienda: {
      ragioneSociale: c.ragioneSociale,
      partitaIva: c.partitaIva,
      codiceFiscale: c.codiceFiscale,
      indirizzo: c.indirizzo,
      citta: c.citta,
      provincia: c.provincia,
      cap: c.cap,
      telefono: c.telefono,
      mail: c.mail,
      timezone: c.timezone,
    },
    logo: c.logoId && c.logoType && c.logoKey ? { id: c.logoId, contentType: c.logoType, storageKey: c.logoKey } : null,
    cliente: customer[0]!,
    impianto: plant[0] ?? null,
    macchinari: machines
      .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
      .map((m) => ({ nome: m.nome, matricola: m.matricola })),
    // The signature's image is a file of the report too, but not an attachment.
    allegati: files.filter((f) => f.id !== x.firmaMediaId).map((f) => f.filename),
  };
}

/* ---------- the customer's signature (issue 12) ---------- */

export interface SignatureValues {
  firmaMediaId: string | null;
  firmaFirmatario: string | null;
  firmaAt: Date | null;
  firmaRemoto: boolean;
  firmaIp: string | null;
}

/** Sets or clears the signature; the report's updated_at is left alone (its content did not change). */
export async function setSignature(tx: DbOrTx, aziendaId: string, id: string, v: SignatureValues) {
  await tx
    .update(rapportini)
    .set(v)
    .where(and(eq(rapportini.aziendaId, aziendaId), eq(rapportini.id, id)));
}

export async function insertSignatureLink(tx: DbOrTx, v: typeof rapportiniFirmaLink.$inferInsert) {
  await tx.insert(rapportiniFirmaLink).values(v);
}

/** Spends the report's open links (a new link is sent, or the report was signed). */
export async function spendSignatureLinks(tx: DbOrTx, aziendaId: string, reportId: string, at = new Date()) {
  await tx
    .update(rapportiniFirmaLink)
    .set({ usatoAt: at })
    .where(
      and(
        eq(rapportiniFirmaLink.aziendaId, aziendaId),
        eq(rapportiniFirmaLink.rapportinoId, reportId),
        isNull(rapportiniFirmaLink.usatoAt),
      ),
    );
}

/** A link by its token's hash (any company: the token is the only key), locked when `lock`. */
export async function signatureLinkByHash(db: DbOrTx, tokenHash: string, lock = false) {
  const q = db.select().from(rapportiniFirmaLink).where(eq(rapportiniFirmaLink.tokenHash, tokenHash));
  const [r] = lock ? await q.for('update') : await q;
  return r;
}

/** Marks one link used, if it still is open and unexpired; answers whether it was. */
export async function useSignatureLink(tx: DbOrTx, aziendaId: string, id: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(rapportiniFirmaLink)
    .set({ usatoAt: at })
    .where(
      and(
        eq(rapportiniFirmaLink.aziendaId, aziendaId),
        eq(rapportiniFirmaLink.id, id),
        isNull(rapportiniFirmaLink.usatoAt),
        gt(rapportiniFirmaLink.scadeAt, at),
      ),
    )
    .returning({ id: rapportiniFirmaLink.id });
  return rows.length > 0;
}

export async function companyName(db: DbOrTx, aziendaId: string): Promise<string> {
  const [r] = await db.select({ nome: aziende.ragioneSociale }).from(aziende).where(eq(aziende.id, aziendaId));
  return r?.nome ?? '';
}

export async function customerEmail(db: DbOrTx, aziendaId: string, clienteId: string): Promise<string | null> {
  const [r] = await db
    .select({ email: clienti.email })
    .from(clienti)
    .where(and(eq(clienti.aziendaId, aziendaId), eq(clienti.id, clienteId)));
  return r?.email ?? null;
}

/** Where a media file of the company is stored (the signature image the PDF draws). */
export async function fileKey(db: DbOrTx, aziendaId: string, mediaId: string): Promise<string | undefined> {
  const [r] = await db
    .select({ key: media.storageKey })
    .from(media)
    .where(and(eq(media.aziendaId, aziendaId), eq(media.id, mediaId)));
  return r?.key;
}

/** The report was made from a contract activity's date (attivita_date.rapportino_id). */
export async function madeFromActivity(db: DbOrTx, aziendaId: string, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: attivitaDate.id })
    .from(attivitaDate)
    .where(and(eq(attivitaDate.aziendaId, aziendaId), eq(attivitaDate.rapportinoId, id)))
    .limit(1);
  return rows.length > 0;
}
