import { ActionIcon, Badge, Group, Menu, Text, Tooltip } from '@mantine/core';
import {
  IconDots,
  IconEdit,
  IconEye,
  IconList,
  IconPlayerPause,
  IconPlayerPlay,
  IconRefresh,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { WebhookItem } from '@fs/contract';
import { formatDateTime } from '../../../../app/format';
import { formatCount } from '../../../../app/numbers';

/** The events an endpoint receives: how many, the names in a tooltip (focusable). */
export function EventsBadge({ w }: { w: WebhookItem }) {
  const { t, i18n } = useTranslation();
  return (
    <Tooltip multiline w={280} label={w.eventi.join(', ')}>
      <Badge variant="light" tabIndex={0}>
        {t('integrations.webhooks.eventCount', {
          count: w.eventi.length,
          n: formatCount(w.eventi.length, i18n.language),
        })}
      </Badge>
    </Tooltip>
  );
}

/** Active or disabled, with why and since when. */
export function StateCell({ w }: { w: WebhookItem }) {
  const { t } = useTranslation();
  return (
    <>
      <Badge color={w.stato === 'ATTIVO' ? 'green' : 'gray'} variant="light">
        {t(`integrations.webhooks.states.${w.stato}`)}
      </Badge>
      {w.stato === 'DISABILITATO' && w.motivoDisabilitazione && (
        <Text size="xs" c="dimmed">
          {t(`integrations.webhooks.reasons.${w.motivoDisabilitazione}`)}
          {w.disabilitatoIl ? ` · ${formatDateTime(w.disabilitatoIl)}` : ''}
        </Text>
      )}
    </>
  );
}

export function FailingSince({ w }: { w: WebhookItem }) {
  return w.falliscaDal ? (
    <Text size="sm" c="red.8">
      {formatDateTime(w.falliscaDal)}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );
}

/** The endpoint's messages by state. */
export function Counts({ w }: { w: WebhookItem }) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatCount(v, i18n.language);
  return (
    <Group gap={4}>
      <Badge color="yellow" variant="light">
        {t('integrations.webhooks.countPending', { count: w.conteggi.inAttesa, n: n(w.conteggi.inAttesa) })}
      </Badge>
      <Badge color="green" variant="light">
        {t('integrations.webhooks.countDelivered', { count: w.conteggi.consegnati, n: n(w.conteggi.consegnati) })}
      </Badge>
      <Badge color="red" variant="light">
        {t('integrations.webhooks.countFailed', { count: w.conteggi.falliti, n: n(w.conteggi.falliti) })}
      </Badge>
    </Group>
  );
}

export interface WebhookActionHandlers {
  onLog: (w: WebhookItem) => void;
  onEdit: (w: WebhookItem) => void;
  onSecret: (w: WebhookItem) => void;
  onRotate: (w: WebhookItem) => void;
  onTest: (w: WebhookItem) => void;
  onToggle: (w: WebhookItem) => void;
  onRemove: (w: WebhookItem) => void;
}

/** The delivery log and edit at hand; the secret, rotation, test event, enable/disable and delete in a menu. */
export function WebhookActions({ w, ...on }: { w: WebhookItem } & WebhookActionHandlers) {
  const { t } = useTranslation();
  const active = w.stato === 'ATTIVO';
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t('integrations.webhooks.log')}>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={`${t('integrations.webhooks.log')}: ${w.url}`}
          onClick={() => on.onLog(w)}
        >
          <IconList size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('integrations.webhooks.edit')}>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={`${t('integrations.webhooks.edit')}: ${w.url}`}
          onClick={() => on.onEdit(w)}
        >
          <IconEdit size={18} />
        </ActionIcon>
      </Tooltip>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={`${t('integrations.webhooks.more')}: ${w.url}`}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconEye size={16} />} onClick={() => on.onSecret(w)}>
            {t('integrations.webhooks.showSecret')}
          </Menu.Item>
          <Menu.Item leftSection={<IconRefresh size={16} />} onClick={() => on.onRotate(w)}>
            {t('integrations.webhooks.rotate')}
          </Menu.Item>
          <Menu.Item leftSection={<IconSend size={16} />} disabled={!active} onClick={() => on.onTest(w)}>
            {t('integrations.webhooks.sendTest')}
          </Menu.Item>
          <Menu.Item
            leftSection={active ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
            onClick={() => on.onToggle(w)}
          >
            {t(active ? 'integrations.webhooks.disable' : 'integrations.webhooks.enable')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => on.onRemove(w)}>
            {t('integrations.webhooks.remove')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
