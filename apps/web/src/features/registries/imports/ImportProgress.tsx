import { useState } from 'react';
import { Alert, Button, Group, Pagination, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconDownload, IconFileImport, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ImportStatusItem } from '@fs/contract';
import { errorText } from '../../../app/api/errors';
import { LoadError } from '../../../app/components/LoadError';
import { notify } from '../../../app/notify';
import { formatCount } from '../../../app/numbers';
import { downloadRejected, REJECTED_PAGE, useImportStatus, useRejected } from './api';
import { useRowErrorText } from './MappingStep';

function Count({ label, value, color }: { label: string; value: number; color?: string }) {
  const { i18n } = useTranslation();
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} c={color} data-testid={`import-count-${label}`}>
        {formatCount(value, i18n.language)}
      </Text>
    </div>
  );
}

/** Step 3: the progress bar with counts while the job runs, then the final report with the rejected rows. */
export function ImportProgress({ initial, onNew }: { initial: ImportStatusItem; onNew: () => void }) {
  const { t } = useTranslation();
  const rowError = useRowErrorText();
  const status = useImportStatus(initial.id);
  const s = status.data ?? initial;
  const ended = s.status === 'completed' || s.status === 'failed';
  const [page, setPage] = useState(1);
  const rejected = useRejected(s.id, page, ended && s.scartati > 0);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadRejected(s.id, `scarti-${s.fileName.replace(/\.[^.]*$/, '')}.csv`);
    } catch (e) {
      notify.error(errorText(t, e));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {ended ? t(`imports.progress.title_${s.status}`) : t('imports.progress.running', { file: s.fileName })}
        </Title>
        {ended && (
          <Button leftSection={<IconFileImport size={16} />} variant="light" onClick={onNew}>
            {t('imports.progress.new')}
          </Button>
        )}
      </Group>
      <Progress.Root size={22} aria-label={t('imports.progress.bar')}>
        <Progress.Section
          value={s.percentuale}
          color={s.status === 'failed' ? 'red' : s.status === 'completed' ? 'green' : 'blue'}
          animated={!ended}
          striped={!ended}
          role="progressbar"
          aria-valuenow={s.percentuale}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <Progress.Label>{s.percentuale}%</Progress.Label>
        </Progress.Section>
      </Progress.Root>
      {status.isError && <LoadError error={status.error} onRetry={() => void status.refetch()} />}
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Count label={t('imports.progress.read')} value={s.righeLette} />
        <Count label={t('imports.progress.created')} value={s.creati} color="green" />
        <Count label={t('imports.progress.updated')} value={s.aggiornati} color="blue" />
        <Count label={t('imports.progress.rejected')} value={s.scartati} color={s.scartati > 0 ? 'red' : undefined} />
      </SimpleGrid>
      {s.status === 'completed' && (
        <Alert color="green" icon={<IconCircleCheck />} role="status">
          {t('imports.progress.done', { created: s.creati, updated: s.aggiornati, rejected: s.scartati })}
        </Alert>
      )}
      {s.status === 'failed' && (
        <Alert color="red" icon={<IconX />} role="alert" title={t('imports.progress.failed')}>
          {t('imports.progress.failedText', { rows: s.righeLette })}
          {s.errore && (
            <Text size="sm" mt="xs" ff="monospace">
              {s.errore}
            </Text>
          )}
        </Alert>
      )}
      {ended && s.scartati > 0 && (
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={3} size="h5">
              {t('imports.report.title', { count: s.scartati })}
            </Title>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              loading={downloading}
              onClick={() => void download()}
            >
              {t('imports.report.download')}
            </Button>
          </Group>
          {rejected.isError && <LoadError error={rejected.error} onRetry={() => void rejected.refetch()} />}
          <Table withTableBorder striped aria-label={t('imports.report.title', { count: s.scartati })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={80}>{t('imports.mapping.line')}</Table.Th>
                <Table.Th>{t('imports.report.reasons')}</Table.Th>
                <Table.Th>{t('imports.report.values')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(rejected.data?.items ?? []).map((r) => (
                <Table.Tr key={r.riga}>
                  <Table.Td>{r.riga}</Table.Td>
                  <Table.Td>
                    {r.errors.map((e, i) => (
                      <Text key={i} size="sm" c="red">
                        {rowError(e)}
                      </Text>
                    ))}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed" lineClamp={2}>
                      {r.values.join(' | ')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {s.scartati > REJECTED_PAGE && (
            <Pagination total={Math.ceil(s.scartati / REJECTED_PAGE)} value={page} onChange={setPage} />
          )}
        </Stack>
      )}
    </Stack>
  );
}
