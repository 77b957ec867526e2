import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../../app/components/ErrorView';
import { usePageTitle } from '../../../app/use-page-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return <ErrorView status={404} title={t('notFound.title')} message={t('notFound.message')} />;
}
