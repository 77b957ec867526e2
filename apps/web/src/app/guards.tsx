import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { can, type PageKey } from '@fs/contract';
import { useTranslation } from 'react-i18next';
import { loginPath, safeRedirect } from './api/navigate';
import { LoadError } from './components/LoadError';
import { PageLoader } from './components/PageLoader';
import { ErrorView } from './components/ErrorView';
import { usePageTitle } from './use-page-title';
import { useCan, usePermissions, useSessionUser, useStoredSession } from './session/api';

/** Non-public routes: a session is needed, else /login?redirectAfterLogin=<path>. */
export function RequireSession() {
  const { token } = useStoredSession();
  const location = useLocation();
  const session = useSessionUser();
  if (!token) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  if (session.data) return <Outlet />;
  if (session.isError) return <LoadError error={session.error} onRetry={() => void session.refetch()} />;
  return <PageLoader />;
}

/** /login and /access/*: a signed-in user goes on to redirectAfterLogin or `/`. */
export function PublicOnly() {
  const { token } = useStoredSession();
  const [params] = useSearchParams();
  if (token) return <Navigate to={safeRedirect(params.get('redirectAfterLogin'))} replace />;
  return <Outlet />;
}

/** Page access requires read permission on the page key (or on one of `orReadOf`). */
export function RequirePermission({ pageKey, orReadOf = [] }: { pageKey: PageKey; orReadOf?: PageKey[] }) {
  const permissions = usePermissions();
  const own = useCan(pageKey, 'read');
  const map = permissions.data?.permissions;
  const allowed = own === undefined || !map ? own : own || orReadOf.some((k) => can(map, k, 'read'));
  if (permissions.isError) return <LoadError error={permissions.error} onRetry={() => void permissions.refetch()} />;
  if (allowed === undefined) return <PageLoader />;
  if (!allowed) return <Forbidden />;
  return <Outlet />;
}

function Forbidden() {
  const { t } = useTranslation();
  usePageTitle(t('errors.forbiddenTitle'));
  return <ErrorView status={403} title={t('errors.forbiddenTitle')} message={t('errors.forbiddenPage')} />;
}
