import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText, isApiError } from '../api/errors';
import { usePageTitle } from '../use-page-title';
import { ErrorView } from './ErrorView';

/** Status from statusCode, status or response status; default 500. */
export function statusOf(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  const e = error as { statusCode?: unknown; status?: unknown; response?: { status?: unknown } } | null;
  for (const value of [e?.statusCode, e?.status, e?.response?.status]) {
    if (typeof value === 'number' && value >= 400) return value;
  }
  return 500;
}

/** The router's error element: any render or loading error ends here. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const status = statusOf(error);
  usePageTitle(t('errorPage.title'));
  if (status === 404) return <ErrorView status={404} title={t('notFound.title')} message={t('notFound.message')} />;
  const message = isRouteErrorResponse(error)
    ? error.statusText || t('errors.unknown')
    : isApiError(error)
      ? errorText(t, error)
      : (error as Error | null)?.message || t('errors.unknown');
  return <ErrorView status={status} title={t('errorPage.title')} message={message} />;
}
