import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Group, ScrollArea, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconPlayerPlay, IconWand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  IMPORT_FIELDS,
  autoMapping,
  validateImportRow,
  type ColumnMapping,
  type ImportStatusItem,
  type MappingItem,
} from '@fs/contract';
import { errorText } from '../../../app/api/errors';
import { notify } from '../../../app/notify';
import { useStartImport, type MappingTable } from './api';

/** Text of a row error: translated by its code, the field by its label. */
export function useRowErrorText() {
  const { t } = useTranslation();
  return (e: { field: string | null; code: string; message: string }) => {
    const field = e.field ? t(`imports.fields.${e.field}`, { defaultValue: e.field }) : '';
    const reason = t(`imports.rowErrors.${e.code}`, { defaultValue: e.message });
    return field ? `${field}: ${reason}` : reason;
  };
}

/** Step 2: each file column goes to a field (or nowhere); the preview shows each row's errors under that mapping. */
export function MappingStep({
  item,
  table,
  onBack,
  onStarted,
}: {
  item: MappingItem;
  table: MappingTable;
  onBack: () => void;
  onStarted: (s: ImportStatusItem) => void;
}) {
  const { t } = useTranslation();
  const rowError = useRowErrorText();
  const [mapping, setMapping] = useState<ColumnMapping[]>(item.mapping);
  const start = useStartImport();
  const fields = IMPORT_FIELDS[item.table];

  const fieldOf = (column: number) => mapping.find((m) => m.column === column)?.field ?? null;
  const setField = (column: number, field: string | null) =>
    setMapping((prev) =>
      [...prev.filter((m) => m.column !== column && m.field !== field), ...(field ? [{ column, field }] : [])].sort(
        (a, b) => a.column - b.column,
      ),
    );

  const missing = fields.filter((f) => f.required && !mapping.some((m) => m.field === f.name));
  const preview = useMemo(
    () =>
      item.preview.map((row) => {
        const raw: Record<string, string> = {};
        for (const m of mapping) raw[m.field] = row.values[m.column] ?? '';
        return { ...row, errors: mapping.length > 0 ? validateImportRow(fields, raw).errors : [] };
      }),
    [item.preview, mapping, fields],
  );
  const fieldLabel = (name: string) => t(`imports.fields.${name}`, { defaultValue: name });
  const options = table.fields.map((f) => ({ value: f.name, label: `${fieldLabel(f.name)}${f.required ? ' *' : ''}` }));

  const submit = () =>
    start.mutate({ id: item.id, mapping }, { onSuccess: onStarted, onError: (e) => notify.error(errorText(t, e)) });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text>
          {t('imports.mapping.summary', {
            file: item.fileName,
            table: t(`imports.tables.${item.table}`),
            encoding: item.encoding,
          })}
        </Text>
        <Button
          variant="subtle"
          leftSection={<IconWand size={16} />}
          disabled={!item.headerInFirstLine}
          onClick={() =>
            setMapping(
              autoMapping(
                item.table,
                item.columns.map((c) => c.name),
              ),
            )
          }
        >
          {t('imports.mapping.auto')}
        </Button>
      </Group>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t('imports.mapping.required')}
        </Text>
        {fields
          .filter((f) => f.required)
          .map((f) => (
            <Badge key={f.name} color={missing.includes(f) ? 'red' : 'green'} variant="light">
              {fieldLabel(f.name)} *
            </Badge>
          ))}
      </Group>
      <ScrollArea type="auto">
        <Table
          withTableBorder
          withColumnBorders
          striped
          miw={item.columns.length * 170}
          aria-label={t('imports.mapping.preview')}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>{t('imports.mapping.line')}</Table.Th>
              {item.columns.map((c) => (
                <Table.Th key={c.index} miw={160}>
                  <Text size="xs" c="dimmed" truncate>
                    {c.name}
                  </Text>
                  <Select
                    size="xs"
                    aria-label={t('imports.mapping.fieldFor', { column: c.name })}
                    placeholder={t('imports.mapping.skip')}
                    clearable
                    searchable
                    value={fieldOf(c.index)}
                    onChange={(v) => setField(c.index, v)}
                    data={options}
                  />
                </Table.Th>
              ))}
              <Table.Th miw={220}>{t('imports.mapping.errors')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.map((row) => (
              <Table.Tr key={row.riga} bg={row.errors.length > 0 ? 'var(--mantine-color-red-light)' : undefined}>
                <Table.Td>{row.riga}</Table.Td>
                {item.columns.map((c) => {
                  const field = fieldOf(c.index);
                  const bad = field !== null && row.errors.some((e) => e.field === field);
                  return (
                    <Table.Td key={c.index} c={field ? undefined : 'dimmed'} fw={bad ? 700 : undefined}>
                      {row.values[c.index] ?? ''}
                    </Table.Td>
                  );
                })}
                <Table.Td>
                  {row.errors.length === 0 ? (
                    <Text size="sm" c="green">
                      {t('imports.mapping.ok')}
                    </Text>
                  ) : (
                    <Stack gap={2}>
                      {row.errors.map((e, i) => (
                        <Text key={i} size="sm" c="red">
                          {rowError(e)}
                        </Text>
                      ))}
                    </Stack>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {preview.length === 0 && <Text c="dimmed">{t('imports.mapping.empty')}</Text>}
      {missing.length > 0 && (
        <Alert color="yellow" icon={<IconAlertTriangle />} role="status">
          {t('imports.mapping.missing', { fields: missing.map((f) => fieldLabel(f.name)).join(', ') })}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          {t('imports.mapping.back')}
        </Button>
        <Tooltip label={t('imports.mapping.missingShort')} disabled={missing.length === 0}>
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            onClick={submit}
            loading={start.isPending}
            disabled={missing.length > 0}
          >
            {t('imports.mapping.start')}
          </Button>
        </Tooltip>
      </Group>
    </Stack>
  );
}
