import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cessaContrattoInput,
  CONTRATTO_MAX,
  contrattiClienteResponse,
  contrattiFilteredQuery,
  contrattiFilteredResponse,
  contrattoInput,
  contrattoResponse,
} from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import { contentDisposition } from '../../../platform/http/content-disposition.js';
import { bearerAuth, errors, noQuery, okResponse, uuidParam } from '../../../platform/http/schemas.js';
import { ceaseContract, deleteContract } from './lifecycle.js';
import { contractPdf } from './pdf.js';
import { saveContract } from './save.js';
import * as service from './service.js';

const read = { key: 'contratti', action: 'read' } as const;
const write = { key: 'contratti', action: 'write' } as const;
const remove = { key: 'contratti', action: 'delete' } as const;
const tags = ['contracts'];

const STATES =
  'States (the company calendar, aziende.timezone): cessato when ended early or past its end without automatic renewal; in_scadenza once ' +
  'the expiry notice went (mailAvvisoScadenzaSent); attivo otherwise. On-call (chiamata) contracts carry ore_contratto ' +
  '(bought) and ore_residue (bought less the hours of the CHIUSO reports on the contract, never below 0); null on ' +
  'maintenance contracts.';

/** Contracts (spec operations 3-5, 7; issue 13). Their activities are features/operations/activities. */
export const contractRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  app.get(
    '/contratti/cliente/:id',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: "A customer's contracts (running first), to put a work report on one",
        description: `An unknown customer, or one of another company, answers 404. ${STATES}`,
        security: bearerAuth,
        params: uuidParam,
        querystring: noQuery,
        response: { 200: contrattiClienteResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => ({ success: true as const, items: await service.ofCustomer(contextOf(req), req.params.id) }),
  );

  app.get(
    '/contratti/contratti-filtered',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: 'One page of contracts: search, filters (customer, type, state, ending within N days), sort, paging',
        description:
          'page from 1, size, sort a sortable column of tableInfos (tie-break on id), dir asc|desc; q searches the ' +
          "identifier, the description and the customer's name; cliente_id, tipo (manutenzione|chiamata), stato " +
          '(attivo|in_scadenza|cessato), scadenza_giorni: running contracts ending from today to today + N days. ' +
          `tableInfos=true adds the table configuration and the chosen columns (columns). ${STATES}`,
        security: bearerAuth,
        querystring: contrattiFilteredQuery,
        response: { 200: contrattiFilteredResponse, ...errors(400, 401, 403) },
      },
    },
    async (req) => {
      const r = await service.list(contextOf(req), req.query);
      return {
        success: true as const,
        ...r,
        ...(r.tableInfos ? { columns: r.tableInfos.selectedColumns } : {}),
      };
    },
  );

  app.get(
    '/contratti/contratto/:id',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: 'One contract: customer, plants, machines, job roles, prices, renewal, hours, counts',
        description:
          `Another company's contract answers 404. ${STATES} data_rinnovo: the day after the end when the contract ` +
          'renews itself. attivita_count, date_da_fare (occurrences not done), date_scadute (not done, due before ' +
          'today), media_count (its files, GET /media/get-db/contratti/{id}).',
        security: bearerAuth,
        params: uuidParam,
        querystring: noQuery,
        response: { 200: contrattoResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => ({ success: true as const, item: await service.getContract(contextOf(req), req.params.id) }),
  );

  app.post(
    '/contratti/contratto/create',
    {
      config: { permission: write },
      schema: {
        tags,
        summary: 'Creates (no id) or updates (id) a contract with its plants, machines and job roles',
        description:
          'One transaction. The end is not before the start, the period at most ' +
          `${CONTRATTO_MAX.anni} years; on call (chiamata) needs ore_contratto > 0 (maintenance stores none); the ` +
          "type never changes after creation (400, field tipo); plants are the customer's, machines on those plants " +
          "(or the customer's when no plant is named), job roles the company's (400 VALIDATION with fields). The " +
          'identifier is unique in the company, case aside (409 DUPLICATE_CODE, field identificativo). mesi_rinnovo ' +
          "defaults to the contract's length in whole months with automatic renewal; giorni_preavviso_rinnovo to the " +
          'option contratti_preavviso_scadenza. A new end date clears mailAvvisoScadenzaSent. attivita: on create ' +
          'only (the wizard), saved in the same transaction; sent on an update answers 400. An unknown customer or ' +
          'contract (or of another company) answers 404. Answers the saved contract.',
        security: bearerAuth,
        querystring: noQuery,
        body: contrattoInput,
        response: { 200: contrattoResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req) => ({ success: true as const, item: await saveContract(contextOf(req), req.body) }),
  );

  app.delete(
    '/contratti/contratto/:id',
    {
      config: { permission: remove },
      schema: {
        tags,
        summary: 'Deletes a contract with its activities, dates and files',
        description:
          'A contract with work reports on it is kept: 403 FORBIDDEN (end it early instead, POST ' +
          "/contratti/contratto/{id}/cessa). Its files leave the storage quota. Another company's contract answers 404.",
        security: bearerAuth,
        params: uuidParam,
        querystring: noQuery,
        response: { 200: okResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await deleteContract(contextOf(req), req.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/contratti/contratto/:id/cessa',
    {
      config: { permission: write },
      schema: {
        tags,
        summary: 'Ends a contract early, from a date and for a reason',
        description:
          'The date is not before the start (400, field data); the reason is required. The contract becomes ' +
          'cessato (data_cessazione, motivo_cessazione); its occurrences after the date, not done and with no ' +
          "report, are removed. Another company's contract answers 404. Answers the contract.",
        security: bearerAuth,
        params: uuidParam,
        querystring: noQuery,
        body: cessaContrattoInput,
        response: { 200: contrattoResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      success: true as const,
      item: await ceaseContract(contextOf(req), req.params.id, req.body),
    }),
  );

  app.get(
    '/contratti/contratto/preview-pdf/:id',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: 'The contract as a PDF (application/pdf, inline)',
        description:
          "In the company's PDF language (option lingua_pdf, IT or EN): company, customer, identifier, type, period, " +
          'state, renewal, on-call hours (bought, used, left), plants, machines, job roles, prices (amounts without ' +
          'VAT), the activities with their frequency and next dates. Made on each request, not stored. Another ' +
          "company's contract answers 404.",
        security: bearerAuth,
        params: uuidParam,
        querystring: noQuery,
        response: { 200: z.any().describe('application/pdf'), ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const file = await contractPdf(contextOf(req), req.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('inline', file.filename))
        .header('content-length', String(file.body.length))
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );
};
