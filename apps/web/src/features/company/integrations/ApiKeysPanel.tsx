import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, NumberInput, Stack, Table, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconKey, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { API_KEY_MAX_ROLL_DAYS, type ApiKeyItem } from '@fs/contract';
import { errorText } from '../../../app/api/errors';
import { LoadError } from '../../../app/components/LoadError';
import { PageLoader } from '../../../app/components/PageLoader';
import { formatDateTime } from '../../../app/format';
import { notify } from '../../../app/notify';
import { displayName } from '../../../app/session/display-name';
import { useApiKeys, useRevokeApiKey, useRollApiKey } from './api';
import { NewKeyModal } from './NewKeyModal';
import { ShownKeyModal } from './ShownKeyModal';

const STATE_COLOR = { ATTIVA: 'green', SCADUTA: 'gray', REVOCATA: 'red' } as const;

/** The company's API keys: generate (shown once), roll with an overlap, revoke. */
export function ApiKeysPanel() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const roll = useRollApiKey();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<string | null>(null);

  const confirmRevoke = (k: ApiKeyItem) =>
    modals.openConfirmModal({
      title: t('integrations.keys.revokeTitle'),
      children: <Text size="sm">{t('integrations.keys.revokeText', { name: k.nome })}</Text>,
      labels: { confirm: t('integrations.keys.revoke'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => revoke.mutate(k.id, { onSuccess: () => notify.success(t('integrations.keys.revoked')) }),
    });

  const askRoll = (k: ApiKeyItem) => {
    let days = 7;
    modals.openConfirmModal({
      title: t('integrations.keys.rollTitle'),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('integrations.keys.rollText', { name: k.nome })}</Text>
          <NumberInput
            label={t('integrations.keys.rollDays')}
            defaultValue={days}
            min={0}
            max={API_KEY_MAX_ROLL_DAYS}
            allowDecimal={false}
            onChange={(v) => (days = Math.min(API_KEY_MAX_ROLL_DAYS, Math.max(0, Number(v) || 0)))}
            data-autofocus
          />
        </Stack>
      ),
      labels: { confirm: t('integrations.keys.roll'), cancel: t('common.cancel') },
      onConfirm: () =>
        roll.mutate(
          { id: k.id, giorniValidita: days },
          {
            onSuccess: (r) => setShown(r.key),
            onError: (e) => notify.error(errorText(t, e)),
          },
        ),
    });
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Text fw={600} size="lg">
            {t('integrations.keys.title')}
          </Text>
          <Text c="dimmed" size="sm">
            {t('integrations.keys.subtitle')}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
          {t('integrations.keys.new')}
        </Button>
      </Group>
      {keys.isError && <LoadError error={keys.error} onRetry={() => void keys.refetch()} />}
      {keys.isPending && <PageLoader />}
      {keys.data &&
        (keys.data.length === 0 ? (
          <Alert color="gray" icon={<IconKey />}>
            {t('integrations.keys.empty')}
          </Alert>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover aria-label={t('integrations.keys.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('integrations.keys.name')}</Table.Th>
                  <Table.Th>{t('integrations.keys.key')}</Table.Th>
                  <Table.Th>{t('integrations.keys.scopes')}</Table.Th>
                  <Table.Th>{t('integrations.keys.state')}</Table.Th>
                  <Table.Th>{t('integrations.keys.created')}</Table.Th>
                  <Table.Th>{t('integrations.keys.expiry')}</Table.Th>
                  <Table.Th>{t('integrations.keys.lastUse')}</Table.Th>
                  <Table.Th w={100}>{t('users.technicians.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {keys.data.map((k) => (
                  <Table.Tr key={k.id}>
                    <Table.Td fw={500}>{k.nome}</Table.Td>
                    <Table.Td>
                      <Text ff="monospace" size="sm">
                        {k.indizio}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Tooltip
                        multiline
                        w={280}
                        label={k.scopes
                          .map((s) => `${t(`users.pageKeys.${s.key}`)}: ${t(`integrations.keys.actions.${s.action}`)}`)
                          .join(' · ')}
                      >
                        <Badge variant="light">{t('integrations.keys.scopeCount', { count: k.scopes.length })}</Badge>
                      </Tooltip>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATE_COLOR[k.stato]} variant="light">
                        {t(`integrations.keys.states.${k.stato}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(k.creataIl)}</Text>
                      {k.creataDa && (
                        <Text size="xs" c="dimmed">
                          {displayName(k.creataDa)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{k.scadenza ? formatDateTime(k.scadenza) : t('integrations.keys.never')}</Table.Td>
                    <Table.Td>{k.ultimoUso ? formatDateTime(k.ultimoUso) : t('integrations.keys.neverUsed')}</Table.Td>
                    <Table.Td>
                      {k.stato === 'ATTIVA' && (
                        <Group gap={4} wrap="nowrap">
                          {!k.sostituitaDa && (
                            <Tooltip label={t('integrations.keys.roll')}>
                              <ActionIcon
                                variant="subtle"
                                aria-label={`${t('integrations.keys.roll')}: ${k.nome}`}
                                onClick={() => askRoll(k)}
                              >
                                <IconRefresh size={18} />
                              </ActionIcon>
                            </Tooltip>
                          )}
                          <Tooltip label={t('integrations.keys.revoke')}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={`${t('integrations.keys.revoke')}: ${k.nome}`}
                              onClick={() => confirmRevoke(k)}
                            >
                              <IconTrash size={18} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
      {creating && (
        <NewKeyModal
          onClose={() => setCreating(false)}
          onMade={(key) => {
            setCreating(false);
            setShown(key);
          }}
        />
      )}
      {shown && <ShownKeyModal apiKey={shown} onClose={() => setShown(null)} />}
    </Stack>
  );
}
