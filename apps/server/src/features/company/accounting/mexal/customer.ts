import type { AccountingDocument } from '../../../operations/index.js';
import { AccountingExportError } from '../exporter.js';
import type { MexalClient, MexalRecord } from './client.js';

/**
 * The report's billed customer in Mexal (decision 0052): found by VAT number (Mexal keeps it with the country prefix,
 * IT01234567890; both forms are searched) or, without one, by tax code; created otherwise in the customers' ledger
 * (mastro) 501 with the next free account (501.00001, 501.00002, ...) and the customer's name, address, VAT number,
 * tax code, e-mail, PEC and phone. A customer with neither a VAT number nor a tax code cannot be matched: the export
 * stops and says so.
 */

export const CUSTOMERS_LEDGER = '501';
const PAGES_AT_MOST = 50;

type Customer = AccountingDocument['cliente'];

const clean = (v: string | null | undefined) => (v ?? '').replace(/\s/g, '').toUpperCase();

function vatOf(c: Customer): { plain: string; prefixed: string } | null {
  const v = clean(c.partitaIva);
  if (!v) return null;
  const country = clean(c.nazione) || 'IT';
  const plain = v.startsWith(country) ? v.slice(country.length) : v;
  return { plain, prefixed: `${country}${plain}` };
}

async function findCode(client: MexalClient, c: Customer): Promise<string | null> {
  const vat = vatOf(c);
  const cf = clean(c.codiceFiscale);
  const filtri = vat
    ? [{ campo: 'partita_iva', condizione: '=' as const, valore: [vat.prefixed, vat.plain] }]
    : [{ campo: 'codice_fiscale', condizione: '=' as const, valore: cf }];
  const { dati } = await client.search('clienti', filtri, ['codice', 'ragione_sociale']);
  const code = dati.map((d) => d.codice).find((v): v is string => typeof v === 'string' && v !== '');
  return code ?? null;
}

/** The next free account of the ledger, after the highest one Mexal has. */
async function nextCode(client: MexalClient): Promise<string> {
  let highest = 0;
  let next: string | undefined;
  for (let page = 0; page < PAGES_AT_MOST; page++) {
    const r = await client.search(
      'clienti',
      [{ campo: 'codice', condizione: 'inizia_per', valore: `${CUSTOMERS_LEDGER}.` }],
      ['codice'],
      next,
    );
    for (const d of r.dati) {
      const m = typeof d.codice === 'string' ? /^\d+\.(\d+)$/.exec(d.codice) : null;
      if (m) highest = Math.max(highest, Number(m[1]));
    }
    if (!r.next) break;
    next = r.next;
  }
  return `${CUSTOMERS_LEDGER}.${String(highest + 1).padStart(5, '0')}`;
}

function customerBody(codice: string, c: Customer): MexalRecord {
  const vat = vatOf(c);
  const body: MexalRecord = { codice, ragione_sociale: c.ragioneSociale.slice(0, 80) };
  const put = (field: string, v: string | null | undefined) => {
    if (v && v.trim()) body[field] = v.trim();
  };
  if (vat) body.partita_iva = vat.prefixed;
  put('codice_fiscale', clean(c.codiceFiscale));
  put('indirizzo', c.indirizzo);
  put('cap', c.cap);
  put('localita', c.citta);
  put('provincia', c.provincia?.toUpperCase());
  put('email', c.email);
  put('pec', c.pec);
  put('telefono', c.telefono ?? c.cellulare);
  return body;
}

/** The customer's Mexal account code (`mastro.conto`), found or created. */
export async function customerCode(client: MexalClient, c: Customer): Promise<string> {
  if (!vatOf(c) && !clean(c.codiceFiscale)) {
    throw new AccountingExportError(
      `Il cliente ${c.ragioneSociale} non ha partita IVA né codice fiscale: impossibile trovarlo o crearlo in Mexal`,
      'MEXAL_CUSTOMER_NO_TAX_ID',
      false,
    );
  }
  const found = await findCode(client, c);
  if (found) return found;
  const codice = await nextCode(client);
  return client.create('clienti', customerBody(codice, c));
}
