import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconPlus, IconWebhook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_OLD_SECRET_HOURS, type WebhookItem } from '@fs/contract';
import { errorText } from '../../../../app/api/errors';
import { LoadError } from '../../../../app/components/LoadError';
import { PageLoader } from '../../../../app/components/PageLoader';
import { formatDateTime } from '../../../../app/format';
import { notify } from '../../../../app/notify';
import { useRemoveWebhook, useRotateSecret, useSaveWebhook, useSendTest, useWebhooks } from './api';
import { DeliveryLog } from './DeliveryLog';
import { SecretModal, type SecretModalProps } from './SecretModal';
import { WebhookModal } from './WebhookModal';
import {
  Counts,
  EventsBadge,
  FailingSince,
  StateCell,
  WebhookActions,
  type WebhookActionHandlers,
} from './WebhookParts';

type Secret = SecretModalProps extends infer P ? (P extends { onClose: unknown } ? Omit<P, 'onClose'> : never) : never;

/** The company's webhook endpoints: their state and deliveries, and every action on them. */
export function WebhooksPanel() {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const list = useWebhooks();
  const save = useSaveWebhook();
  const remove = useRemoveWebhook();
  const rotate = useRotateSecret();
  const test = useSendTest();
  const [editing, setEditing] = useState<WebhookItem | 'new' | null>(null);
  const [secret, setSecret] = useState<Secret | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);

  const confirmRemove = (w: WebhookItem) =>
    modals.openConfirmModal({
      title: t('integrations.webhooks.removeTitle'),
      children: <Text size="sm">{t('integrations.webhooks.removeText', { url: w.url })}</Text>,
      labels: { confirm: t('integrations.webhooks.remove'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(w.id, { onSuccess: () => notify.success(t('integrations.webhooks.removed')) }),
    });

  const confirmRotate = (w: WebhookItem) =>
    modals.openConfirmModal({
      title: t('integrations.webhooks.rotateTitle'),
      children: <Text size="sm">{t('integrations.webhooks.rotateText', { hours: WEBHOOK_OLD_SECRET_HOURS })}</Text>,
      labels: { confirm: t('integrations.webhooks.rotate'), cancel: t('common.cancel') },
      onConfirm: () =>
        rotate.mutate(w.id, {
          onSuccess: (r) =>
            setSecret(
              r.segreto
                ? { mode: 'rotated', secret: r.segreto }
                : { mode: 'reveal', webhookId: w.id, hint: r.item.indizioSegreto },
            ),
          onError: (e) => notify.error(errorText(t, e)),
        }),
    });

  const sendTest = (w: WebhookItem) =>
    test.mutate(w.id, {
      onSuccess: () => notify.success(t('integrations.webhooks.testSent')),
      onError: (e) => notify.error(errorText(t, e)),
    });

  const toggle = (w: WebhookItem) => {
    const attivo = w.stato !== 'ATTIVO';
    save.mutate(
      { id: w.id, url: w.url, descrizione: w.descrizione, eventi: w.eventi, attivo },
      {
        onSuccess: () => notify.success(t(attivo ? 'integrations.webhooks.enabled' : 'integrations.webhooks.disabled')),
        onError: (e) => notify.error(errorText(t, e)),
      },
    );
  };

  const handlers: WebhookActionHandlers = {
    onLog: (w) => setLogOf(w.id),
    onEdit: setEditing,
    onSecret: (w) => setSecret({ mode: 'reveal', webhookId: w.id, hint: w.indizioSegreto }),
    onRotate: confirmRotate,
    onTest: sendTest,
    onToggle: toggle,
    onRemove: confirmRemove,
  };
  const logItem = list.data?.find((w) => w.id === logOf);

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Text fw={600} size="lg" component="h2">
            {t('integrations.webhooks.title')}
          </Text>
          <Text c="dimmed" size="sm">
            {t('integrations.webhooks.subtitle')}
          </Text>
        </div>
        {list.data && list.data.length > 0 && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
            {t('integrations.webhooks.new')}
          </Button>
        )}
      </Group>
      {list.isError && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      {list.isPending && <PageLoader />}
      {list.data && list.data.length === 0 && (
        <Alert color="gray" icon={<IconWebhook />} title={t('integrations.webhooks.emptyTitle')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('integrations.webhooks.empty')}</Text>
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
              {t('integrations.webhooks.new')}
            </Button>
          </Stack>
        </Alert>
      )}
      {list.data &&
        list.data.length > 0 &&
        (phone ? (
          <Stack gap="xs" role="list" aria-label={t('integrations.webhooks.title')}>
            {list.data.map((w) => (
              <Card key={w.id} withBorder radius="md" padding="sm" role="listitem">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                      {w.url}
                    </Text>
                    {w.descrizione && (
                      <Text size="xs" c="dimmed">
                        {w.descrizione}
                      </Text>
                    )}
                  </div>
                  <WebhookActions w={w} {...handlers} />
                </Group>
                <Group gap="xs" mt="xs">
                  <StateCell w={w} />
                  <EventsBadge w={w} />
                </Group>
                {w.falliscaDal && (
                  <Text size="xs" mt={4} c="red.8">
                    {t('integrations.webhooks.failingSince')}: {formatDateTime(w.falliscaDal)}
                  </Text>
                )}
                <Group mt="xs">
                  <Counts w={w} />
                </Group>
              </Card>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={960}>
            <Table striped highlightOnHover aria-label={t('integrations.webhooks.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('integrations.webhooks.url')}</Table.Th>
                  <Table.Th>{t('integrations.webhooks.events')}</Table.Th>
                  <Table.Th>{t('integrations.webhooks.state')}</Table.Th>
                  <Table.Th>{t('integrations.webhooks.failingSince')}</Table.Th>
                  <Table.Th>{t('integrations.webhooks.messages')}</Table.Th>
                  <Table.Th w={140}>{t('users.technicians.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.map((w) => (
                  <Table.Tr key={w.id}>
                    <Table.Td maw={360}>
                      <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                        {w.url}
                      </Text>
                      {w.descrizione && (
                        <Text size="xs" c="dimmed">
                          {w.descrizione}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <EventsBadge w={w} />
                    </Table.Td>
                    <Table.Td>
                      <StateCell w={w} />
                    </Table.Td>
                    <Table.Td>
                      <FailingSince w={w} />
                    </Table.Td>
                    <Table.Td>
                      <Counts w={w} />
                    </Table.Td>
                    <Table.Td>
                      <WebhookActions w={w} {...handlers} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
      {editing && (
        <WebhookModal
          item={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onCreated={(s) => {
            setEditing(null);
            setSecret({ mode: 'created', secret: s });
          }}
          onSaved={() => {
            setEditing(null);
            notify.success(t('integrations.webhooks.saved'));
          }}
        />
      )}
      {secret && <SecretModal {...secret} onClose={() => setSecret(null)} />}
      {logItem && <DeliveryLog webhook={logItem} onClose={() => setLogOf(null)} />}
    </Stack>
  );
}
