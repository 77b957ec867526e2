import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldTechnician } from './session/field-technician';

/** "<page> · Gestionale interventi – Amministrazione" (a technician: "– Area tecnico"). */
export function usePageTitle(page: string | null): void {
  const { t } = useTranslation();
  const app = useFieldTechnician() ? t('app.fieldTitle') : t('app.title');
  useEffect(() => {
    document.title = page ? `${page} · ${app}` : app;
  }, [page, app]);
}
