import { z } from 'zod';
import {
  customerContractsResponse,
  contractsFilteredQuery,
  contractsFilteredResponse,
  contractResponse,
  CONTRACT_MAX,
  contractInput,
  endContractInput,
} from '../../contracts.js';
import { uuidParam, okResponse, defineRoute, USER_OR_API_KEY } from '../define.js';

// The route table's `contracts` entries (implemented in apps/server/src/features/operations/contracts/routes.ts).

const read = { key: 'contratti', action: 'read' } as const;
const tags = ['contracts'];
const STATES =
  'States (Europe/Rome calendar): cessato when ended early or past its end without automatic renewal; in_scadenza once ' +
  'the expiry notice went (mailAvvisoScadenzaSent); attivo otherwise. On-call (chiamata) contracts carry ore_contratto ' +
  '(bought) and ore_residue (bought less the hours of the CHIUSO reports on the contract, never below 0); null on ' +
  'maintenance contracts.';
const write = { key: 'contratti', action: 'write' } as const;
const remove = { key: 'contratti', action: 'delete' } as const;

export const ofCustomer = defineRoute({
  id: 'contracts.ofCustomer',
  method: 'GET',
  path: '/api/contratti/cliente/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: "A customer's contracts (running first), to put a work report on one",
  description: `An unknown customer, or one of another company, answers 404. ${STATES}`,
  params: uuidParam,
  answer: customerContractsResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const list = defineRoute({
  id: 'contracts.list',
  method: 'GET',
  path: '/api/contratti/contratti-filtered',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: 'One page of contracts: search, filters (customer, type, state, ending within N days), sort, paging',
  description:
    'page from 1, size, sort a sortable column of tableInfos (tie-break on id), dir asc|desc; q searches the ' +
    "identifier, the description and the customer's name; cliente_id, tipo (manutenzione|chiamata), stato " +
    '(attivo|in_scadenza|cessato), scadenza_giorni: running contracts ending from today to today + N days. ' +
    `tableInfos=true adds the table configuration and the chosen columns (columns). ${STATES}`,
  query: contractsFilteredQuery,
  answer: contractsFilteredResponse,
  answerKind: 'json',
  errors: [400, 401, 403],
});

export const getContract = defineRoute({
  id: 'contracts.getContract',
  method: 'GET',
  path: '/api/contratti/contratto/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: 'One contract: customer, plants, machines, job roles, prices, renewal, hours, counts',
  description:
    `Another company's contract answers 404. ${STATES} data_rinnovo: the day after the end when the contract ` +
    'renews itself. attivita_count, date_da_fare (occurrences not done), date_scadute (not done, due before ' +
    'today), media_count (its files, GET /media/get-db/contratti/{id}).',
  params: uuidParam,
  answer: contractResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const saveContract = defineRoute({
  id: 'contracts.saveContract',
  method: 'POST',
  path: '/api/contratti/contratto/create',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: write,
  tags: tags,
  summary: 'Creates (no id) or updates (id) a contract with its plants, machines and job roles',
  description:
    'One transaction. The end is not before the start, the period at most ' +
    `${CONTRACT_MAX.anni} years; on call (chiamata) needs ore_contratto > 0 (maintenance stores none); the ` +
    "type never changes after creation (400, field tipo); plants are the customer's, machines on those plants " +
    "(or the customer's when no plant is named), job roles the company's (400 VALIDATION with fields). The " +
    'identifier is unique in the company, case aside (409 DUPLICATE_CODE, field identificativo). mesi_rinnovo ' +
    "defaults to the contract's length in whole months with automatic renewal; giorni_preavviso_rinnovo to the " +
    'option contratti_preavviso_scadenza. A new end date clears mailAvvisoScadenzaSent. attivita: on create ' +
    'only (the wizard), saved in the same transaction; sent on an update answers 400. An unknown customer or ' +
    'contract (or of another company) answers 404. Answers the saved contract.',
  body: contractInput,
  answer: contractResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404, 409],
});

export const deleteContract = defineRoute({
  id: 'contracts.deleteContract',
  method: 'DELETE',
  path: '/api/contratti/contratto/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: remove,
  tags: tags,
  summary: 'Deletes a contract with its activities, dates and files',
  description:
    'A contract with work reports on it is kept: 403 FORBIDDEN (end it early instead, POST ' +
    "/contratti/contratto/{id}/cessa). Its files leave the storage quota. Another company's contract answers 404.",
  params: uuidParam,
  answer: okResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const ceaseContract = defineRoute({
  id: 'contracts.ceaseContract',
  method: 'POST',
  path: '/api/contratti/contratto/:id/cessa',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: write,
  tags: tags,
  summary: 'Ends a contract early, from a date and for a reason',
  description:
    'The date is not before the start (400, field data); the reason is required. The contract becomes ' +
    'cessato (data_cessazione, motivo_cessazione); its occurrences after the date, not done and with no ' +
    "report, are removed. Another company's contract answers 404. Answers the contract.",
  params: uuidParam,
  body: endContractInput,
  answer: contractResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const contractPdf = defineRoute({
  id: 'contracts.contractPdf',
  method: 'GET',
  path: '/api/contratti/contratto/preview-pdf/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: 'The contract as a PDF (application/pdf, inline)',
  description:
    "In the company's PDF language (option lingua_pdf, IT or EN): company, customer, identifier, type, period, " +
    'state, renewal, on-call hours (bought, used, left), plants, machines, job roles, prices (amounts without ' +
    'VAT), the activities with their frequency and next dates. Made on each request, not stored. Another ' +
    "company's contract answers 404.",
  params: uuidParam,
  answer: z.any().describe('application/pdf'),
  answerKind: 'file',
  errors: [400, 401, 403, 404],
});
