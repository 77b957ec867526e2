import { can, type SessionUser } from '@fs/contract';
import { useStoredSession } from './api';

/**
 * A technician in the field (issue 24): planned (scheduleenabled Y), not an office administrator
 * (role admin, superuser, or who manages the subscription, as the home tells the office apart).
 * Their home is today's visits, and the product does not call their area "Amministrazione".
 */
export function isFieldTechnician(user: SessionUser): boolean {
  if (user.scheduleenabled !== 'Y' || user.role === 'admin' || user.superuser) return false;
  return !can(user.permissions.permissions, 'gestione_abbonamento', 'read');
}

/**
 * isFieldTechnician for the signed-in user (false when signed out). Read from the stored session,
 * which the session query keeps up to date, so it needs no query client (the logged-out layouts use it).
 */
export function useFieldTechnician(): boolean {
  const { user } = useStoredSession();
  return user ? isFieldTechnician(user) : false;
}
