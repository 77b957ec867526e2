import { useState } from 'react';
import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBrandAndroid, IconBrandApple, IconCheck, IconCopy, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../app/api/errors';
import { notify } from '../../../../app/notify';
import { useCreateFeed, useRevokeFeed } from './api';

/**
 * "Calendario sul telefono": the secret iCalendar address of the caller's appointments (or, for an
 * administrator, of the technician `utenteId`). The server keeps only its hash, so the address is
 * shown once, right after it is made; regenerating and revoking ask first.
 */
export function CalendarFeedModal({
  opened,
  onClose,
  utenteId,
  name,
}: {
  opened: boolean;
  onClose: () => void;
  utenteId?: string;
  name?: string;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const create = useCreateFeed();
  const revoke = useRevokeFeed();
  const close = () => {
    setUrl(null);
    onClose();
  };
  const generate = () =>
    create.mutate(utenteId, {
      onSuccess: setUrl,
      onError: (e) => notify.error(errorText(t, e)),
    });
  const ask = (title: string, text: string, confirm: string, run: () => void) =>
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{text}</Text>,
      labels: { confirm, cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: run,
    });
  const regenerate = () =>
    ask(t('agenda.feed.regenerateTitle'), t('agenda.feed.regenerateText'), t('agenda.feed.regenerate'), generate);
  const remove = () =>
    ask(t('agenda.feed.revokeTitle'), t('agenda.feed.revokeText'), t('agenda.feed.revoke'), () =>
      revoke.mutate(utenteId, {
        onSuccess: () => {
          setUrl(null);
          notify.success(t('agenda.feed.revoked'));
        },
        onError: (e) => notify.error(errorText(t, e)),
      }),
    );
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={name ? t('agenda.feed.titleFor', { name }) : t('agenda.feed.title')}
      size="lg"
    >
      <Stack gap="md">
        <Text size="sm">{utenteId ? t('agenda.feed.introFor') : t('agenda.feed.intro')}</Text>
        {url ? (
          <>
            <Alert color="yellow" p="xs">
              {t('agenda.feed.shownOnce')}
            </Alert>
            <TextInput
              label={t('agenda.feed.url')}
              value={url}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              rightSectionWidth={44}
              rightSection={
                <CopyButton value={url}>
                  {({ copied, copy }) => (
                    <Button
                      variant="subtle"
                      px={8}
                      onClick={copy}
                      aria-label={copied ? t('agenda.feed.copied') : t('agenda.feed.copy')}
                      title={copied ? t('agenda.feed.copied') : t('agenda.feed.copy')}
                    >
                      {copied ? <IconCheck size={20} /> : <IconCopy size={20} />}
                    </Button>
                  )}
                </CopyButton>
              }
            />
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconBrandApple size={20} aria-hidden style={{ flex: 'none' }} />
              <Text size="sm">{t('agenda.feed.iphone')}</Text>
            </Group>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconBrandAndroid size={20} aria-hidden style={{ flex: 'none' }} />
              <Text size="sm">{t('agenda.feed.android')}</Text>
            </Group>
            <Group grow>
              <Button
                variant="default"
                size="md"
                leftSection={<IconRefresh size={18} />}
                loading={create.isPending}
                onClick={regenerate}
              >
                {t('agenda.feed.regenerate')}
              </Button>
              <Button
                variant="light"
                color="red"
                size="md"
                leftSection={<IconTrash size={18} />}
                loading={revoke.isPending}
                onClick={remove}
              >
                {t('agenda.feed.revoke')}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Button size="md" fullWidth loading={create.isPending} onClick={generate}>
              {t('agenda.feed.generate')}
            </Button>
            <Text size="sm" c="dimmed">
              {t('agenda.feed.generateHint')}
            </Text>
            <Button
              variant="subtle"
              color="red"
              size="md"
              leftSection={<IconTrash size={18} />}
              loading={revoke.isPending}
              onClick={remove}
            >
              {t('agenda.feed.revoke')}
            </Button>
          </>
        )}
      </Stack>
    </Modal>
  );
}
