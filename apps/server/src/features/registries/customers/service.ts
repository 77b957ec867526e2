import type { z } from 'zod';
import {
  CUSTOMERS_TABLE,
  type Customer,
  type CustomerWarning,
  type CustomerColumn,
  type CustomersFilters,
  type ListQuery,
  type Contact,
  type TableInfos,
  customerGeolocationRequest,
  customerSaveRequest,
  dayIn,
  type customersExportQuery,
  exportHeaders,
  contactSaveRequest,
} from '@fs/contract';
import { languageOf, type CompanyContext } from '../../../platform/context.js';
import type { Deps } from '../../../platform/deps.js';
import { AppError, notFound } from '../../../platform/errors.js';
import { geocoderFor, isPlaceable, type GeoAddress, type GeoPoint } from '../../../platform/geocoding.js';
import { tableInfos } from '../../shell/index.js';
import * as usage from '../usage/repo.js';
import * as repo from './repo.js';
import { eachPage } from '../../../platform/lists.js';
import { exportDay, type ExportCell, type TableExport } from '../../../platform/http/table-export.js';
import { ADDRESS_KEYS } from './import.js';
import { duplicateWarnings, toCliente, toRecapito } from './presenter.js';
import { assertDuplicatesAllowed, codeKey, type DuplicateCheck } from '../../../platform/duplicates.js';
import { foreignKeyViolation } from '../../../platform/db/pg-errors.js';
import { assertRoom, lockCompany, recordAllowance } from '../../../platform/limits.js';
import { customerChanged, customerEvent } from './events.js';

type SaveInput = z.output<typeof customerSaveRequest>;

export interface ClientiPage {
  items: Customer[];
  totaleElementi: number;
  /** A search's total counted up to the threshold: more rows match. */
  totalePiuDi?: true;
  tableInfos?: TableInfos;
}

export async function listClienti(
  ctx: CompanyContext,
  q: ListQuery<CustomerColumn>,
  filters: CustomersFilters,
): Promise<ClientiPage> {
  const [{ rows, total, more }, infos] = await Promise.all([
    repo.listPage(ctx.db, ctx.company.id, q, filters),
    q.tableInfos ? tableInfos(ctx, CUSTOMERS_TABLE) : undefined,
  ]);
  return {
    items: rows.map((r) => toCliente(r)),
    totaleElementi: total,
    ...(more ? { totalePiuDi: true as const } : {}),
    ...(infos ? { tableInfos: infos } : {}),
  };
}

type ExportInput = z.output<typeof customersExportQuery>;

/** The filtered, sorted list as a CSV or XLSX file, streamed (GET /clienti/clienti/export). */
export function exportClienti(ctx: CompanyContext, input: ExportInput): TableExport {
  const { format, columns, sort, dir, q, ...filters } = input;
  async function* rows() {
    // An export holds every hit: counted exactly, whatever the search.
    for await (const r of eachPage((page, size, totale) =>
      repo.listPage(ctx.db, ctx.company.id, { page, size, sort, dir, q, totale, tableInfos: false }, filters, {
        countUpTo: Infinity,
      }),
    )) {
      const c = toCliente(r);
      yield columns.map((k): ExportCell => {
        if (k === 'km_viaggio' || k === 'ore_viaggio') return c[k] === null ? null : Number(c[k]);
        if (k === 'created_at') return exportDay(dayIn(r.createdAt, ctx.company.timezone));
        return c[k];
      });
    }
  }
  return { format, name: 'clienti', headers: exportHeaders(languageOf(ctx), columns), rows: rows() };
}

export async function listRefs(ctx: CompanyContext, q: { q?: string; page: number; size: number }) {
  const aziendaId = ctx.company.id;
  const { rows, total, more } = await repo.listRefs(ctx.db, aziendaId, q.q, q.size, (q.page - 1) * q.size);
  return {
    items: rows.map((r) => ({ id: r.id, ragione_sociale: r.ragioneSociale, codice: r.codice, citta: r.citta })),
    totaleElementi: total,
    ...(more ? { totalePiuDi: true as const } : {}),
  };
}

export async function getCliente(ctx: CompanyContext, id: string): Promise<Customer> {
  const aziendaId = ctx.company.id;
  // Both by the same company and id: read together (no contacts can exist without the customer).
  const [row, recapiti] = await Promise.all([
    repo.findCliente(ctx.db, aziendaId, id),
    repo.listRecapiti(ctx.db, aziendaId, id),
  ]);
  if (!row) throw notFound('Cliente');
  return toCliente(row, recapiti);
}

/**
 * Where to put the customer: new coordinates, `null` to clear them, or undefined to keep.
 * `alert` 0007 when the address is too incomplete to place, or the geocoder does not find it.
 */
async function placement(deps: Deps, address: GeoAddress, old: repo.ClienteRow | undefined) {
  const changed = !old || ADDRESS_KEYS.some((k) => address[k] !== old[k]);
  if (!isPlaceable(address)) return { point: changed ? null : undefined, alert: '0007' as const };
  if (!changed && old?.latitude !== null) return { point: undefined };
  const geocoder = geocoderFor(deps.config);
  if (!geocoder) return { point: changed ? null : undefined };
  let found: GeoPoint | null;
  try {
    found = await geocoder.locate(address);
  } catch (err) {
    // The geocoder being down must not stop a save: the customer stays unplaced, no alert.
    deps.log.warn({ err }, 'geocoder unavailable');
    return { point: changed ? null : undefined };
  }
  return found ? { point: found } : { point: null, alert: '0007' as const };
}

type DupKeys = Pick<repo.ClienteRow, 'codice' | 'partitaIva' | 'codiceFiscale'>;
type Dup = Awaited<ReturnType<typeof repo.findDuplicates>>[number];

/** The registry id never repeats; VAT number and tax code may, once the user confirms (platform/duplicates.ts). */
function duplicateChecks(v: DupKeys, old: DupKeys | undefined, dups: Dup[]): DuplicateCheck[] {
  const named = (d: Dup) => (d.codice ? `${d.ragioneSociale} (${d.codice})` : d.ragioneSociale);
  const holding = (get: (d: Dup) => string | null, value: string | null) =>
    value ? dups.filter((d) => get(d) && codeKey(get(d)!) === codeKey(value)).map(named) : [];
  return [
    {
      field: 'codice',
      label: 'Codice',
      value: v.codice,
      previous: old?.codice,
      mayRepeat: false,
      others: holding((d) => d.codice, v.codice),
    },
    {
      field: 'partita_iva',
      label: 'Partita IVA',
      feminine: true,
      value: v.partitaIva,
      previous: old?.partitaIva,
      mayRepeat: true,
      others: holding((d) => d.partitaIva, v.partitaIva),
    },
    {
      field: 'codice_fiscale',
      label: 'Codice fiscale',
      value: v.codiceFiscale,
      previous: old?.codiceFiscale,
      mayRepeat: true,
      others: holding((d) => d.codiceFiscale, v.codiceFiscale),
    },
  ];
}

export interface SaveResult {
  item: Customer;
  warnings: CustomerWarning[];
  alert?: '0007';
  message?: string;
}

/**
 * Creates (no id) or updates a customer. Plan limits, checked under the company row lock:
 * a new customer when the company already holds all it may answers 403 0006; any save while
 * it holds more than allowed (slots not renewed) answers 403 0013. A registry id another customer
 * has answers 409 DUPLICATE_CODE; a VAT number or tax code another has answers 409 DUPLICATE
 * unless the user confirmed (then a warning in the successful answer); 0007 (address not
 * placeable) is a warning too. A new customer without a registry id gets the next one.
 */
export async function saveCliente(ctx: CompanyContext, input: SaveInput): Promise<SaveResult> {
  const aziendaId = ctx.company.id;
  const old = input.id ? await repo.findCliente(ctx.db, aziendaId, input.id) : undefined;
  if (input.id && !old) throw notFound('Cliente');
  const address: GeoAddress = {
    indirizzo: input.indirizzo,
    citta: input.citta,
    provincia: input.provincia,
    cap: input.cap,
    nazione: input.nazione,
  };
  const { point, alert } = await placement(ctx.deps, address, old);
  const values: repo.ClienteValues = {
    codice: input.codice,
    ragioneSociale: input.ragione_sociale,
    codiceFiscale: input.codice_fiscale,
    partitaIva: input.partita_iva,
    telefono: input.telefono,
    cellulare: input.cellulare,
    email: input.email,
    pec: input.pec,
    codiceDestinatario: input.codice_destinatario,
    note: input.note,
    ...address,
    kmViaggio: input.km_viaggio,
    oreViaggio: input.ore_viaggio,
    ...(point === undefined ? {} : { latitude: point?.latitude ?? null, longitude: point?.longitude ?? null }),
  };
  const { saved, dups } = await ctx.transaction(async (unit) => {
    const tx = unit.db;
    await lockCompany(tx, aziendaId);
    const [used, allowed] = await Promise.all([
      repo.countClienti(tx, aziendaId),
      recordAllowance(tx, aziendaId, 'customers'),
    ]);
    assertRoom('customers', used, allowed, old ? 0 : 1);
    // A new customer without a registry id gets the next one (C000001, ...); the user may change it.
    if (!old && !values.codice) values.codice = (await repo.nextRegistryIds(tx, aziendaId, 1))[0]!;
    const dups = await repo.findDuplicates(tx, aziendaId, old?.id ?? null, values as DupKeys);
    assertDuplicatesAllowed(duplicateChecks(values as DupKeys, old, dups), input.confermaDuplicati ?? false);
    const row = old
      ? await repo.updateCliente(tx, aziendaId, old.id, values)
      : await repo.insertCliente(tx, aziendaId, values);
    if (!row) throw notFound('Cliente');
    if (!old) await unit.emit(customerEvent('customer.created', row));
    else if (customerChanged(old, row)) await unit.emit(customerEvent('customer.updated', row));
    return { saved: row, dups };
  });
  const warnings = duplicateWarnings(saved, dups);
  return {
    item: toCliente(saved, await repo.listRecapiti(ctx.db, aziendaId, saved.id)),
    warnings,
    ...(alert
      ? { alert, message: 'Indirizzo incompleto: il cliente non può essere mostrato correttamente sulla mappa' }
      : {}),
  };
}

const customerInUse = () =>
  new AppError(
    'CUSTOMER_IN_USE',
    'Cliente con contratti o rapportini, o con impianti o macchinari in un contratto: impossibile eliminarlo',
  );

/**
 * Deletes the customers (contacts, plants and machines go with them), all or none: 403
 * CUSTOMER_IN_USE when one has a contract or a work report, or a plant or machine in a
 * contract. The foreign keys (RESTRICT) back the check up and answer the same.
 */
export async function removeClienti(ctx: CompanyContext, ids: string[]): Promise<number> {
  const aziendaId = ctx.company.id;
  const unique = [...new Set(ids)];
  try {
    return await ctx.transaction(async ({ db: tx }) => {
      if (await usage.customersInUse(tx, aziendaId, unique)) throw customerInUse();
      const n = await repo.deleteClienti(tx, aziendaId, unique);
      // All or none: an id that is not one of the company's customers undoes the whole delete.
      if (n !== unique.length) throw notFound('Cliente');
      return n;
    });
  } catch (e) {
    if (foreignKeyViolation(e) !== undefined) throw customerInUse();
    throw e;
  }
}

/** Sets (or clears) the coordinates by hand, e.g. a pin moved on the map. */
export async function setGeolocation(
  ctx: CompanyContext,
  input: z.output<typeof customerGeolocationRequest>,
): Promise<Customer> {
  const aziendaId = ctx.company.id;
  const row = await ctx.transaction(async (unit) => {
    const saved = await repo.updateCliente(unit.db, aziendaId, input.id, {
      latitude: input.latitude,
      longitude: input.longitude,
    });
    if (!saved) throw notFound('Cliente');
    await unit.emit(customerEvent('customer.updated', saved));
    return saved;
  });
  return toCliente(row);
}

export async function saveRecapito(ctx: CompanyContext, input: z.output<typeof contactSaveRequest>): Promise<Contact> {
  const aziendaId = ctx.company.id;
  const cliente = await repo.findCliente(ctx.db, aziendaId, input.clienteId);
  if (!cliente) throw notFound('Cliente');
  const values = {
    nome: input.nome,
    ruolo: input.ruolo,
    telefono: input.telefono,
    email: input.email,
    note: input.note,
  };
  if (!input.id) return toRecapito(await repo.insertRecapito(ctx.db, aziendaId, cliente.id, values));
  const existing = await repo.findRecapito(ctx.db, aziendaId, input.id);
  if (!existing || existing.clienteId !== cliente.id) throw notFound('Recapito');
  const row = await repo.updateRecapito(ctx.db, aziendaId, input.id, values);
  if (!row) throw notFound('Recapito');
  return toRecapito(row);
}

export async function deleteRecapito(ctx: CompanyContext, id: string): Promise<void> {
  const aziendaId = ctx.company.id;
  if (!(await repo.deleteRecapito(ctx.db, aziendaId, id))) throw notFound('Recapito');
}
