import { z } from 'zod';
import {
  CLOCKING_EXPORT_MAX_DAYS,
  CLOCKING_MAX_RANGE_DAYS,
  clockingActionRequest,
  clockingActionResponse,
  clockingDetailResponse,
  clockingExportQuery,
  clockingItemResponse,
  clockingLastQuery,
  clockingListQuery,
  clockingListResponse,
  clockingOfficeRequest,
  clockingOfficeResponse,
  clockingOneQuery,
} from '../../clocking.js';
import type { Requirement } from '../../permissions.js';
import { defineRoute, USER_OR_API_KEY, USER_ONLY } from '../define.js';

// The route table's `clocking` entries (implemented in apps/server/src/features/operations/clocking/routes.ts;
// decision 0045 says what the singular and plural calls take).

const tags = ['clocking'];
const OFFICE_READ: Requirement = { key: 'amministrazione_timbrature', action: 'read' };
/** One's own records, or (the office without a clock of its own) anyone's with amministrazione_timbrature read. */
const OWN_READ: Requirement = { key: 'timbrature', action: 'read', scope: 'user', orElse: OFFICE_READ };
const OWN_WRITE: Requirement = { key: 'timbrature', action: 'write', scope: 'user' };
const OFFICE_WRITE: Requirement = { key: 'amministrazione_timbrature', action: 'write' };
const OTHERS =
  "Another technician's records (utenteId, tutti) need amministrazione_timbrature read (403 otherwise); " +
  'an id of another company answers 404.';

export const list = defineRoute({
  id: 'clocking.list',
  method: 'GET',
  path: '/api/timbrature/timbrature',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: OWN_READ,
  tags,
  summary: "The records of a range of company days, with each technician's totals and month approvals",
  description:
    `from and to are company days (YYYY-MM-DD, at most ${CLOCKING_MAX_RANGE_DAYS} days apart); the caller's own ` +
    `records by default, one technician's with utenteId, everyone's with tutti=1. ${OTHERS}`,
  query: clockingListQuery,
  answer: clockingListResponse,
  answerKind: 'json',
  errors: [400, 401, 403],
});

export const one = defineRoute({
  id: 'clocking.one',
  method: 'GET',
  path: '/api/timbrature/timbratura',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: OWN_READ,
  tags,
  summary: 'One record with the history of its corrections (who, when, why)',
  description: OTHERS,
  query: clockingOneQuery,
  answer: clockingDetailResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const last = defineRoute({
  id: 'clocking.last',
  method: 'GET',
  path: '/api/timbrature/timbratura/last',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: OWN_READ,
  tags,
  summary: 'The newest record (open or closed) of the caller, or of a technician (office); 404 when there is none',
  description: `The web treats the 404 as normal and shows nothing. ${OTHERS}`,
  query: clockingLastQuery,
  answer: clockingItemResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const clock = defineRoute({
  id: 'clocking.clock',
  method: 'POST',
  path: '/api/timbrature/timbratura',
  auth: 'session',
  principals: USER_ONLY,
  permission: OWN_WRITE,
  tags,
  summary: "The caller's own clock: an entry (work or travel), an exit, a return marked not necessary, a removal",
  description:
    'ENTRATA opens an interval (409 CLOCKING_OPEN_INTERVAL while one is open; the database holds one open interval ' +
    'per technician); USCITA closes the open one (409 CLOCKING_NO_OPEN_INTERVAL); travel follows outward, return ' +
    '(409 CLOCKING_TRAVEL_SEQUENCE); a record of an approved month is locked (409 CLOCKING_MONTH_APPROVED); only free ' +
    'records are removed (409 CLOCKING_NOT_FREE). A position older than the geolocation validity is stored as stale.',
  body: clockingActionRequest,
  answer: clockingActionResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404, 409],
});

export const save = defineRoute({
  id: 'clocking.save',
  method: 'POST',
  path: '/api/timbrature/timbrature',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: OFFICE_WRITE,
  tags,
  summary:
    "The office's save for one technician: records entered, corrected (with a reason), removed; month approved or unlocked",
  description:
    'All operations run in one transaction, or none. 400 CLOCKING_TECHNICIAN_REQUIRED without utenteId; 400 ' +
    'CLOCKING_NO_DATA ("Problemi nel salvataggio") with nothing to do; 409 CLOCKING_MONTH_APPROVED for a change in an ' +
    'approved month; 409 CLOCKING_OVERLAP, CLOCKING_TRAVEL_SEQUENCE, CLOCKING_NOT_FREE as for the own clock.',
  body: clockingOfficeRequest,
  answer: clockingOfficeResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404, 409],
});

export const travelExport = defineRoute({
  id: 'clocking.travelExport',
  method: 'GET',
  path: '/api/timbrature/trasferte/export-xlsx',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: OFFICE_READ,
  tags,
  summary: 'Travel and daily allowances of a range as an XLSX file, streamed',
  description:
    `from and to are company days (at most ${CLOCKING_EXPORT_MAX_DAYS} days); one technician (utenteId) or all. ` +
    'Durations are numbers formatted [h]:mm, dates Italian, a totals row per technician.',
  query: clockingExportQuery,
  answer: z.any().describe('XLSX'),
  answerKind: 'file',
  errors: [400, 401, 403],
});

export const csvExport = defineRoute({
  id: 'clocking.csvExport',
  method: 'GET',
  path: '/api/stats/csv/export-timbrature',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: OFFICE_READ,
  tags: ['clocking', 'statistics'],
  summary: 'The clockings of a range as a CSV file, streamed (the columns of the XLSX)',
  description:
    `from and to are company days (at most ${CLOCKING_EXPORT_MAX_DAYS} days); one technician (utenteId) or all. ` +
    '`;` separated, UTF-8 with BOM, Italian decimals and dates; cells that would start a formula get a leading apostrophe.',
  query: clockingExportQuery,
  answer: z.any().describe('text/csv'),
  answerKind: 'file',
  errors: [400, 401, 403],
});
