import { Anchor, Badge, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { IconArrowLeft, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../app/api/errors';
import { LoadError } from '../../../../app/components/LoadError';
import { PageLoader } from '../../../../app/components/PageLoader';
import { formatDateTime } from '../../../../app/format';
import { formatCount } from '../../../../app/numbers';
import { notify } from '../../../../app/notify';
import { useReplay, useWebhookMessage } from './api';
import { MessageStateBadge } from './MessageStateBadge';

/** One message: its webhook-id, body and every attempt; "Reinvia" sends it again with the same id. */
export function MessageView(props: { webhookId: string; messageId: string; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  const message = useWebhookMessage(props.webhookId, props.messageId);
  const replay = useReplay();
  const back = (
    <Anchor component="button" type="button" size="sm" onClick={props.onBack}>
      <Group gap={4} component="span">
        <IconArrowLeft size={16} />
        {t('integrations.webhooks.backToLog')}
      </Group>
    </Anchor>
  );
  if (message.isError)
    return (
      <Stack>
        {back}
        <LoadError error={message.error} onRetry={() => void message.refetch()} />
      </Stack>
    );
  if (message.isPending) return <PageLoader />;
  const m = message.data;
  return (
    <Stack>
      {back}
      <Group justify="space-between" align="flex-start">
        <div>
          <Text fw={600} ff="monospace">
            {m.evento}
          </Text>
          <Text size="xs" c="dimmed">
            webhook-id: <Code>{m.id}</Code>
          </Text>
          <Text size="xs" c="dimmed">
            {t('integrations.webhooks.createdAt')}: {formatDateTime(m.creatoIl)}
          </Text>
        </div>
        <Group gap="xs">
          <MessageStateBadge stato={m.stato} />
          <Button
            leftSection={<IconSend size={18} />}
            loading={replay.isPending}
            onClick={() =>
              replay.mutate(
                { id: props.webhookId, messageId: m.id },
                {
                  onSuccess: () => {
                    notify.success(t('integrations.webhooks.replayed'));
                    void message.refetch();
                  },
                  onError: (e) => notify.error(errorText(t, e)),
                },
              )
            }
          >
            {t('integrations.webhooks.replay')}
          </Button>
        </Group>
      </Group>
      <div>
        <Text fw={600} size="sm" component="h3">
          {t('integrations.webhooks.attemptsTitle', {
            count: m.tentativiDettaglio.length,
            n: formatCount(m.tentativiDettaglio.length, i18n.language),
          })}
        </Text>
        {m.tentativiDettaglio.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('integrations.webhooks.noAttempts')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label={t('integrations.webhooks.attempts')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('integrations.webhooks.attemptAt')}</Table.Th>
                  <Table.Th ta="right">{t('integrations.webhooks.status')}</Table.Th>
                  <Table.Th ta="right">{t('integrations.webhooks.latency')}</Table.Th>
                  <Table.Th>{t('integrations.webhooks.answer')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {m.tentativiDettaglio.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(a.at)}</Table.Td>
                    <Table.Td ta="right">
                      <Badge color={a.esito === 'OK' ? 'green' : 'red'} variant="light">
                        {a.status ?? t('integrations.webhooks.noAnswer')}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {a.latenzaMs === null ? '—' : `${formatCount(a.latenzaMs, i18n.language)} ms`}
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs" ff="monospace" lineClamp={3} style={{ wordBreak: 'break-all' }}>
                        {a.risposta || '—'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </div>
      <div>
        <Text fw={600} size="sm" component="h3">
          {t('integrations.webhooks.body')}
        </Text>
        <Code
          block
          style={{ fontSize: 12, maxHeight: 400, overflow: 'auto' }}
          aria-label={t('integrations.webhooks.body')}
        >
          {JSON.stringify(m.payload, null, 2)}
        </Code>
      </div>
    </Stack>
  );
}
