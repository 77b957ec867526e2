import type { CompanyMap, PermissionMap, SessionUser } from '@fs/contract';
import type { CompanyRow, UserRow } from './repo.js';

export function toAziendamap(c: CompanyRow): CompanyMap {
  return {
    id: c.id,
    ragione_sociale: c.ragioneSociale,
    partita_iva: c.partitaIva,
    subscription_type: c.subscriptionType,
    subscription_confirmed: c.subscriptionConfirmed,
    scadenza_trial_date: c.scadenzaTrialDate,
    scadenza_abbonamento_date: c.scadenzaAbbonamentoDate,
    start_abbonamento_date: c.startAbbonamentoDate,
    dunning: c.dunning,
    work_flow_primo_accesso: c.workFlowPrimoAccesso,
    versione_schedule: c.versioneSchedule === 1 ? 1 : 2,
    timezone: c.timezone,
  };
}

export function toSessionUser(
  u: UserRow,
  c: CompanyRow,
  permissions: PermissionMap,
  gruppo: { id: string; name: string } | null = null,
): SessionUser {
  return {
    id: u.id,
    name: u.name,
    surname: u.surname,
    username: u.username,
    email: u.email,
    lingua: u.lingua,
    signature: u.signature,
    scheduleenabled: u.scheduleenabled,
    role: u.role,
    superuser: u.superuser,
    status: u.status,
    primoAccessoCompletato: u.primoAccessoCompletato,
    netPriceKm: u.netPriceKm,
    netPriceOreViaggio: u.netPriceOreViaggio,
    netPriceTecnico: u.netPriceTecnico,
    timezone: u.timezone,
    media: u.mediaId ? { id: u.mediaId } : null,
    gruppo: gruppo && u.role !== 'admin' ? { id: gruppo.id, name: gruppo.name } : null,
    permissions: { lastUpdate: u.permissionsUpdatedAt.toISOString(), permissions },
    aziendamap: toAziendamap(c),
  };
}
