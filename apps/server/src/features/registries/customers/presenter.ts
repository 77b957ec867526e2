import { codeKey } from '../../../platform/duplicates.js';
import type { Customer, CustomerWarning, Contact } from '@fs/contract';
import type { ClienteRow, RecapitoRow } from './repo.js';

export function toRecapito(r: RecapitoRow): Contact {
  return {
    id: r.id,
    clienteId: r.clienteId,
    nome: r.nome,
    ruolo: r.ruolo,
    telefono: r.telefono,
    email: r.email,
    note: r.note,
  };
}

export function toCliente(r: ClienteRow, recapiti?: RecapitoRow[]): Customer {
  return {
    id: r.id,
    codice: r.codice,
    ragione_sociale: r.ragioneSociale,
    codice_fiscale: r.codiceFiscale,
    partita_iva: r.partitaIva,
    telefono: r.telefono,
    cellulare: r.cellulare,
    pec: r.pec,
    codice_destinatario: r.codiceDestinatario,
    email: r.email,
    note: r.note,
    indirizzo: r.indirizzo,
    citta: r.citta,
    provincia: r.provincia,
    cap: r.cap,
    nazione: r.nazione,
    latitude: r.latitude,
    longitude: r.longitude,
    km_viaggio: r.kmViaggio,
    ore_viaggio: r.oreViaggio,
    created_at: r.createdAt.toISOString(),
    ...(recapiti ? { recapiti: recapiti.map(toRecapito) } : {}),
  };
}

type Dup = {
  id: string;
  ragioneSociale: string;
  codice: string | null;
  partitaIva: string | null;
  codiceFiscale: string | null;
};

/** Warnings for the customers sharing a registry id, VAT number or tax code with the saved one. */
export function duplicateWarnings(saved: ClienteRow, dups: Dup[]): CustomerWarning[] {
  const out: CustomerWarning[] = [];
  const fields = [
    ['codice', (d: Dup) => d.codice, saved.codice],
    ['partita_iva', (d: Dup) => d.partitaIva, saved.partitaIva],
    ['codice_fiscale', (d: Dup) => d.codiceFiscale, saved.codiceFiscale],
  ] as const;
  for (const [field, get, value] of fields) {
    if (!value) continue;
    const same = dups.filter((d) => get(d) && codeKey(get(d)!) === codeKey(value)).slice(0, 5);
    if (same.length)
      out.push({
        code: 'DUPLICATE',
        field,
        clienti: same.map((d) => ({ id: d.id, ragione_sociale: d.ragioneSociale })),
      });
  }
  return out;
}
