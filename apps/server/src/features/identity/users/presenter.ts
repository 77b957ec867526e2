import type { User } from '@fs/contract';
import type { UserWithGroup } from './repo.js';

/**
 * A user on the wire. `full` is false for callers who may load the list only
 * for planning (pianificazione_interventi or gestione_interventi write): they
 * get names and the technician flags, not email, prices or signature.
 */
export function toUser({ user: u, gruppo }: UserWithGroup, full = true, mansioni: User['mansioni'] = []): User {
  return {
    id: u.id,
    name: u.name,
    surname: u.surname,
    username: u.username,
    email: full ? u.email : null,
    lingua: u.lingua,
    role: u.role,
    superuser: u.superuser,
    status: u.status,
    scheduleenabled: u.scheduleenabled,
    netPriceKm: full ? u.netPriceKm : null,
    netPriceOreViaggio: full ? u.netPriceOreViaggio : null,
    netPriceTecnico: full ? u.netPriceTecnico : null,
    timezone: u.timezone,
    signature: full ? u.signature : null,
    media: u.mediaId ? { id: u.mediaId } : null,
    gruppo,
    ordine: u.ordine,
    mansioni,
  };
}
