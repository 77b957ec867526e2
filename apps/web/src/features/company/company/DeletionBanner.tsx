import { formatLongDateTime } from '@fs/contract';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconTrashX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/api/errors';
import { notify } from '../../../app/notify';
import { useSessionUser } from '../../../app/session/api';
import { useCompany } from './api';
import { useDeletionStatus, useRestoreCompany } from './deletion-api';

/** When and at what time, in the company's time zone as the browser shows it. */
export function formatDeadline(iso: string, locale: string, timeZone?: string): string {
  return formatLongDateTime(iso, locale, timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/** For administrators, on every page while the company's deletion is pending: the deadline and a restore button. */
export function DeletionBanner() {
  const { t, i18n } = useTranslation();
  const { data: user } = useSessionUser();
  const admin = user?.role === 'admin';
  const status = useDeletionStatus(admin);
  const company = useCompany(admin && !!status.data?.eliminazione_at);
  const restore = useRestoreCompany();
  if (!admin || !status.data?.eliminazione_at) return null;
  return (
    <Alert
      color="red"
      variant="filled"
      icon={<IconTrashX />}
      role="alert"
      radius="md"
      mb="md"
      title={t('register.deletion.bannerTitle')}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {t('register.deletion.pending', {
            when: formatDeadline(status.data.eliminazione_at, i18n.language, company.data?.timezone),
          })}
        </Text>
        <Button
          size="xs"
          variant="white"
          color="red"
          loading={restore.isPending}
          onClick={() =>
            restore.mutate(undefined, {
              onSuccess: () => notify.success(t('register.deletion.restored')),
              onError: (e) => notify.error(errorText(t, e)),
            })
          }
        >
          {t('register.deletion.restore')}
        </Button>
      </Group>
    </Alert>
  );
}
