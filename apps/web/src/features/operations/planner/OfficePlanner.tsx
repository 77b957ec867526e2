import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Being built in its own branch (issue 14); replaced there. */
export function OfficePlanner() {
  const { t } = useTranslation();
  return <Title order={2}>{t('planner.title')}</Title>;
}
