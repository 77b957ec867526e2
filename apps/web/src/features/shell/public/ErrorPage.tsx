import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../../app/components/ErrorView';
import { usePageTitle } from '../../../app/use-page-title';

/** /error: status and message from the navigation state or the query; default 500. */
export function ErrorPage() {
  const { t } = useTranslation();
  usePageTitle(t('errorPage.title'));
  const [params] = useSearchParams();
  const state = (useLocation().state ?? {}) as { status?: number; message?: string };
  const status = Number(state.status ?? params.get('status')) || 500;
  const message = state.message ?? params.get('message') ?? t('errors.unknown');
  return <ErrorView status={status} title={t('errorPage.title')} message={message} />;
}
