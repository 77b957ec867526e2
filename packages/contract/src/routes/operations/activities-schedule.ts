import { z } from 'zod';
import {
  activityRangeQuery,
  activityRangeResponse,
  activityUpdateInput,
  activityUpdateResponse,
  activityReportInput,
  activityReportResponse,
} from '../../activities.js';
import { compactDate } from '../../dates.js';
import { defineRoute, USER_OR_API_KEY } from '../define.js';

// The route table's `activitySchedule` entries (implemented in apps/server/src/features/operations/activities/schedule-routes.ts).

const tags = ['contract activities'];
const PLANNER =
  'Allowed to who reads (moving: writes) contracts or the planning (pianificazione_interventi); else 403.';

export const range = defineRoute({
  id: 'activitySchedule.range',
  method: 'GET',
  path: '/api/attivita/attivita/start/:start/end/:end',
  auth: 'session',
  principals: USER_OR_API_KEY,
  tags: tags,
  summary: 'The occurrences of contract activities planned (or due) in a range, and the overdue ones',
  description:
    "Over the company's running contracts: occurrences whose planned day (else due day) is in [start, end] " +
    '(YYYYMMDD; end not before start; at most 366 days, else 400), with activity, contract, customer, plant, ' +
    'job role and duration, by day then id, paged: limit (default 500, at most 2000) occurrences after cursor ' +
    "(the previous page's next; null on the last page). scadute (first page only, else empty): undone " +
    `occurrences whose day is before the range start and before today, oldest first, at most 200. ${PLANNER}`,
  params: z.object({ start: compactDate, end: compactDate }).strict(),
  query: activityRangeQuery,
  answer: activityRangeResponse,
  answerKind: 'json',
  errors: [400, 401, 403],
});

export const move = defineRoute({
  id: 'activitySchedule.move',
  method: 'POST',
  path: '/api/attivita/attivita/update',
  auth: 'session',
  principals: USER_OR_API_KEY,
  tags: tags,
  summary: 'Moves an occurrence to another day (its planned day)',
  description:
    "Later than its due day by more than the maximum delay (the activity's rule, else the contract's), or " +
    'earlier by more than the maximum advance, answers 200 success false with avviso (ritardo or anticipo), ' +
    'message, giorni and massimo: send again with conferma true to move it anyway. Moving it to its due day ' +
    `clears the planned day. A done occurrence or a ceased contract answers 409; unknown 404. ${PLANNER}`,
  body: activityUpdateInput,
  answer: activityUpdateResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404, 409],
});

export const reportFromOccurrence = defineRoute({
  id: 'activitySchedule.reportFromOccurrence',
  method: 'POST',
  path: '/api/attivita/attivita',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: { key: 'gestione_interventi', action: 'write' },
  tags: tags,
  summary: 'Makes a work report (NUOVO) from an occurrence, once',
  description:
    "The report takes the contract's customer, the contract, the activity's plant, machines, job role and " +
    "checks, the given technicians and appointment; it is saved by the reports' own rules (400 as there). " +
    'Closing that report marks the occurrence done. A second call for the same occurrence answers 409 naming ' +
    'the report already made; a done occurrence or a ceased contract 409; unknown 404.',
  body: activityReportInput,
  answer: activityReportResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404, 409],
});
