import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlugConnected, IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../app/api/errors';
import { notify } from '../../../../app/notify';
import { useFicCompany, useFicConnect, useFicLogout, useFicStatus } from './api';

/**
 * Fatture in Cloud (decision 0051): connect (the admin signs in at Fatture in Cloud and comes back to
 * /oauth20/fattureincloud), choose the Fatture in Cloud company the documents are made in, disconnect.
 */
export function FattureInCloudPanel() {
  const { t } = useTranslation();
  const status = useFicStatus();
  const connect = useFicConnect();
  const choose = useFicCompany();
  const logout = useFicLogout();
  const [picked, setPicked] = useState<string | null>(null);
  const s = status.data;

  const disconnect = () =>
    modals.openConfirmModal({
      title: t('accounting.fic.disconnectTitle'),
      children: <Text size="sm">{t('accounting.fic.disconnectText')}</Text>,
      labels: { confirm: t('accounting.fic.disconnect'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        logout.mutate(undefined, {
          onSuccess: () => notify.success(t('accounting.fic.disconnected')),
          onError: (e) => notify.error(errorText(t, e)),
        }),
    });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="fic-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="fic-title">
            Fatture in Cloud
          </Title>
          {s && (
            <Badge color={s.connected ? 'green' : 'gray'}>
              {t(s.connected ? 'accounting.fic.connected' : 'accounting.fic.notConnected')}
            </Badge>
          )}
        </Group>
        {status.isError && <Alert color="red">{errorText(t, status.error)}</Alert>}
        {s && !s.configured && <Alert color="yellow">{t('accounting.fic.notConfigured')}</Alert>}
        {s && !s.connected && s.configured && (
          <>
            <Text size="sm">{t('accounting.fic.connectText')}</Text>
            <Group>
              <Button
                leftSection={<IconPlugConnected size={16} />}
                loading={connect.isPending}
                onClick={() => connect.mutate(undefined, { onError: (e) => notify.error(errorText(t, e)) })}
              >
                {t('accounting.fic.connect')}
              </Button>
            </Group>
          </>
        )}
        {s?.connected && (
          <>
            {s.company ? (
              <Text size="sm">{t('accounting.fic.chosen', { name: s.company.name })}</Text>
            ) : (
              <Alert color="yellow">{t('accounting.fic.chooseFirst')}</Alert>
            )}
            <Group align="end">
              <Select
                label={t('accounting.fic.company')}
                data={s.companies.map((c) => ({ value: String(c.id), label: c.name }))}
                value={picked ?? (s.company ? String(s.company.id) : null)}
                onChange={setPicked}
                allowDeselect={false}
                w={320}
                maw="100%"
              />
              <Button
                variant="default"
                disabled={!picked || picked === String(s.company?.id)}
                loading={choose.isPending}
                onClick={() =>
                  choose.mutate(Number(picked), {
                    onSuccess: () => {
                      setPicked(null);
                      notify.success(t('accounting.fic.companySaved'));
                    },
                    onError: (e) => notify.error(errorText(t, e)),
                  })
                }
              >
                {t('accounting.fic.saveCompany')}
              </Button>
            </Group>
            <Group>
              <Button color="red" variant="light" leftSection={<IconPlugConnectedX size={16} />} onClick={disconnect}>
                {t('accounting.fic.disconnect')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
