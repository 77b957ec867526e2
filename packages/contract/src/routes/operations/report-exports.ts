import { z } from 'zod';
import { defineRoute, USER_OR_API_KEY } from '../define.js';

// The route table's `reportExports` entries (apps/server/src/features/operations/reports/open-export.ts; issue 29,
// the spec's "other" export tool; decision 0052): one report as JSON and as CSV, for any system to take, besides the
// report.completed webhook. Named after the other one-report exports (/rapportini/export/xml-danea/:id).

const read = { key: 'gestione_interventi', action: 'read' } as const;
const tags = ['work reports'];

export const json = defineRoute({
  id: 'reportExports.json',
  method: 'GET',
  path: '/api/rapportini/export/json/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags,
  summary: 'One report as a JSON file: the report as read, and with the prices permission its accounting document',
  description:
    "The report's access rules (a report the caller may not see, or another company's, answers 404). The file " +
    '`rapportino-<number>.json` holds `formato` ("rapportino/1"), `rapportino` (the report exactly as GET ' +
    '/rapportini/rapportini/admin/:id answers it, prices hidden without the prices permission) and `documento`: what ' +
    'the accounting exports send (the option danea_tipo_documento, the numbering section, the billed customer with ' +
    'its fiscal data, one line per price line with its code, quantity, unit, unit price, amount without VAT, VAT rate ' +
    'and nature, the total), null without the prices permission.',
  params: z.object({ id: z.string().uuid() }),
  answer: z.any().describe('application/json'),
  answerKind: 'file',
  errors: [400, 401, 403, 404],
});

export const csv = defineRoute({
  id: 'reportExports.csv',
  method: 'GET',
  path: '/api/rapportini/export/csv/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags,
  summary: "One report's price lines as a CSV file, one row per line with its VAT",
  description:
    "The report's access rules (404 otherwise) and the prices permission (403 otherwise). `;` separated, UTF-8 with " +
    'BOM, Italian decimals and dates DD/MM/YYYY (what an Italian Excel opens). Columns: number, date, billed customer, ' +
    'VAT number, tax code, item (ore, ore_viaggio, km, pranzo, cena, pernottamento, trasferta, diritto_chiamata, ' +
    'attivita_contratto, forfait, materiale, campo), code, description, quantity, unit, unit price, amount without ' +
    'VAT, VAT rate (%), VAT nature (N1-N7 for a 0% rate). Cells that would start a formula get a leading apostrophe.',
  params: z.object({ id: z.string().uuid() }),
  answer: z.any().describe('text/csv'),
  answerKind: 'file',
  errors: [400, 401, 403, 404],
});
