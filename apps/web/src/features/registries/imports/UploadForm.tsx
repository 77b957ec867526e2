import { useState } from 'react';
import { Button, Group, SegmentedControl, Select, Stack, Switch, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ImportTable, MappingItem } from '@fs/contract';
import { errorText } from '../../../app/api/errors';
import { notify } from '../../../app/notify';
import { useUploadMapping, type MappingTable } from './api';

export const CSV_ACCEPT = [
  'text/csv',
  'text/plain',
  'text/tab-separated-values',
  'application/vnd.ms-excel',
  'application/csv',
];

/** Step 1: table, separator, header flag, encoding and the file; answers the server's columns and preview. */
export function UploadForm({ tables, onMapped }: { tables: MappingTable[]; onMapped: (item: MappingItem) => void }) {
  const { t } = useTranslation();
  const [table, setTable] = useState<ImportTable>(tables[0]!.table);
  const [separator, setSeparator] = useState(';');
  const [header, setHeader] = useState(true);
  const [encoding, setEncoding] = useState<'auto' | 'utf-8' | 'windows-1252'>('auto');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useUploadMapping();

  const submit = () => {
    if (!file) return setFileError(t('imports.upload.fileRequired'));
    upload.mutate(
      { table, separator, headerInFirstLine: header, encoding, file },
      { onSuccess: onMapped, onError: (e) => notify.error(errorText(t, e)) },
    );
  };

  return (
    <Stack gap="md">
      <Group grow align="flex-start">
        <Select
          label={t('imports.upload.table')}
          required
          allowDeselect={false}
          value={table}
          onChange={(v) => v && setTable(v as ImportTable)}
          data={tables.map((x) => ({ value: x.table, label: t(`imports.tables.${x.table}`) }))}
        />
        <Select
          label={t('imports.upload.encoding')}
          allowDeselect={false}
          value={encoding}
          onChange={(v) => v && setEncoding(v as typeof encoding)}
          data={[
            { value: 'auto', label: t('imports.upload.encodingAuto') },
            { value: 'utf-8', label: 'UTF-8' },
            { value: 'windows-1252', label: 'Windows-1252 (Excel)' },
          ]}
        />
      </Group>
      <div>
        <Text size="sm" fw={500} mb={4} id="import-separator-label">
          {t('imports.upload.separator')} *
        </Text>
        <SegmentedControl
          aria-labelledby="import-separator-label"
          value={separator}
          onChange={setSeparator}
          data={[
            { value: ';', label: t('imports.upload.semicolon') },
            { value: ',', label: t('imports.upload.comma') },
            { value: '\t', label: t('imports.upload.tab') },
          ]}
        />
      </div>
      <Switch
        label={t('imports.upload.header')}
        checked={header}
        onChange={(e) => setHeader(e.currentTarget.checked)}
      />
      <Dropzone
        onDrop={(files) => {
          setFile(files[0] ?? null);
          setFileError(null);
        }}
        onReject={() => setFileError(t('imports.upload.badFile'))}
        multiple={false}
        accept={CSV_ACCEPT}
        aria-label={t('imports.upload.dropzone')}
        data-testid="import-dropzone"
      >
        <Group justify="center" gap="lg" mih={110} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={40} stroke={1.5} />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={40} stroke={1.5} />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileSpreadsheet size={40} stroke={1.5} />
          </Dropzone.Idle>
          <div>
            <Text size="lg">{file ? file.name : t('imports.upload.dropzone')}</Text>
            <Text size="sm" c="dimmed">
              {file ? `${Math.ceil(file.size / 1024)} KB` : t('imports.upload.dropzoneHint')}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {fileError && (
        <Text c="red" size="sm" role="alert">
          {fileError}
        </Text>
      )}
      <Group justify="flex-end">
        <Button onClick={submit} loading={upload.isPending} leftSection={<IconUpload size={16} />}>
          {t('imports.upload.read')}
        </Button>
      </Group>
    </Stack>
  );
}
