/**
 * Permission model (spec platform section 6): page keys, each with read, write
 * and delete, for the user's own data and for the company's. Admins have all.
 */
export const PAGE_KEYS = [
  'anagrafica_articoli', // item list
  'anagrafica_clienti', // customers: creation
  'clienti_impianti', // customers: sites (plants)
  'clienti_macchinari', // customers: machinery
  'analisi_dati', // data analysis (statistics)
  'app_mobile', // companion mobile app
  'opzioni', // options
  'contratti', // contracts
  'esportazione_dati', // data export
  'gestione_abbonamento', // subscription
  'gestione_azienda', // company
  'gestione_interventi', // interventions
  'mansioni', // job roles
  'prezzi', // prices
  'gestione_tecnici', // technicians
  'integrazioni_esterne', // external integrations
  'interventi_da_pianificare', // interventions to schedule
  'personalizza_interventi', // custom interventions
  'pianificazione_interventi', // planning
  'timbrature', // clocking
  'amministrazione_timbrature', // clocking administration
  'dati_colleghi', // view colleagues' data
] as const;

export type PageKey = (typeof PAGE_KEYS)[number];
export type Action = 'read' | 'write' | 'delete';
export type Scope = 'user' | 'company';

export interface PagePermission {
  userRead: boolean;
  userWrite: boolean;
  userDelete: boolean;
  companyRead: boolean;
  companyWrite: boolean;
  companyDelete: boolean;
}

export type PermissionMap = Record<PageKey, PagePermission>;

export interface PermissionsPayload {
  lastUpdate: string;
  permissions: PermissionMap;
}

const NONE: PagePermission = {
  userRead: false,
  userWrite: false,
  userDelete: false,
  companyRead: false,
  companyWrite: false,
  companyDelete: false,
};
const ALL: PagePermission = {
  userRead: true,
  userWrite: true,
  userDelete: true,
  companyRead: true,
  companyWrite: true,
  companyDelete: true,
};

function fill(value: (key: PageKey) => PagePermission): PermissionMap {
  return Object.fromEntries(PAGE_KEYS.map((k) => [k, value(k)])) as PermissionMap;
}

export function adminPermissions(): PermissionMap {
  return fill(() => ({ ...ALL }));
}

/**
 * What a technician (role user) without a custom permission group may do:
 * work on their own interventions, clocking and the app, read the registries
 * they need in the field. Documented in docs/decisions/0007-technician-without-a-group.md.
 */
export function defaultUserPermissions(): PermissionMap {
  const own = { ...NONE, userRead: true, userWrite: true };
  const readCompany = { ...NONE, userRead: true, companyRead: true };
  const map = fill(() => ({ ...NONE }));
  map.gestione_interventi = { ...own };
  map.pianificazione_interventi = { ...NONE, userRead: true };
  map.timbrature = { ...own };
  map.app_mobile = { ...own };
  map.anagrafica_clienti = { ...readCompany };
  map.clienti_impianti = { ...readCompany };
  map.clienti_macchinari = { ...readCompany };
  map.anagrafica_articoli = { ...readCompany };
  map.mansioni = { ...readCompany };
  return map;
}

/** Page access requires read permission, on own data or the company's. */
export function can(permissions: PermissionMap, key: PageKey, action: Action, scope: Scope | 'any' = 'any'): boolean {
  const p = permissions[key];
  if (!p) return false;
  const suffix = action === 'read' ? 'Read' : action === 'write' ? 'Write' : 'Delete';
  if (scope === 'user') return p[`user${suffix}`];
  if (scope === 'company') return p[`company${suffix}`];
  return p[`user${suffix}`] || p[`company${suffix}`];
}

/**
 * Prices (spec platform 6, the page key prezzi; issue 22): seen with the prices permission (read,
 * own data or the company's); set with read and write, since what a caller may not see it may not
 * change or clear either. Whoever may not set them has the prices they send ignored and the stored
 * ones kept (reports' lines, articles); whoever may not see them gets null in their place.
 */
export const maySeePrices = (permissions: PermissionMap): boolean => can(permissions, 'prezzi', 'read');
export const maySetPrices = (permissions: PermissionMap): boolean =>
  can(permissions, 'prezzi', 'read') && can(permissions, 'prezzi', 'write');

/** A route's or page's requirement: a page key and the action needed. */
export interface Requirement {
  key: PageKey;
  action: Action;
  scope?: Scope;
  /** Only company administrators, whatever their permissions. */
  adminOnly?: boolean;
  /** Met as well by this other requirement (e.g. one's own clockings, or everyone's for the office). */
  orElse?: Requirement;
}

/** Spec operations 6: the user list loads with gestione_tecnici read, or planning or interventions write. */
export function mayListUsers(permissions: PermissionMap): boolean {
  return (
    can(permissions, 'gestione_tecnici', 'read') ||
    can(permissions, 'pianificazione_interventi', 'write') ||
    can(permissions, 'gestione_interventi', 'write')
  );
}

/**
 * Taking the company's data out in bulk (issue 22): the exports of a list (CSV, XLSX), the Danea
 * file of a list and the zip of a list's PDFs need the data-export area besides the list's own;
 * one report's PDF or Danea file needs only the report.
 */
export const DATA_EXPORT: Requirement = { key: 'esportazione_dati', action: 'read' };
