import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../app/api/errors';
import { DateField, TimeField } from '../../../../app/components/DateField';
import { formatCount } from '../../../../app/numbers';
import { useReplayFailed } from './api';

const pad = (n: number) => String(n).padStart(2, '0');

/** "Resend the failed since…": a day and a time (the browser's zone), then how many went again. */
export function ReplayFailedModal({ webhookId, onClose }: { webhookId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const replay = useReplayFailed();
  const yesterday = new Date(Date.now() - 86_400_000);
  const [day, setDay] = useState(
    `${yesterday.getFullYear()}-${pad(yesterday.getMonth() + 1)}-${pad(yesterday.getDate())}`,
  );
  const [time, setTime] = useState(`${pad(yesterday.getHours())}:${pad(yesterday.getMinutes())}`);
  const [tried, setTried] = useState(false);
  const dayError = tried && !day ? t('integrations.webhooks.replayFailed.dayRequired') : undefined;
  const submit = () => {
    setTried(true);
    if (!day) return;
    const dal = new Date(`${day}T${time || '00:00'}:00`).toISOString();
    replay.mutate({ id: webhookId, dal });
  };
  return (
    <Modal opened onClose={onClose} title={t('integrations.webhooks.replayFailed.title')}>
      {replay.isSuccess ? (
        <Stack>
          <Text role="status">
            {t('integrations.webhooks.replayFailed.done', {
              count: replay.data,
              n: formatCount(replay.data, i18n.language),
            })}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('integrations.webhooks.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack>
            <Text size="sm">{t('integrations.webhooks.replayFailed.text')}</Text>
            <Group grow align="flex-start">
              <DateField
                label={t('integrations.webhooks.replayFailed.day')}
                value={day}
                onChange={setDay}
                error={dayError}
                required
              />
              <TimeField label={t('integrations.webhooks.replayFailed.time')} value={time} onChange={setTime} />
            </Group>
            {replay.isError && (
              <Text c="red" size="sm" role="alert">
                {errorText(t, replay.error)}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={replay.isPending}>
                {t('integrations.webhooks.replayFailed.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
