import { z } from 'zod';
import {
  articlesAllResponse,
  FILTERED_MAX,
  articlesFilteredQuery,
  articlesListResponse,
  articlesAdminRequest,
  articlesAdminResponse,
  articleSaveRequest,
  articleSaveResponse,
  articlesResearchRequest,
  articleRemoveRequest,
} from '../../articles.js';
import { articlesExportQuery } from '../../exports.js';
import { DATA_EXPORT } from '../../permissions.js';
import { LIMITS } from '../../plans.js';
import { defineRoute, USER_OR_API_KEY } from '../define.js';

// The route table's `articles` entries (implemented in apps/server/src/features/registries/articles/routes.ts).

const read = { key: 'anagrafica_articoli', action: 'read' } as const;
const tags = ['articles'];
const PRICES =
  'prezzo_vendita and prezzo_acquisto only with the prices permission (read; null otherwise, decision 0032).';
const write = { key: 'anagrafica_articoli', action: 'write' } as const;
const remove = { key: 'anagrafica_articoli', action: 'delete' } as const;

export const all = defineRoute({
  id: 'articles.all',
  method: 'GET',
  path: '/api/anagraficaarticoli/articoli/all',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: 'Every article of the company, by code, with the plan limit (used / allowed)',
  description:
    'For pickers and the web cache (3 minutes); streamed in batches of 1,000 by code. Large lists should page with ' +
    `articoli/admin or search with articoli/research. ${PRICES}`,
  answer: articlesAllResponse,
  answerKind: 'json',
  errors: [401, 403],
});

export const exportCsv = defineRoute({
  id: 'articles.exportCsv',
  method: 'GET',
  path: '/api/anagraficaarticoli/articoli/export',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: [read, DATA_EXPORT],
  tags: tags,
  summary: 'The filtered article list as a CSV or XLSX file, streamed',
  description:
    "Needs the data-export permission (esportazione_dati read) besides the list's own (403 otherwise). " +
    'format csv (default; `;` separated, UTF-8 with BOM, Italian decimals) or xlsx; the admin list query without paging ' +
    '(q, sort, dir and the column filters codice, riferimento_esterno, descrizione, unita_misura); columns: comma-separated ' +
    'column keys (all when omitted). Cells that would start a formula are written with a leading apostrophe. The price ' +
    'columns only with the prices permission (read): left out otherwise, and asking only for them answers 403.',
  query: articlesExportQuery,
  answer: z.any().describe('text/csv or XLSX'),
  answerKind: 'file',
  errors: [400, 401, 403],
});

export const list = defineRoute({
  id: 'articles.list',
  method: 'GET',
  path: '/api/anagraficaarticoli/articoli-filtered',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: `Articles matching the query-string filters (contains, case aside), at most ${FILTERED_MAX}, by code`,
  description: PRICES,
  query: articlesFilteredQuery,
  answer: articlesListResponse,
  answerKind: 'json',
  errors: [400, 401, 403],
});

export const admin = defineRoute({
  id: 'articles.admin',
  method: 'POST',
  path: '/api/anagraficaarticoli/articoli/admin',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: 'One page of articles: paging, sorting, search, column filters, totaleElementi and (on request) tableInfos',
  description:
    'With a search or a column filter, totaleElementi is counted up to 1,000 hits (the next multiple of 1,000 ' +
    'past the page asked); more answers totalePiuDi: true, the total then being a lower bound. ' +
    `${PRICES} tableInfos offers the price columns only with that permission.`,
  body: articlesAdminRequest,
  answer: articlesAdminResponse,
  answerKind: 'json',
  errors: [400, 401, 403],
});

export const save = defineRoute({
  id: 'articles.save',
  method: 'POST',
  path: '/api/anagraficaarticoli/articoli',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: write,
  tags: tags,
  summary: 'Creates (no id) or updates an article',
  description:
    'Another article with the same code or external reference (trimmed, case aside) does not stop the save: the answer ' +
    `carries warnings (code DUPLICATE, field, the other articles). A new article past the plan's ${LIMITS.itemsPerSlot} per slot ` +
    '(one slot included, more bought as subscription items of type items) answers 403 0006; while the company holds more ' +
    'articles than its plan allows, any save answers 403 0013 (as the customers). Prices are set only with the prices ' +
    "permission, read and write: anyone else's are ignored (an update keeps the article's, a new article has none).",
  body: articleSaveRequest,
  answer: articleSaveResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const research = defineRoute({
  id: 'articles.research',
  method: 'POST',
  path: '/api/anagraficaarticoli/articoli/research',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: 'Search as you type on code, external reference and description (limited results)',
  description:
    'Exact code or external reference first, then those starting with the term, then (3+ characters) anything ' +
    `containing it. ${PRICES}`,
  body: articlesResearchRequest,
  answer: articlesListResponse,
  answerKind: 'json',
  errors: [400, 401, 403],
});

export const removeArticles = defineRoute({
  id: 'articles.removeArticles',
  method: 'POST',
  path: '/api/anagraficaarticoli/articoli/remove',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: remove,
  tags: tags,
  summary: 'Deletes articles by id (all or none: an unknown id answers 404)',
  body: articleRemoveRequest,
  answer: z.object({ success: z.literal(true), removed: z.number().int() }),
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});
