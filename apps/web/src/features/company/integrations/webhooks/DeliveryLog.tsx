import { useState } from 'react';
import { Alert, Anchor, Button, Card, Drawer, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconHistory, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_MESSAGE_STATES, type WebhookItem, type WebhookMessageState } from '@fs/contract';
import { LoadError } from '../../../../app/components/LoadError';
import { PageLoader } from '../../../../app/components/PageLoader';
import { formatDateTime } from '../../../../app/format';
import { formatCount } from '../../../../app/numbers';
import { useWebhookMessages } from './api';
import { MessageStateBadge } from './MessageStateBadge';
import { MessageView } from './MessageView';
import { ReplayFailedModal } from './ReplayFailedModal';

/** An endpoint's deliveries, newest first, by state; a message opens with its body and attempts. */
export function DeliveryLog({ webhook, onClose }: { webhook: WebhookItem; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [stato, setStato] = useState<WebhookMessageState | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [replaying, setReplaying] = useState(false);
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={
        // Spans: the title is a heading.
        <>
          <Text component="span" display="block" fw={600}>
            {t('integrations.webhooks.log')}
          </Text>
          <Text component="span" display="block" size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {webhook.url}
          </Text>
        </>
      }
    >
      {open ? (
        <MessageView webhookId={webhook.id} messageId={open} onBack={() => setOpen(null)} />
      ) : (
        <Stack>
          <Group justify="space-between" gap="xs">
            <SegmentedControl
              aria-label={t('integrations.webhooks.filterState')}
              value={stato ?? 'ALL'}
              onChange={(v) => setStato(v === 'ALL' ? null : (v as WebhookMessageState))}
              data={[
                { value: 'ALL', label: t('integrations.webhooks.allStates') },
                ...WEBHOOK_MESSAGE_STATES.map((s) => ({
                  value: s,
                  label: t(`integrations.webhooks.messageStates.${s}`),
                })),
              ]}
            />
            <Button variant="light" leftSection={<IconHistory size={18} />} onClick={() => setReplaying(true)}>
              {t('integrations.webhooks.replayFailed.action')}
            </Button>
          </Group>
          <MessageList webhookId={webhook.id} stato={stato} onOpen={setOpen} phone={phone} />
        </Stack>
      )}
      {replaying && <ReplayFailedModal webhookId={webhook.id} onClose={() => setReplaying(false)} />}
    </Drawer>
  );
}

interface MessageListProps {
  webhookId: string;
  stato: WebhookMessageState | null;
  onOpen: (id: string) => void;
  /** One card per message instead of a table. */
  phone: boolean;
}

function MessageList(props: MessageListProps) {
  const { t, i18n } = useTranslation();
  const messages = useWebhookMessages(props.webhookId, props.stato);
  if (messages.isError) return <LoadError error={messages.error} onRetry={() => void messages.refetch()} />;
  if (messages.isPending) return <PageLoader />;
  const items = messages.data.pages.flatMap((p) => p.items);
  const openButton = (m: (typeof items)[number]) => (
    <Anchor
      component="button"
      type="button"
      size="sm"
      ff="monospace"
      aria-label={`${m.evento} ${formatDateTime(m.creatoIl)}: ${t('integrations.webhooks.details')}`}
      onClick={() => props.onOpen(m.id)}
    >
      {m.evento}
    </Anchor>
  );
  if (items.length === 0)
    return (
      <Alert color="gray" icon={<IconHistory />}>
        {t(props.stato ? 'integrations.webhooks.noMessagesInState' : 'integrations.webhooks.noMessages')}
      </Alert>
    );
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconRefresh size={16} />}
          loading={messages.isRefetching && !messages.isFetchingNextPage}
          onClick={() => void messages.refetch()}
        >
          {t('integrations.webhooks.refresh')}
        </Button>
      </Group>
      {props.phone ? (
        <Stack gap="xs" role="list" aria-label={t('integrations.webhooks.log')}>
          {items.map((m) => (
            <Card key={m.id} withBorder radius="md" padding="sm" role="listitem">
              <Group justify="space-between" wrap="nowrap">
                {openButton(m)}
                <MessageStateBadge stato={m.stato} />
              </Group>
              <Text size="xs" c="dimmed" mt={4}>
                {formatDateTime(m.creatoIl)} · {t('integrations.webhooks.attempts')}:{' '}
                {formatCount(m.tentativi, i18n.language)}
                {m.ultimoStatus !== null && ` · HTTP ${m.ultimoStatus}`}
              </Text>
              {m.prossimoTentativo && (
                <Text size="xs" c="dimmed">
                  {t('integrations.webhooks.nextAttempt')}: {formatDateTime(m.prossimoTentativo)}
                </Text>
              )}
            </Card>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover aria-label={t('integrations.webhooks.log')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('integrations.webhooks.event')}</Table.Th>
                <Table.Th>{t('integrations.webhooks.createdAt')}</Table.Th>
                <Table.Th>{t('integrations.webhooks.state')}</Table.Th>
                <Table.Th ta="right">{t('integrations.webhooks.attempts')}</Table.Th>
                <Table.Th ta="right">{t('integrations.webhooks.lastStatus')}</Table.Th>
                <Table.Th>{t('integrations.webhooks.nextAttempt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>{openButton(m)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.creatoIl)}</Table.Td>
                  <Table.Td>
                    <MessageStateBadge stato={m.stato} />
                  </Table.Td>
                  <Table.Td ta="right">{formatCount(m.tentativi, i18n.language)}</Table.Td>
                  <Table.Td ta="right">{m.ultimoStatus ?? '—'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {m.prossimoTentativo ? formatDateTime(m.prossimoTentativo) : '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {messages.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void messages.fetchNextPage()}
          loading={messages.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          {t('integrations.webhooks.loadMore')}
        </Button>
      )}
    </Stack>
  );
}
