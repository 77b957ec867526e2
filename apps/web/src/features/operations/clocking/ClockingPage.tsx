import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/session/api';
import { usePageTitle } from '../../../app/use-page-title';
import { ClockPanel } from './ClockPanel';
import { OfficeClocking } from './office/OfficeClocking';

/**
 * /clocking-in-out: the office's review (amministrazione_timbrature read) or, for who clocks only
 * their own time (timbrature), the full clock.
 */
export function ClockingPage() {
  const { t } = useTranslation();
  const office = useCan('amministrazione_timbrature', 'read');
  usePageTitle(t('clocking.title'));
  if (office === undefined) return null;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('clocking.title')}</Title>
        <Text c="dimmed">{office ? t('clocking.office.intro') : t('clocking.clock.intro')}</Text>
      </div>
      {office ? <OfficeClocking /> : <ClockPanel />}
    </Stack>
  );
}
