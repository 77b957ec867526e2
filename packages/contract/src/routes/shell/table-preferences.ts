import { z } from 'zod';
import { tableInfosSchema, tablePreferenceRequest } from '../../lists.js';
import { itemResponse, defineRoute, USER_ONLY } from '../define.js';

// The route table's `tablePreferences` entries (implemented in apps/server/src/features/shell/table-preferences/routes.ts).

export const getTableInfos = defineRoute({
  id: 'tablePreferences.getTableInfos',
  method: 'GET',
  path: '/api/tabelle/tabella/:tabella',
  auth: 'session',
  principals: USER_ONLY,
  tags: ['lists'],
  summary: "tableInfos of a table: columns, min and max, defaults and the caller's choice",
  description:
    'Columns the caller may not see are neither offered nor chosen: the price columns (articles: prezzo_vendita, ' +
    'prezzo_acquisto; reports: totale) need the prices permission (read). 404 for an unknown table.',
  params: z.object({ tabella: z.string().min(1).max(40) }).strict(),
  answer: itemResponse(tableInfosSchema),
  answerKind: 'json',
  errors: [401, 404],
});

export const savePreference = defineRoute({
  id: 'tablePreferences.savePreference',
  method: 'POST',
  path: '/api/tabelle/preferenza',
  auth: 'session',
  principals: USER_ONLY,
  tags: ['lists'],
  summary: "Saves the caller's columns of a table, in order (colonne null: back to the defaults)",
  description:
    'Fewer than minColumns or more than maxColumns, unknown or repeated columns answer 400 VALIDATION with field colonne (min, max, unknown, duplicate).',
  body: tablePreferenceRequest,
  answer: itemResponse(tableInfosSchema),
  answerKind: 'json',
  errors: [400, 401, 404],
});
