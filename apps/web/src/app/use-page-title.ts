import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "<page> · Gestionale interventi – Amministrazione" */
export function usePageTitle(page: string | null): void {
  const { t } = useTranslation();
  const app = t('app.title');
  useEffect(() => {
    document.title = page ? `${page} · ${app}` : app;
  }, [page, app]);
}
