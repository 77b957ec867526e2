import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clienteGeolocationRequest,
  clienteRemoveRequest,
  clienteSaveRequest,
  clienteSaveResponse,
  clienteSchema,
  clientiAdminRequest,
  clientiExportQuery,
  clientiListQuery,
  clientiListResponse,
  clientiRefsQuery,
  clientiRefsResponse,
  recapitoSaveRequest,
  recapitoSchema,
  DATA_EXPORT,
} from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { actorOf } from '../../../platform/auth/guard.js';
import { bearerAuth, errors, itemResponse, noQuery, okResponse, uuidParam } from '../../../platform/http/schemas.js';
import { sendTableExport } from '../../../platform/http/table-export.js';
import * as service from './service.js';

const read = { key: 'anagrafica_clienti', action: 'read' } as const;
const write = { key: 'anagrafica_clienti', action: 'write' } as const;
const remove = { key: 'anagrafica_clienti', action: 'delete' } as const;
const tags = ['customers'];

export const customerRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/clienti/clienti',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: 'Customers for pickers: id, name, registry id, city; by name, paged',
        description:
          'totaleElementi is counted up to 1,000 hits (up to the next multiple of 1,000 past the page asked); ' +
          'more answers totalePiuDi: true, the total then being a lower bound.',
        security: bearerAuth,
        querystring: clientiRefsQuery,
        response: { 200: clientiRefsResponse, ...errors(400, 401, 403) },
      },
    },
    async (req) => ({ success: true as const, ...(await service.listRefs(deps, actorOf(req).aziendaId, req.query)) }),
  );

  app.get(
    '/clienti/clienti-filtered',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: 'One page of customers: search, filters, sort and paging in the query string',
        description:
          'page from 1, size 1-200, sort a sortable column of tableInfos (tie-break on id), dir asc|desc, q contains-search ' +
          '(name, registry id, VAT, tax code, city), filters citta (prefix), provincia, nazione, geolocalizzato; tableInfos=true adds the column configuration. ' +
          'With q, totaleElementi is counted up to 1,000 hits (the next multiple of 1,000 past the page asked); more answers totalePiuDi: true.',
        security: bearerAuth,
        querystring: clientiListQuery,
        response: { 200: clientiListResponse, ...errors(400, 401, 403) },
      },
    },
    async (req) => {
      const { citta, provincia, nazione, geolocalizzato, ...q } = req.query;
      return {
        success: true as const,
        ...(await service.listClienti(deps, actorOf(req), q, { citta, provincia, nazione, geolocalizzato })),
      };
    },
  );

  app.get(
    '/clienti/clienti/export',
    {
      config: { permission: [read, DATA_EXPORT] },
      schema: {
        tags,
        summary: 'The filtered customer list as a CSV or XLSX file, streamed',
        description:
          "Needs the data-export permission (esportazione_dati read) besides the list's own (403 otherwise). " +
          'format csv (default; `;` separated, UTF-8 with BOM, Italian decimals) or xlsx; the list query of clienti-filtered ' +
          'without paging (q, sort, dir, citta, provincia, nazione, geolocalizzato); columns: comma-separated column keys ' +
          '(all when omitted). Cells that would start a formula are written with a leading apostrophe.',
        security: bearerAuth,
        querystring: clientiExportQuery,
        response: { 200: z.any().describe('text/csv or XLSX'), ...errors(400, 401, 403) },
      },
    },
    async (req, reply) => sendTableExport(reply, service.exportClienti(deps, actorOf(req), req.query)),
  );

  app.post(
    '/clienti/clienti/admin',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: 'One page of customers, with paging, sort, search and filters in the body',
        security: bearerAuth,
        querystring: noQuery,
        body: clientiAdminRequest,
        response: { 200: clientiListResponse, ...errors(400, 401, 403) },
      },
    },
    async (req) => {
      const { filters, ...q } = req.body;
      return { success: true as const, ...(await service.listClienti(deps, actorOf(req), q, filters)) };
    },
  );

  app.get(
    '/clienti/cliente/:id',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: 'One customer with its contacts',
        security: bearerAuth,
        params: uuidParam,
        querystring: noQuery,
        response: { 200: itemResponse(clienteSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      success: true as const,
      item: await service.getCliente(deps, actorOf(req).aziendaId, req.params.id),
    }),
  );

  app.post(
    '/clienti/cliente',
    {
      config: { permission: write },
      schema: {
        tags,
        summary: 'Creates (no id) or updates a customer',
        description:
          'Success carries `warnings` (duplicate registry id, VAT or tax code) and `alert: "0007"` when the address is too ' +
          'incomplete to place (the customer is saved). 403 0006: no room for a new customer; 403 0013: the company holds more customers than its plan allows.',
        security: bearerAuth,
        querystring: noQuery,
        body: clienteSaveRequest,
        response: { 200: clienteSaveResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => ({ success: true as const, ...(await service.saveCliente(deps, actorOf(req).aziendaId, req.body)) }),
  );

  app.post(
    '/clienti/cliente/remove',
    {
      config: { permission: remove },
      schema: {
        tags,
        summary: 'Deletes customers (with their contacts, plants and machines)',
        security: bearerAuth,
        description:
          'All or none: an unknown id answers 404; a customer with a contract or a work report, or whose plants or ' +
          'machines are in a contract or an activity, answers 403 CUSTOMER_IN_USE and nothing is deleted.',
        querystring: noQuery,
        body: clienteRemoveRequest,
        response: {
          200: z.object({ success: z.literal(true), removed: z.number().int() }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (req) => ({
      success: true as const,
      removed: await service.removeClienti(deps, actorOf(req).aziendaId, req.body.ids),
    }),
  );

  app.post(
    '/clienti/cliente/geolocation',
    {
      config: { permission: write },
      schema: {
        tags,
        summary: "Sets the customer's coordinates by hand (both null clears them)",
        security: bearerAuth,
        querystring: noQuery,
        body: clienteGeolocationRequest,
        response: { 200: itemResponse(clienteSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      success: true as const,
      item: await service.setGeolocation(deps, actorOf(req).aziendaId, req.body),
    }),
  );

  app.post(
    '/clienti/cliente/recapito',
    {
      config: { permission: write },
      schema: {
        tags,
        summary: 'Creates (no id) or updates a contact of a customer',
        security: bearerAuth,
        querystring: noQuery,
        body: recapitoSaveRequest,
        response: { 200: itemResponse(recapitoSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      success: true as const,
      item: await service.saveRecapito(deps, actorOf(req).aziendaId, req.body),
    }),
  );

  app.delete(
    '/clienti/cliente/recapito/:id',
    {
      config: { permission: write },
      schema: {
        tags,
        summary: 'Deletes a contact',
        security: bearerAuth,
        params: uuidParam,
        querystring: noQuery,
        response: { 200: okResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await service.deleteRecapito(deps, actorOf(req).aziendaId, req.params.id);
      return { success: true as const };
    },
  );
};
