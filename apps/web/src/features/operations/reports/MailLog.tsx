import { Alert, Badge, Loader, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MailLogState } from '@fs/contract';
import { formatDateTime } from '../../../app/format';
import { useCompanyZone } from '../../company';
import { useMailLog } from './mail-api';

const COLORS: Record<MailLogState, string> = { in_coda: 'yellow', inviato: 'teal', non_inviato: 'gray', errore: 'red' };

/** "Registro invii": the report's sendings, newest first; polled while one is in_coda. */
export function MailLog({ id }: { id: string }) {
  const { t } = useTranslation();
  const log = useMailLog(id);
  const zone = useCompanyZone();
  if (log.isPending) return <Loader size="sm" />;
  if (log.isError) return <Alert color="red">{t('reports.mail.logError')}</Alert>;
  if (!log.data.length) {
    return (
      <Text size="sm" c="dimmed">
        {t('reports.mail.none')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={680}>
      <Table verticalSpacing="xs" aria-label={t('reports.mail.log')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('reports.mail.when')}</Table.Th>
            <Table.Th>{t('reports.mail.recipients')}</Table.Th>
            <Table.Th>{t('reports.mail.kind')}</Table.Th>
            <Table.Th>{t('reports.mail.status')}</Table.Th>
            <Table.Th>{t('reports.mail.error')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {log.data.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.inviato_il ?? e.creato_il, zone)}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>{e.destinatari.join(', ')}</Table.Td>
              <Table.Td>
                <Text size="sm">{t(`reports.mail.tipi.${e.tipo}`)}</Text>
              </Table.Td>
              <Table.Td>
                <Badge color={COLORS[e.stato]} variant="light">
                  {t(`reports.mail.stati.${e.stato}`)}
                </Badge>
                {e.in_attesa_firma && (
                  <Badge color="blue" variant="outline" ml={4}>
                    {t('reports.mail.awaitingSignature')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                {e.errore && (
                  <Text size="sm" c={e.stato === 'errore' ? 'red' : 'dimmed'}>
                    {e.errore}
                    {e.tentativi > 1 ? ` (${t('reports.mail.attempts', { n: e.tentativi })})` : ''}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
