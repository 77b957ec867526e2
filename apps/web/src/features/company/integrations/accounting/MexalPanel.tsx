import { Alert, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MexalConnection } from '@fs/contract';
import { errorText } from '../../../../app/api/errors';
import { LoadError } from '../../../../app/components/LoadError';
import { PageLoader } from '../../../../app/components/PageLoader';
import { formatDateTime } from '../../../../app/format';
import { notify } from '../../../../app/notify';
import { useMexalConnection, useMexalLogout } from './mexal-api';
import { MexalLoginForm } from './MexalLoginForm';

/**
 * Passepartout Mexal (issue 29, decision 0052): sign in to the company's WebAPI, see the connection (company and
 * year) and sign out; a password Mexal refused is shown as such, and nothing is tried again until a new login.
 */
export function MexalPanel() {
  const { t } = useTranslation();
  const connection = useMexalConnection();
  const logout = useMexalLogout();

  if (connection.isPending) return <PageLoader />;
  if (connection.isError) return <LoadError error={connection.error} onRetry={() => void connection.refetch()} />;
  const c = connection.data;

  const confirmLogout = () =>
    modals.openConfirmModal({
      title: t('integrations.mexal.logoutTitle'),
      children: <Text size="sm">{t('integrations.mexal.logoutText')}</Text>,
      labels: { confirm: t('integrations.mexal.logout'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        logout.mutate(undefined, {
          onSuccess: () => notify.success(t('integrations.mexal.loggedOut')),
          onError: (e) => notify.error(errorText(t, e)),
        }),
    });

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3">
            {t('integrations.mexal.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('integrations.mexal.subtitle')}
          </Text>
        </div>
        {c.stato === 'CONNESSO' ? (
          <>
            <Alert color="green" icon={<IconPlugConnected size={18} />} title={t('integrations.mexal.connected')}>
              {t('integrations.mexal.connectedText')}
            </Alert>
            <Details c={c} />
            <Group justify="flex-end">
              <Button color="red" variant="light" onClick={confirmLogout} loading={logout.isPending}>
                {t('integrations.mexal.logout')}
              </Button>
            </Group>
          </>
        ) : (
          <>
            {c.stato === 'RIFIUTATO' ? (
              <Alert
                color="red"
                icon={<IconAlertTriangle size={18} />}
                title={t('integrations.mexal.refused')}
                role="alert"
              >
                <Stack gap={4}>
                  <Text size="sm">
                    {t('integrations.mexal.refusedText', { at: formatDateTime(c.rifiutatoIl) ?? '' })}
                  </Text>
                  {c.messaggio && (
                    <Text size="sm" c="dimmed">
                      {c.messaggio}
                    </Text>
                  )}
                </Stack>
              </Alert>
            ) : (
              <Text size="sm">{t('integrations.mexal.notConnected')}</Text>
            )}
            <MexalLoginForm key={c.stato} current={c} />
          </>
        )}
      </Stack>
    </Card>
  );
}

function Details({ c }: { c: MexalConnection }) {
  const { t } = useTranslation();
  const rows: [string, string | null][] = [
    [t('integrations.mexal.form.address'), c.indirizzo],
    [t('integrations.mexal.form.user'), c.utente],
    [t('integrations.mexal.form.company'), c.azienda],
    [t('integrations.mexal.form.year'), c.anno === null ? null : String(c.anno)],
    [t('integrations.mexal.connectedAt'), formatDateTime(c.connessoIl)],
  ];
  return (
    <Table variant="vertical" withTableBorder aria-label={t('integrations.mexal.connection')}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={200}>{label}</Table.Th>
            <Table.Td>{value ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
