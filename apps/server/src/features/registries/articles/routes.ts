import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  articoliAdminRequest,
  articoliAdminResponse,
  articoliAllResponse,
  articoliExportQuery,
  articoliFilteredQuery,
  articoliListResponse,
  articoliResearchRequest,
  articoloRemoveRequest,
  articoloSaveRequest,
  articoloSaveResponse,
  FILTERED_MAX,
  LIMITS,
  DATA_EXPORT,
} from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { actorOf } from '../../../platform/auth/guard.js';
import { bearerAuth, errors, noQuery } from '../../../platform/http/schemas.js';
import { primed, streamOf } from '../../../platform/http/streams.js';
import { sendTableExport } from '../../../platform/http/table-export.js';
import * as service from './service.js';

const read = { key: 'anagrafica_articoli', action: 'read' } as const;
const write = { key: 'anagrafica_articoli', action: 'write' } as const;
const remove = { key: 'anagrafica_articoli', action: 'delete' } as const;
const tags = ['articles'];

const PRICES =
  'prezzo_vendita and prezzo_acquisto only with the prices permission (read; null otherwise, decision 0032).';

/** Articles (spec operations sections 3, 7): page key anagrafica_articoli; articles are company data. */
export const articleRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/anagraficaarticoli/articoli/all',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: 'Every article of the company, by code, with the plan limit (used / allowed)',
        description:
          'For pickers and the web cache (3 minutes); streamed in batches of 1,000 by code. Large lists should page with ' +
          `articoli/admin or search with articoli/research. ${PRICES}`,
        security: bearerAuth,
        querystring: noQuery,
        response: { 200: articoliAllResponse, ...errors(401, 403) },
      },
    },
    async (req, reply) => {
      // A stream skips the response serializer; the schema above documents the JSON it carries.
      const body = streamOf(req.log, 'articles catalogue', await primed(service.allJson(deps, actorOf(req))));
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.get(
    '/anagraficaarticoli/articoli/export',
    {
      config: { permission: [read, DATA_EXPORT] },
      schema: {
        tags,
        summary: 'The filtered article list as a CSV or XLSX file, streamed',
        description:
          "Needs the data-export permission (esportazione_dati read) besides the list's own (403 otherwise). " +
          'format csv (default; `;` separated, UTF-8 with BOM, Italian decimals) or xlsx; the admin list query without paging ' +
          '(q, sort, dir and the column filters codice, riferimento_esterno, descrizione, unita_misura); columns: comma-separated ' +
          'column keys (all when omitted). Cells that would start a formula are written with a leading apostrophe. The price ' +
          'columns only with the prices permission (read): left out otherwise, and asking only for them answers 403.',
        security: bearerAuth,
        querystring: articoliExportQuery,
        response: { 200: z.any().describe('text/csv or XLSX'), ...errors(400, 401, 403) },
      },
    },
    async (req, reply) => sendTableExport(reply, service.exportArticoli(deps, actorOf(req), req.query)),
  );

  app.get(
    '/anagraficaarticoli/articoli-filtered',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: `Articles matching the query-string filters (contains, case aside), at most ${FILTERED_MAX}, by code`,
        description: PRICES,
        security: bearerAuth,
        querystring: articoliFilteredQuery,
        response: { 200: articoliListResponse, ...errors(400, 401, 403) },
      },
    },
    async (req) => {
      const { q, ...filters } = req.query;
      return { success: true as const, items: await service.filtered(deps, actorOf(req), q, filters) };
    },
  );

  app.post(
    '/anagraficaarticoli/articoli/admin',
    {
      config: { permission: read },
      schema: {
        tags,
        summary:
          'One page of articles: paging, sorting, search, column filters, totaleElementi and (on request) tableInfos',
        description:
          'With a search or a column filter, totaleElementi is counted up to 1,000 hits (the next multiple of 1,000 ' +
          'past the page asked); more answers totalePiuDi: true, the total then being a lower bound. ' +
          `${PRICES} tableInfos offers the price columns only with that permission.`,
        security: bearerAuth,
        querystring: noQuery,
        body: articoliAdminRequest,
        response: { 200: articoliAdminResponse, ...errors(400, 401, 403) },
      },
    },
    async (req) => ({ success: true as const, ...(await service.admin(deps, actorOf(req), req.body)) }),
  );

  app.post(
    '/anagraficaarticoli/articoli',
    {
      config: { permission: write },
      schema: {
        tags,
        summary: 'Creates (no id) or updates an article',
        description:
          'Another article with the same code or external reference (trimmed, case aside) does not stop the save: the answer ' +
          `carries warnings (code DUPLICATE, field, the other articles). A new article past the plan's ${LIMITS.itemsPerSlot} per slot ` +
          '(one slot included, more bought as subscription items of type items) answers 403 0006; while the company holds more ' +
          'articles than its plan allows, any save answers 403 0013 (as the customers). Prices are set only with the prices ' +
          "permission, read and write: anyone else's are ignored (an update keeps the article's, a new article has none).",
        security: bearerAuth,
        querystring: noQuery,
        body: articoloSaveRequest,
        response: { 200: articoloSaveResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => ({ success: true as const, ...(await service.save(deps, actorOf(req), req.body)) }),
  );

  app.post(
    '/anagraficaarticoli/articoli/research',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: 'Search as you type on code, external reference and description (limited results)',
        description:
          'Exact code or external reference first, then those starting with the term, then (3+ characters) anything ' +
          `containing it. ${PRICES}`,
        security: bearerAuth,
        querystring: noQuery,
        body: articoliResearchRequest,
        response: { 200: articoliListResponse, ...errors(400, 401, 403) },
      },
    },
    async (req) => ({
      success: true as const,
      items: await service.research(deps, actorOf(req), req.body.q, req.body.limit),
    }),
  );

  app.post(
    '/anagraficaarticoli/articoli/remove',
    {
      config: { permission: remove },
      schema: {
        tags,
        summary: 'Deletes articles by id (all or none: an unknown id answers 404)',
        security: bearerAuth,
        querystring: noQuery,
        body: articoloRemoveRequest,
        response: {
          200: z.object({ success: z.literal(true), removed: z.number().int() }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (req) => ({ success: true as const, removed: await service.remove(deps, actorOf(req), req.body.ids) }),
  );
};
