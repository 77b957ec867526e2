import type { Company } from '@fs/contract';
import type { CompanyRow } from './repo.js';

export function toAzienda(c: CompanyRow): Company {
  return {
    id: c.id,
    ragione_sociale: c.ragioneSociale,
    partita_iva: c.partitaIva,
    codice_fiscale: c.codiceFiscale,
    mailPrincipale: c.mailPrincipale,
    pec: c.pec,
    codice_destinatario: c.codiceDestinatario,
    emails: c.emails,
    telefono: c.telefono,
    indirizzo: c.indirizzo,
    citta: c.citta,
    provincia: c.provincia,
    cap: c.cap,
    nazione: c.nazione,
    timezone: c.timezone,
    lingua_default: c.linguaDefault,
    subscription_type: c.subscriptionType,
    subscription_payment_method: c.subscriptionPaymentMethod,
    subscription_billing_period: c.subscriptionBillingPeriod,
    logo: c.logoMediaId ? { id: c.logoMediaId } : null,
  };
}
