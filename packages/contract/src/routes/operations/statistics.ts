import { z } from 'zod';
import type { Requirement } from '../../permissions.js';
import {
  STATS_MAX_MONTHS,
  statsContractsOverallResponse,
  statsContractsResponse,
  statsCsvQuery,
  statsCustomersOverallResponse,
  statsCustomersResponse,
  statsExpiringQuery,
  statsExpiringResponse,
  statsGeneralResponse,
  statsGeneralSeriesResponse,
  statsMaintenanceResponse,
  statsOnCallResponse,
  statsRange,
  statsRangeQuery,
  statsReportsOverallResponse,
  statsReportsSeriesResponse,
  statsTechniciansOverallResponse,
  statsTechniciansResponse,
} from '../../statistics.js';
import { defineRoute, USER_OR_API_KEY } from '../define.js';

// The route table's `statistics` entries (implemented in apps/server/src/features/operations/statistics/;
// decision 0046 says what each answers and defines worked hours, travel hours and revenue once for all).

const tags = ['statistics'];
const READ: Requirement = { key: 'analisi_dati', action: 'read' };
const RANGE =
  `startDate and endDate are company days (YYYY-MM-DD), at most ${STATS_MAX_MONTHS} months apart: a wider range ` +
  'answers 400 with code -2 (rapportini.alert_range_date_troppo_esteso). Money is without VAT in the company currency, ' +
  'null without the prices permission (prezzi read).';
const errors = [400, 401, 403] as const;

function statsRoute<A extends z.ZodType>(id: string, path: `/api/${string}`, summary: string, answer: A) {
  return defineRoute({
    id: `statistics.${id}`,
    method: 'GET',
    path,
    auth: 'session',
    principals: USER_OR_API_KEY,
    permission: READ,
    tags,
    summary,
    description: RANGE,
    query: statsRangeQuery,
    answer,
    answerKind: 'json',
    errors: [...errors],
  });
}

export const general = defineRoute({
  id: 'statistics.general',
  method: 'GET',
  path: '/api/stats/stats/:startDate/:endDate',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: READ,
  tags,
  summary: 'The general tab: the totals of the range against the previous period of the same length',
  description: RANGE,
  params: statsRange,
  answer: statsGeneralResponse,
  answerKind: 'json',
  errors: [...errors],
});

export const generalSeries = statsRoute(
  'generalSeries',
  '/api/stats/rapportini/generazione-grafico-v2',
  "The general tab's series by month (by day up to 31 days), with the previous period's",
  statsGeneralSeriesResponse,
);

export const reportsOverall = statsRoute(
  'reportsOverall',
  '/api/stats/rapportini/over-all',
  'The interventions tab: reports by state, type and job role, average days from opening to closing',
  statsReportsOverallResponse,
);

export const reportsSeries = statsRoute(
  'reportsSeries',
  '/api/v2/stats/rapportini',
  'The interventions tab: reports over time by state',
  statsReportsSeriesResponse,
);

export const customersOverall = statsRoute(
  'customersOverall',
  '/api/stats/clienti/over-all',
  'The customers tab: customers served, reports, hours and revenue of the range',
  statsCustomersOverallResponse,
);

export const customers = statsRoute(
  'customers',
  '/api/v2/stats/clienti',
  'The customers tab: hours and revenue of the top 20 customers and of the rest',
  statsCustomersResponse,
);

export const contractsOverall = statsRoute(
  'contractsOverall',
  '/api/stats/contratti/over-all',
  'The contracts tab: contracts in force, on-call hours used and left, maintenance activities on time, late, overdue',
  statsContractsOverallResponse,
);

export const expiring = defineRoute({
  id: 'statistics.expiring',
  method: 'GET',
  path: '/api/stats/contratti/in-scadenza',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: READ,
  tags,
  summary: 'The expiring tab: contracts ending within `giorni` days of today and activities overdue today',
  description: 'Today is the company day in the company time zone; giorni defaults to 30 (1-366).',
  query: statsExpiringQuery,
  answer: statsExpiringResponse,
  answerKind: 'json',
  errors: [...errors],
});

export const contracts = statsRoute(
  'contracts',
  '/api/v2/stats/contratti',
  'The contracts tab: reports, hours and revenue per contract in the range',
  statsContractsResponse,
);

export const onCall = statsRoute(
  'onCall',
  '/api/v2/stats/contratti-chiamata',
  'The contracts tab: every on-call contract with hours bought, used and left (the 10-hour threshold marked)',
  statsOnCallResponse,
);

export const maintenance = statsRoute(
  'maintenance',
  '/api/v2/stats/contratti-manutenzione',
  'The contracts tab: per maintenance contract, the activity dates of the range done on time, late, overdue, to come',
  statsMaintenanceResponse,
);

export const techniciansOverall = statsRoute(
  'techniciansOverall',
  '/api/stats/tecnici/over-all',
  'The technicians tab: worked, travel and clocked hours, km and closed reports of the range',
  statsTechniciansOverallResponse,
);

export const technicians = statsRoute(
  'technicians',
  '/api/v2/stats/tecnici',
  'The technicians tab: worked, travel and clocked hours, km and closed reports per technician',
  statsTechniciansResponse,
);

export const hoursCsv = defineRoute({
  id: 'statistics.hoursCsv',
  method: 'GET',
  path: '/api/stats/csv/export-ore-lavoro',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: READ,
  tags,
  summary: 'The report days of the range (worked and travel hours, km) as a CSV file, streamed',
  description:
    `${RANGE} One row per report day: day, report number, state, customer, technician, worked hours, travel hours, ` +
    'km. `;` separated, UTF-8 with BOM, Italian decimals and dates; formula cells neutralised.',
  query: statsCsvQuery,
  answer: z.any().describe('text/csv'),
  answerKind: 'file',
  errors: [...errors],
});

export const materialsCsv = defineRoute({
  id: 'statistics.materialsCsv',
  method: 'GET',
  path: '/api/stats/csv/export-materiale-lavoro',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: READ,
  tags,
  summary: 'The materials of the reports in the range as a CSV file, streamed',
  description:
    `${RANGE} One row per material line: opening day, report number, state, customer, code, description, quantity, ` +
    'unit, net amount (empty without the prices permission). `;` separated, UTF-8 with BOM, Italian; formula cells ' +
    'neutralised.',
  query: statsCsvQuery,
  answer: z.any().describe('text/csv'),
  answerKind: 'file',
  errors: [...errors],
});
