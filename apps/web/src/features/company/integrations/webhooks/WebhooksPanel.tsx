import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, Menu, Stack, Table, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconDots,
  IconEdit,
  IconEye,
  IconList,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconRefresh,
  IconSend,
  IconTrash,
  IconWebhook,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_OLD_SECRET_HOURS, type WebhookItem } from '@fs/contract';
import { errorText } from '../../../../app/api/errors';
import { LoadError } from '../../../../app/components/LoadError';
import { PageLoader } from '../../../../app/components/PageLoader';
import { formatDateTime } from '../../../../app/format';
import { formatCount } from '../../../../app/numbers';
import { notify } from '../../../../app/notify';
import { useRemoveWebhook, useRotateSecret, useSaveWebhook, useSendTest, useWebhooks } from './api';
import { DeliveryLog } from './DeliveryLog';
import { SecretModal, type SecretModalProps } from './SecretModal';
import { WebhookModal } from './WebhookModal';

type Secret = SecretModalProps extends infer P ? (P extends { onClose: unknown } ? Omit<P, 'onClose'> : never) : never;

/** The company's webhook endpoints: their state and deliveries, and every action on them. */
export function WebhooksPanel() {
  const { t, i18n } = useTranslation();
  const list = useWebhooks();
  const save = useSaveWebhook();
  const remove = useRemoveWebhook();
  const rotate = useRotateSecret();
  const test = useSendTest();
  const [editing, setEditing] = useState<WebhookItem | 'new' | null>(null);
  const [secret, setSecret] = useState<Secret | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);
  const count = (n: number) => formatCount(n, i18n.language);

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
      {list.data && list.data.length > 0 && (
        <Table.ScrollContainer minWidth={960}>
          <Table striped highlightOnHover aria-label={t('integrations.webhooks.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('integrations.webhooks.url')}</Table.Th>
                <Table.Th>{t('integrations.webhooks.events')}</Table.Th>
                <Table.Th>{t('integrations.webhooks.state')}</Table.Th>
                <Table.Th>{t('integrations.webhooks.failingSince')}</Table.Th>
                <Table.Th>{t('integrations.webhooks.messages')}</Table.Th>
                <Table.Th w={130}>{t('users.technicians.actions')}</Table.Th>
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
                    <Tooltip multiline w={280} label={w.eventi.join(', ')}>
                      <Badge variant="light" tabIndex={0}>
                        {t('integrations.webhooks.eventCount', { count: w.eventi.length, n: count(w.eventi.length) })}
                      </Badge>
                    </Tooltip>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={w.stato === 'ATTIVO' ? 'green' : 'gray'} variant="light">
                      {t(`integrations.webhooks.states.${w.stato}`)}
                    </Badge>
                    {w.stato === 'DISABILITATO' && w.motivoDisabilitazione && (
                      <Text size="xs" c="dimmed">
                        {t(`integrations.webhooks.reasons.${w.motivoDisabilitazione}`)}
                        {w.disabilitatoIl ? ` · ${formatDateTime(w.disabilitatoIl)}` : ''}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {w.falliscaDal ? (
                      <Text size="sm" c="red.8">
                        {formatDateTime(w.falliscaDal)}
                      </Text>
                    ) : (
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Badge color="yellow" variant="light" title={t('integrations.webhooks.messageStates.IN_ATTESA')}>
                        {t('integrations.webhooks.countPending', { n: count(w.conteggi.inAttesa) })}
                      </Badge>
                      <Badge color="green" variant="light" title={t('integrations.webhooks.messageStates.CONSEGNATO')}>
                        {t('integrations.webhooks.countDelivered', { n: count(w.conteggi.consegnati) })}
                      </Badge>
                      <Badge color="red" variant="light" title={t('integrations.webhooks.messageStates.FALLITO')}>
                        {t('integrations.webhooks.countFailed', { n: count(w.conteggi.falliti) })}
                      </Badge>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label={t('integrations.webhooks.log')}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`${t('integrations.webhooks.log')}: ${w.url}`}
                          onClick={() => setLogOf(w.id)}
                        >
                          <IconList size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('integrations.webhooks.edit')}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`${t('integrations.webhooks.edit')}: ${w.url}`}
                          onClick={() => setEditing(w)}
                        >
                          <IconEdit size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon variant="subtle" aria-label={`${t('integrations.webhooks.more')}: ${w.url}`}>
                            <IconDots size={18} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item
                            leftSection={<IconEye size={16} />}
                            onClick={() => setSecret({ mode: 'reveal', webhookId: w.id, hint: w.indizioSegreto })}
                          >
                            {t('integrations.webhooks.showSecret')}
                          </Menu.Item>
                          <Menu.Item leftSection={<IconRefresh size={16} />} onClick={() => confirmRotate(w)}>
                            {t('integrations.webhooks.rotate')}
                          </Menu.Item>
                          <Menu.Item
                            leftSection={<IconSend size={16} />}
                            disabled={w.stato !== 'ATTIVO'}
                            onClick={() => sendTest(w)}
                          >
                            {t('integrations.webhooks.sendTest')}
                          </Menu.Item>
                          <Menu.Item
                            leftSection={
                              w.stato === 'ATTIVO' ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />
                            }
                            onClick={() => toggle(w)}
                          >
                            {t(w.stato === 'ATTIVO' ? 'integrations.webhooks.disable' : 'integrations.webhooks.enable')}
                          </Menu.Item>
                          <Menu.Divider />
                          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => confirmRemove(w)}>
                            {t('integrations.webhooks.remove')}
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
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
