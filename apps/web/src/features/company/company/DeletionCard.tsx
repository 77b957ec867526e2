import { Alert, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DELETION_RESTORE_WORKING_HOURS } from '@fs/contract';
import { errorText } from '../../../app/api/errors';
import { notify } from '../../../app/notify';
import { formatDeadline } from './DeletionBanner';
import { useDeletionStatus, useRequestDeletion, useRestoreCompany } from './deletion-api';

/** The company's name typed back, before the request can be sent. */
function ConfirmBody({ name, onChange }: { name: string; onChange: (ok: boolean) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  return (
    <Stack gap="sm">
      <Text size="sm">{t('register.deletion.confirmBody', { hours: DELETION_RESTORE_WORKING_HOURS })}</Text>
      <TextInput
        label={t('register.deletion.typeName', { name })}
        value={typed}
        data-autofocus
        onChange={(e) => {
          setTyped(e.currentTarget.value);
          onChange(e.currentTarget.value.trim() === name.trim());
        }}
      />
    </Stack>
  );
}

/** Company page, administrators: ask for the deletion (with confirmation) or restore a pending one. */
export function DeletionCard({ companyName, timeZone }: { companyName: string; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const status = useDeletionStatus();
  const request = useRequestDeletion();
  const restore = useRestoreCompany();
  const pending = status.data?.eliminazione_at ?? null;

  const ask = () => {
    let ok = false;
    const id = modals.openConfirmModal({
      title: t('register.deletion.confirmTitle'),
      children: (
        <ConfirmBody
          name={companyName}
          onChange={(v) => {
            ok = v;
          }}
        />
      ),
      labels: { confirm: t('register.deletion.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      closeOnConfirm: false,
      onConfirm: () => {
        if (!ok) {
          notify.warning(t('register.deletion.nameMismatch'));
          return;
        }
        request.mutate(undefined, {
          onSuccess: () => {
            modals.close(id);
            notify.success(t('register.deletion.requested'));
          },
          onError: (e) => notify.error(errorText(t, e)),
        });
      },
    });
  };

  return (
    <Card withBorder radius="md" padding="lg" style={{ borderColor: 'var(--mantine-color-red-4)' }}>
      <Title order={2} size="h4" mb="xs">
        {t('register.deletion.title')}
      </Title>
      {pending ? (
        <Stack gap="sm">
          <Alert color="red" icon={<IconAlertTriangle />}>
            {t('register.deletion.pending', { when: formatDeadline(pending, i18n.language, timeZone) })}
          </Alert>
          <Button
            color="green"
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
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('register.deletion.explain', { hours: DELETION_RESTORE_WORKING_HOURS })}
          </Text>
          <Button color="red" variant="outline" onClick={ask} disabled={status.isPending}>
            {t('register.deletion.request')}
          </Button>
        </Stack>
      )}
    </Card>
  );
}
