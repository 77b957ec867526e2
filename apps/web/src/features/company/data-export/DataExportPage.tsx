import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconDatabaseExport, IconDownload, IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DATA_EXPORT_ENTITIES, type DataExport, type DataExportEntity, type DataExportFormat } from '@fs/contract';
import { errorText } from '../../../app/api/errors';
import { LoadError } from '../../../app/components/LoadError';
import { PageLoader } from '../../../app/components/PageLoader';
import { formatDateTime } from '../../../app/format';
import { notify } from '../../../app/notify';
import { formatBytes } from '../../../app/numbers';
import { useDownload } from '../../../app/use-download';
import { usePageTitle } from '../../../app/use-page-title';
import { useCompanyZone } from '../company/zone';
import { loadDataExportFile, useDataExports, useStartDataExport } from './api';

const STATE_COLOR: Record<DataExport['stato'], string> = {
  queued: 'gray',
  running: 'blue',
  completed: 'green',
  failed: 'red',
};

/** Data export: the entities, the format and the media chosen, then the user's exports with progress and download. */
export function DataExportPage() {
  const { t } = useTranslation();
  usePageTitle(t('dataExport.title'));
  const [entities, setEntities] = useState<DataExportEntity[]>([...DATA_EXPORT_ENTITIES]);
  const [format, setFormat] = useState<DataExportFormat>('CSV_ZIP');
  const [media, setMedia] = useState(false);
  const exports = useDataExports();
  const start = useStartDataExport();
  const busy = exports.data?.some((e) => e.stato === 'queued' || e.stato === 'running') ?? false;

  const submit = () =>
    start.mutate(
      { formato: format, entita: DATA_EXPORT_ENTITIES.filter((e) => entities.includes(e)), includiMedia: media },
      {
        onSuccess: () => notify.success(t('dataExport.started')),
        onError: (e) => notify.error(errorText(t, e)),
      },
    );

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1}>{t('dataExport.title')}</Title>
        <Text c="dimmed">{t('dataExport.subtitle')}</Text>
      </div>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h4">
              {t('dataExport.entities')}
            </Title>
            <Group gap="xs">
              <Button size="xs" variant="subtle" onClick={() => setEntities([...DATA_EXPORT_ENTITIES])}>
                {t('dataExport.all')}
              </Button>
              <Button size="xs" variant="subtle" onClick={() => setEntities([])}>
                {t('dataExport.none')}
              </Button>
            </Group>
          </Group>
          <Checkbox.Group
            value={entities}
            onChange={(v) => setEntities(v as DataExportEntity[])}
            aria-label={t('dataExport.entities')}
          >
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
              {DATA_EXPORT_ENTITIES.map((e) => (
                <Checkbox
                  key={e}
                  value={e}
                  label={t(`dataExport.entity.${e}`)}
                  description={t(`dataExport.entityText.${e}`)}
                />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Group gap="xl" align="end" wrap="wrap">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="data-export-format">
                {t('dataExport.format')}
              </Text>
              <SegmentedControl
                aria-labelledby="data-export-format"
                value={format}
                onChange={(v) => setFormat(v as DataExportFormat)}
                data={[
                  { value: 'CSV_ZIP', label: t('dataExport.formats.CSV_ZIP') },
                  { value: 'XLSX', label: t('dataExport.formats.XLSX') },
                ]}
              />
            </Stack>
            <Switch
              checked={media && format === 'CSV_ZIP'}
              disabled={format !== 'CSV_ZIP'}
              onChange={(e) => setMedia(e.currentTarget.checked)}
              label={t('dataExport.media')}
              description={format === 'CSV_ZIP' ? t('dataExport.mediaText') : t('dataExport.mediaXlsx')}
            />
          </Group>
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              {t('dataExport.mailNote')}
            </Text>
            <Button
              leftSection={<IconDatabaseExport size={18} />}
              onClick={submit}
              loading={start.isPending}
              disabled={entities.length === 0 || busy}
            >
              {t('dataExport.start')}
            </Button>
          </Group>
          {entities.length === 0 && (
            <Text size="sm" c="red" role="alert">
              {t('dataExport.chooseOne')}
            </Text>
          )}
        </Stack>
      </Card>
      <ExportList exports={exports} />
    </Stack>
  );
}

function ExportList({ exports }: { exports: ReturnType<typeof useDataExports> }) {
  const { t, i18n } = useTranslation();
  const zone = useCompanyZone();
  const file = useDownload();
  if (exports.isError) return <LoadError error={exports.error} onRetry={() => void exports.refetch()} />;
  if (exports.isPending) return <PageLoader />;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('dataExport.list')}
        </Title>
        {exports.data.length === 0 ? (
          <Stack align="center" gap="xs" py="lg" data-testid="data-export-empty">
            <IconInbox size={36} stroke={1.5} color="var(--mantine-color-dimmed)" />
            <Text c="dimmed" ta="center">
              {t('dataExport.empty')}
            </Text>
          </Stack>
        ) : (
          <Stack gap="sm">
            {exports.data.map((e) => {
              const ended = e.stato === 'completed' || e.stato === 'failed';
              return (
                <Card key={e.id} withBorder padding="sm" radius="sm" data-testid="data-export-row">
                  <Stack gap={6}>
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <Group gap="xs" wrap="wrap">
                        <Badge color={STATE_COLOR[e.stato]} variant="light" data-testid="data-export-state">
                          {t(`dataExport.state.${e.stato}`)}
                        </Badge>
                        <Text size="sm" fw={500}>
                          {t(`dataExport.formats.${e.formato}`)}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {formatDateTime(e.createdAt, zone)}
                        </Text>
                      </Group>
                      {e.stato === 'completed' && e.fileName && (
                        <Button
                          size="xs"
                          leftSection={<IconDownload size={16} />}
                          loading={file.busy}
                          onClick={() => file.download(() => loadDataExportFile(e.id), e.fileName!)}
                        >
                          {t('dataExport.download')}
                        </Button>
                      )}
                    </Group>
                    <Text size="sm" c="dimmed">
                      {e.entita.map((x) => t(`dataExport.entity.${x}`)).join(', ')}
                      {e.includiMedia ? ` · ${t('dataExport.withMedia')}` : ''}
                    </Text>
                    {!ended && (
                      <Progress.Root size={18} aria-label={t('dataExport.progress')}>
                        <Progress.Section
                          value={e.percentuale}
                          animated
                          striped
                          role="progressbar"
                          aria-valuenow={e.percentuale}
                          aria-valuemin={0}
                          aria-valuemax={100}
                        >
                          <Progress.Label>{e.percentuale}%</Progress.Label>
                        </Progress.Section>
                      </Progress.Root>
                    )}
                    {e.stato === 'completed' && (
                      <Text size="sm">
                        {t('dataExport.ready', {
                          size: formatBytes(e.size ?? 0, i18n.language),
                          until: formatDateTime(e.expiresAt, zone),
                        })}
                      </Text>
                    )}
                    {e.stato === 'failed' && (
                      <Alert color="red" p="xs" role="alert">
                        {e.errore ?? t('dataExport.failed')}
                      </Alert>
                    )}
                  </Stack>
                </Card>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
