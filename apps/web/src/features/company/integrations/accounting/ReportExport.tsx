import { Alert, Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ExportState } from '@fs/contract';
import { errorText } from '../../../../app/api/errors';
import { notify } from '../../../../app/notify';
import { useSessionUser } from '../../../../app/session/api';
import { useAccountingTool, useExportReports, useReportExport } from './api';

const COLOR: Record<ExportState, string> = { DA_INVIARE: 'yellow', INVIATO: 'green', FALLITO: 'red' };

/**
 * A completed report's export to the management tool (decision 0051), for the administrators: its state, the
 * document's number and link when sent, the tool's message and a retry when it failed, a first send when never sent
 * (the tool then decides: 409 when it takes no reports, shown as the server says).
 */
export function ReportExport({ id }: { id: string }) {
  const { t } = useTranslation();
  const admin = useSessionUser().data?.role === 'admin';
  const state = useReportExport(id, admin);
  const tool = useAccountingTool(admin);
  const send = useExportReports();
  if (!admin || state.isLoading || state.isError) return null;
  const s = state.data ?? null;
  // Never sent and no tool to send to: nothing to show.
  if (!s && !tool.sends) return null;
  const doSend = () =>
    send.mutate([id], {
      onSuccess: (r) =>
        r.accodati ? notify.success(t('accounting.report.queued')) : notify.error(r.esclusi[0]?.message ?? ''),
      onError: (e) => notify.error(errorText(t, e)),
    });
  return (
    <Group gap="sm" aria-label={t('accounting.report.title')} role="group">
      <Text size="sm" fw={500}>
        {t('accounting.report.title')}
      </Text>
      {s ? (
        <Badge color={COLOR[s.stato]}>{t(`accounting.report.states.${s.stato}`)}</Badge>
      ) : (
        <Text size="sm" c="dimmed">
          {t('accounting.report.never')}
        </Text>
      )}
      {s?.stato === 'INVIATO' && s.numero && <Text size="sm">{t('accounting.report.number', { n: s.numero })}</Text>}
      {s?.stato === 'INVIATO' && s.link && (
        <Anchor href={s.link} target="_blank" rel="noopener noreferrer" size="sm">
          {t('accounting.report.open')}
        </Anchor>
      )}
      {s?.errore && s.stato !== 'INVIATO' && (
        <Alert color={s.stato === 'FALLITO' ? 'red' : 'yellow'} py={4} px="xs">
          <Text size="sm">{s.errore}</Text>
        </Alert>
      )}
      {(!s || s.stato === 'FALLITO') && tool.sends && (
        <Button size="compact-sm" variant="light" loading={send.isPending} onClick={doSend}>
          {t(s ? 'accounting.report.retry' : 'accounting.report.send')}
        </Button>
      )}
    </Group>
  );
}
