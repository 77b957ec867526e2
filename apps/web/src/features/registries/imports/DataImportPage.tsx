import '@mantine/dropzone/styles.css';
import { useEffect, useState } from 'react';
import { Alert, Card, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ImportStatusItem, MappingItem } from '@fs/contract';
import { LoadError } from '../../../app/components/LoadError';
import { PageLoader } from '../../../app/components/PageLoader';
import { usePageTitle } from '../../../app/use-page-title';
import { useMappingTables, useRecentImports } from './api';
import { ImportProgress } from './ImportProgress';
import { MappingStep } from './MappingStep';
import { UploadForm } from './UploadForm';

type Step = { kind: 'file' } | { kind: 'mapping'; item: MappingItem } | { kind: 'progress'; status: ImportStatusItem };

/** Data import from CSV: file and options, column mapping with a preview, progress and final report. */
export function DataImportPage() {
  const { t } = useTranslation();
  usePageTitle(t('imports.title'));
  const tables = useMappingTables();
  const recent = useRecentImports();
  const [step, setStep] = useState<Step>({ kind: 'file' });

  // An import still running (another tab, a reload) is shown again.
  useEffect(() => {
    const active = recent.data?.find((r) => r.status === 'queued' || r.status === 'running');
    if (active) setStep((s) => (s.kind === 'file' ? { kind: 'progress', status: active } : s));
  }, [recent.data]);

  const active = step.kind === 'file' ? 0 : step.kind === 'mapping' ? 1 : 2;
  const mappingTable = step.kind === 'mapping' ? tables.data?.find((x) => x.table === step.item.table) : undefined;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('imports.title')}</Title>
        <Text c="dimmed">{t('imports.subtitle')}</Text>
      </div>
      {tables.isError && <LoadError error={tables.error} onRetry={() => void tables.refetch()} />}
      {tables.isPending && <PageLoader />}
      {tables.data && tables.data.length === 0 && (
        <Alert color="yellow" icon={<IconLock />} role="status">
          {t('imports.noPermission')}
        </Alert>
      )}
      {tables.data && tables.data.length > 0 && (
        <>
          <Stepper active={active} size="sm" allowNextStepsSelect={false}>
            <Stepper.Step label={t('imports.steps.file')} description={t('imports.steps.fileText')} />
            <Stepper.Step label={t('imports.steps.mapping')} description={t('imports.steps.mappingText')} />
            <Stepper.Step label={t('imports.steps.import')} description={t('imports.steps.importText')} />
          </Stepper>
          <Card withBorder radius="md" padding="lg">
            {step.kind === 'file' && (
              <UploadForm tables={tables.data} onMapped={(item) => setStep({ kind: 'mapping', item })} />
            )}
            {step.kind === 'mapping' && mappingTable && (
              <MappingStep
                item={step.item}
                table={mappingTable}
                onBack={() => setStep({ kind: 'file' })}
                onStarted={(status) => setStep({ kind: 'progress', status })}
              />
            )}
            {step.kind === 'progress' && (
              <ImportProgress
                key={step.status.id}
                initial={step.status}
                onNew={() => {
                  void recent.refetch();
                  setStep({ kind: 'file' });
                }}
              />
            )}
          </Card>
        </>
      )}
    </Stack>
  );
}
