import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconFileZip, IconSend, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { routes } from '@fs/contract';
import { api } from '../../../app/api/client';
import { useDownload } from '../../../app/use-download';
import { errorText } from '../../../app/api/errors';
import { notify } from '../../../app/notify';
import { useDeleteReports } from './api';
import { useCan, useSessionUser } from '../../../app/session/api';
import { useAccountingTool, useExportReports } from '../../company';

/**
 * The list's actions on the ticked reports: how many are ticked, their PDFs in one zip (with the data-export
 * permission), and
 * "Elimina" after a confirmation (with the delete permission). Completed reports are kept by the
 * server and named in a warning.
 */
export function BulkActions({
  selected,
  onDone,
  canDelete,
}: {
  selected: string[];
  onDone: () => void;
  canDelete: boolean;
}) {
  const { t } = useTranslation();
  const remove = useDeleteReports();
  const { busy: zipping, download } = useDownload();
  const mayExport = useCan('esportazione_dati', 'read');
  const admin = useSessionUser().data?.role === 'admin';
  const tool = useAccountingTool(admin);
  const toTool = useExportReports();
  if (!selected.length) return null;
  // The completed ones go to the management tool (admins: the integration is theirs); the others are named.
  const sendToTool = () =>
    toTool.mutate(selected, {
      onSuccess: (r) => {
        if (r.accodati) notify.success(t('accounting.report.queuedMany', { count: r.accodati }));
        if (r.esclusi.length) notify.warning(t('accounting.report.skipped', { count: r.esclusi.length }));
      },
      onError: (e) => notify.error(errorText(t, e)),
    });
  const ask = () =>
    modals.openConfirmModal({
      title: t('reports.bulkDelete.title', { count: selected.length }),
      children: <Text size="sm">{t('reports.bulkDelete.text', { count: selected.length })}</Text>,
      labels: { confirm: t('reports.bulkDelete.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(selected, {
          onSuccess: (r) => {
            if (r.removed > 0) notify.success(t('reports.bulkDelete.done', { count: r.removed }));
            if (r.skipped.length)
              notify.warning(
                t('reports.bulkDelete.skipped', {
                  count: r.skipped.length,
                  numeri: r.skipped.map((s) => s.numero_assistenza).join(', '),
                }),
              );
            onDone();
          },
          onError: (e) => notify.error(errorText(t, e)),
        }),
    });
  return (
    <Group gap="sm">
      <Text size="sm" c="dimmed">
        {t('reports.bulkDelete.selected', { count: selected.length })}
      </Text>
      <Button variant="subtle" size="compact-sm" onClick={onDone}>
        {t('reports.bulkDelete.clear')}
      </Button>
      {mayExport && (
        <Button
          variant="light"
          leftSection={<IconFileZip size={16} />}
          onClick={() =>
            download(
              () => api.call(routes.reports.downloadBulk, { body: { ids: selected } }),
              t('reports.bulkDelete.zipFile'),
            )
          }
          loading={zipping}
        >
          {t('reports.bulkDelete.zip')}
        </Button>
      )}
      {admin && tool.sends && (
        <Button variant="light" leftSection={<IconSend size={16} />} onClick={sendToTool} loading={toTool.isPending}>
          {t('accounting.report.bulk')}
        </Button>
      )}
      {canDelete && (
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} />}
          onClick={ask}
          loading={remove.isPending}
        >
          {t('reports.bulkDelete.action')}
        </Button>
      )}
    </Group>
  );
}
