import { z } from 'zod';
import {
  activityListResponse,
  rulesResponse,
  frequencyRequest,
  frequencyResponse,
  activityListInput,
  deleteBulkInput,
} from '../../activities.js';
import { uuidParam, okResponse, defineRoute, USER_OR_API_KEY } from '../define.js';

// The route table's `activities` entries (implemented in apps/server/src/features/operations/activities/routes.ts).

const read = { key: 'contratti', action: 'read' } as const;
const tags = ['contract activities'];
const FREQUENCY =
  'Frequencies: fissa (every ogni giorni, settimane, mesi or anni from data_inizio, else the period start; monthly ' +
  "or yearly from the 29th-31st falls on the month's last day when shorter), variabile (dates), data_singola. Refused " +
  '(400, field errors under frequenza): a yearly one when the period or the automatic renewal is shorter than a ' +
  'calendar year, dates outside the period, no date in it, more than 1000.';
const write = { key: 'contratti', action: 'write' } as const;
const remove = { key: 'contratti', action: 'delete' } as const;

export const list = defineRoute({
  id: 'activities.list',
  method: 'GET',
  path: '/api/contratti/contratto/attivita/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: "A contract's activities with their checks, machines, frequency, rules and dates (contratto_date)",
  description:
    'id is the contract. contratto_date: by default the undone dates and those from today on (Europe/Rome); ' +
    'allAttivita=true all of them (the history). stato: fatta (its report closed), scaduta (undone, its planned ' +
    "or due day past), pianificata (a report or a planned day), da_fare. Another company's contract answers 404.",
  params: uuidParam,
  query: z.object({ allAttivita: z.enum(['true', 'false']).default('false') }).strict(),
  answer: activityListResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const rules = defineRoute({
  id: 'activities.rules',
  method: 'GET',
  path: '/api/contratti/attivita/regole/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: "An activity's rules: maximum delay and advance (days) of its dates",
  description:
    "id is the activity. The contract's ritardo_massimo_giorni applies where the activity sets none. Another " +
    "company's activity answers 404.",
  params: uuidParam,
  answer: rulesResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const frequencyDates = defineRoute({
  id: 'activities.frequencyDates',
  method: 'POST',
  path: '/api/contratti/attivita/frequency',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: "The dates a frequency gives in a contract period (the wizard's preview)",
  description: `${FREQUENCY} mesi_rinnovo: the months of the automatic renewal, when it renews itself.`,
  body: frequencyRequest,
  answer: frequencyResponse,
  answerKind: 'json',
  errors: [400, 401, 403],
});

export const saveList = defineRoute({
  id: 'activities.saveList',
  method: 'POST',
  path: '/api/contratti/contratto/lista-attivita',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: write,
  tags: tags,
  summary: 'Adds (no id) or updates (id) several activities of a contract, in one transaction',
  description:
    `${FREQUENCY} Job role, checks (of that job role), machines and plant (of the contract's customer) must be ` +
    "the company's (400, paths attivita.<i>.<field>). The dates of the contract's period are generated: a changed " +
    'activity keeps its done dates and those with a report, and its other dates from today on follow the new ' +
    'frequency. A ceased contract answers 409; an unknown contract or activity 404. Answers the activities.',
  body: activityListInput,
  answer: activityListResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404, 409],
});

export const removeActivity = defineRoute({
  id: 'activities.removeActivity',
  method: 'DELETE',
  path: '/api/contratti/contratto/:contrattoId/attivita/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: remove,
  tags: tags,
  summary: 'Deletes an activity of a contract with its dates',
  description: 'Refused (409) when a report was made from one of its dates, or the contract ceased. Unknown: 404.',
  params: z.object({ contrattoId: z.uuid(), id: z.uuid() }).strict(),
  answer: okResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404, 409],
});

export const deleteBulk = defineRoute({
  id: 'activities.deleteBulk',
  method: 'POST',
  path: '/api/contratti/contratto/:contrattoId/attivita/delete-bulk',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: remove,
  tags: tags,
  summary: 'Deletes several activities of a contract with their dates (all or none)',
  description:
    'Refused (409) when a report was made from a date of one of them, or the contract ceased; an id not of ' +
    'the contract answers 404 and nothing is deleted.',
  params: z.object({ contrattoId: z.uuid() }).strict(),
  body: deleteBulkInput,
  answer: okResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404, 409],
});
