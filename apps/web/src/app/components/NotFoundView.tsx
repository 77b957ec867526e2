import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isUuid } from '@fs/contract';
import { isApiError } from '../api/errors';
import { usePageTitle } from '../use-page-title';
import { ErrorView } from './ErrorView';
import { LoadError } from './LoadError';

/** The product's 404 page ("Questa pagina non è stata trovata"), with its title. */
export function NotFoundView() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return <ErrorView status={404} title={t('notFound.title')} message={t('notFound.message')} />;
}

/** The API found nothing at that id: the page does not exist (a 404 of the API is the page's 404). */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/**
 * The id of a detail page's address, or null when it is no id at all (`/interventions/abc`): such a
 * page does not exist, and is not asked of the server.
 */
export function useDetailId(): string | null {
  const { id = '' } = useParams();
  return isUuid(id) ? id : null;
}

/** A detail page's own title, or the 404 page's when there is no such page (the page's title is set last). */
export function useDetailTitle(id: string | null, error: unknown, title: string): void {
  const { t } = useTranslation();
  usePageTitle(!id || isNotFound(error) ? t('notFound.title') : title);
}

/** A detail page's failed load: the 404 page when the API found nothing, otherwise the load error with a retry. */
export function DetailLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return isNotFound(error) ? <NotFoundView /> : <LoadError error={error} onRetry={onRetry} />;
}
