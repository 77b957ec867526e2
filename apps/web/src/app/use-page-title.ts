import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldTechnician } from './session/field-technician';

/**
 * "<page> · Gestionale interventi – Amministrazione" (a technician: "– Area tecnico"); a page that speaks
 * for a company to its customer gives `owner` (the company's name) instead of the product's.
 */
export function usePageTitle(page: string | null, owner?: string | null): void {
  const { t } = useTranslation();
  const product = useFieldTechnician() ? t('app.fieldTitle') : t('app.title');
  const app = owner ?? product;
  useEffect(() => {
    document.title = page && app ? `${page} · ${app}` : page || app;
  }, [page, app]);
}
