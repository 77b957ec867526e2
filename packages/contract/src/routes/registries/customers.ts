import { z } from 'zod';
import {
  customerRefsQuery,
  customerRefsResponse,
  customersListQuery,
  customersListResponse,
  customersAdminRequest,
  customerSchema,
  customerSaveRequest,
  customerSaveResponse,
  customerRemoveRequest,
  customerGeolocationRequest,
  contactSaveRequest,
  contactSchema,
} from '../../customers.js';
import { customersExportQuery } from '../../exports.js';
import { DATA_EXPORT } from '../../permissions.js';
import { uuidParam, itemResponse, okResponse, defineRoute, USER_OR_API_KEY } from '../define.js';

// The route table's `customers` entries (implemented in apps/server/src/features/registries/customers/routes.ts).

const read = { key: 'anagrafica_clienti', action: 'read' } as const;
const tags = ['customers'];
const write = { key: 'anagrafica_clienti', action: 'write' } as const;
const remove = { key: 'anagrafica_clienti', action: 'delete' } as const;

export const listRefs = defineRoute({
  id: 'customers.listRefs',
  method: 'GET',
  path: '/api/clienti/clienti',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: 'Customers for pickers: id, name, registry id, city; by name, paged',
  description:
    'totaleElementi is counted up to 1,000 hits (up to the next multiple of 1,000 past the page asked); ' +
    'more answers totalePiuDi: true, the total then being a lower bound.',
  query: customerRefsQuery,
  answer: customerRefsResponse,
  answerKind: 'json',
  errors: [400, 401, 403],
});

export const list = defineRoute({
  id: 'customers.list',
  method: 'GET',
  path: '/api/clienti/clienti-filtered',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: 'One page of customers: search, filters, sort and paging in the query string',
  description:
    'page from 1, size 1-200, sort a sortable column of tableInfos (tie-break on id), dir asc|desc, q contains-search ' +
    '(name, registry id, VAT, tax code, city), filters citta (prefix), provincia, nazione, geolocalizzato; tableInfos=true adds the column configuration. ' +
    'With q, totaleElementi is counted up to 1,000 hits (the next multiple of 1,000 past the page asked); more answers totalePiuDi: true.',
  query: customersListQuery,
  answer: customersListResponse,
  answerKind: 'json',
  errors: [400, 401, 403],
});

export const exportCsv = defineRoute({
  id: 'customers.exportCsv',
  method: 'GET',
  path: '/api/clienti/clienti/export',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: [read, DATA_EXPORT],
  tags: tags,
  summary: 'The filtered customer list as a CSV or XLSX file, streamed',
  description:
    "Needs the data-export permission (esportazione_dati read) besides the list's own (403 otherwise). " +
    'format csv (default; `;` separated, UTF-8 with BOM, Italian decimals) or xlsx; the list query of clienti-filtered ' +
    'without paging (q, sort, dir, citta, provincia, nazione, geolocalizzato); columns: comma-separated column keys ' +
    '(all when omitted). Cells that would start a formula are written with a leading apostrophe.',
  query: customersExportQuery,
  answer: z.any().describe('text/csv or XLSX'),
  answerKind: 'file',
  errors: [400, 401, 403],
});

export const adminList = defineRoute({
  id: 'customers.adminList',
  method: 'POST',
  path: '/api/clienti/clienti/admin',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: 'One page of customers, with paging, sort, search and filters in the body',
  body: customersAdminRequest,
  answer: customersListResponse,
  answerKind: 'json',
  errors: [400, 401, 403],
});

export const getCliente = defineRoute({
  id: 'customers.getCliente',
  method: 'GET',
  path: '/api/clienti/cliente/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: 'One customer with its contacts',
  params: uuidParam,
  answer: itemResponse(customerSchema),
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const saveCliente = defineRoute({
  id: 'customers.saveCliente',
  method: 'POST',
  path: '/api/clienti/cliente',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: write,
  tags: tags,
  summary: 'Creates (no id) or updates a customer',
  description:
    'Success carries `warnings` (duplicate registry id, VAT or tax code) and `alert: "0007"` when the address is too ' +
    'incomplete to place (the customer is saved). 403 0006: no room for a new customer; 403 0013: the company holds more customers than its plan allows.',
  body: customerSaveRequest,
  answer: customerSaveResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const removeClienti = defineRoute({
  id: 'customers.removeClienti',
  method: 'POST',
  path: '/api/clienti/cliente/remove',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: remove,
  tags: tags,
  summary: 'Deletes customers (with their contacts, plants and machines)',
  description:
    'All or none: an unknown id answers 404; a customer with a contract or a work report, or whose plants or ' +
    'machines are in a contract or an activity, answers 403 CUSTOMER_IN_USE and nothing is deleted.',
  body: customerRemoveRequest,
  answer: z.object({ success: z.literal(true), removed: z.number().int() }),
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const setGeolocation = defineRoute({
  id: 'customers.setGeolocation',
  method: 'POST',
  path: '/api/clienti/cliente/geolocation',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: write,
  tags: tags,
  summary: "Sets the customer's coordinates by hand (both null clears them)",
  body: customerGeolocationRequest,
  answer: itemResponse(customerSchema),
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const saveRecapito = defineRoute({
  id: 'customers.saveRecapito',
  method: 'POST',
  path: '/api/clienti/cliente/recapito',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: write,
  tags: tags,
  summary: 'Creates (no id) or updates a contact of a customer',
  body: contactSaveRequest,
  answer: itemResponse(contactSchema),
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const deleteRecapito = defineRoute({
  id: 'customers.deleteRecapito',
  method: 'DELETE',
  path: '/api/clienti/cliente/recapito/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: write,
  tags: tags,
  summary: 'Deletes a contact',
  params: uuidParam,
  answer: okResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});
