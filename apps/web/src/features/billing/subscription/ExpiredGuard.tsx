import { Navigate, useLocation } from 'react-router';
import { useSessionUser } from '../../../app/session/api';
import { EXPIRED_ALLOWED_PREFIX, expiredNow } from './rules';

/**
 * With an expired subscription a signed-in user stays on the subscription pages and the
 * checkout (spec section 4); everything else sends them to /subscription-plan/subscription.
 * It wraps the default layout's page outlet, so the pages (and what they load) never mount.
 */
export function ExpiredGuard({ children }: { children: React.ReactNode }) {
  const { data: user } = useSessionUser();
  const { pathname } = useLocation();
  if (user && expiredNow(user.aziendamap) && !pathname.startsWith(EXPIRED_ALLOWED_PREFIX)) {
    return <Navigate to="/subscription-plan/subscription" replace />;
  }
  return <>{children}</>;
}
