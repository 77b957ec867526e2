import { useEffect } from 'react';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { activity } from '../api/activity';

/** Suspense fallback while a page chunk loads: counts as activity for the progress bar. */
export function PageLoader() {
  const { t } = useTranslation();
  useEffect(() => {
    activity.start();
    return () => activity.end();
  }, []);
  return (
    <Center mih={200} role="status" aria-label={t('common.loading')}>
      <Loader size="sm" aria-hidden />
    </Center>
  );
}
