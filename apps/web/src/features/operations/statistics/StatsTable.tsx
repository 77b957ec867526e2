import { useMemo, useState, type ReactNode } from 'react';
import { Button, Group, Menu, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconArrowsSort,
  IconDownload,
  IconFileSpreadsheet,
  IconFileTypeCsv,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@fs/contract';
import { RowCards } from '../../../app/components/RowCards';
import { nextSort, type ListState } from '../../../app/components/list-state';
import { openRowProps } from '../../../app/components/open-row';
import { downloadBlob } from '../../../app/download';
import { useCan } from '../../../app/session/api';
import { formatMeasure, type Measure } from './logic';
import { tableBlob, type FileCell } from './table-file';
import classes from '../../../app/components/DataTable.module.css';

export interface StatsColumn<T> {
  key: string;
  /** The header's locale key. */
  label: string;
  /** A number of this kind (formatted, right-aligned, written as a number in the files), a day (YYYY-MM-DD,
   * shown and written DD/MM/YYYY, sorted as a day), or text. */
  kind: Measure | 'text' | 'day';
  value: (row: T) => string | number | null;
  /** What the column sorts by, when not its value (a month's label sorts by the month). */
  sortValue?: (row: T) => string | number | null;
  /** What the cell shows, when not the formatted value (a badge, a link). */
  render?: (row: T) => ReactNode;
}

/** Phones (under 576 px) get cards instead of the table, as in the DataTable. */
const PHONE_QUERY = '(max-width: 36em)';

/**
 * A chart's list view: the same numbers as a table with the product's DataTable conventions (a
 * caption, sortable headers with aria-sort, rows opened by click or Enter, cards on a phone) and
 * its own CSV and XLSX of the rows shown, in the order shown (with the data-export permission,
 * like every list's export). Rows are all here: no paging.
 */
export function StatsTable<T>(p: {
  caption: string;
  columns: StatsColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** The file's name without extension. */
  fileName: string;
  currency?: string;
  emptyText: string;
  onOpen?: (row: T) => void;
  /** The column that titles a phone's card. */
  cardTitle?: string;
  /** Rows kept under the sorted ones (the customers' "others", a total). */
  footer?: T[];
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const mayExport = useCan('esportazione_dati', 'read') === true;
  const [state, setState] = useState<ListState>({ page: 1, size: 1000, sort: '', dir: 'asc', q: '' });
  const byKey = useMemo(() => new Map(p.columns.map((c) => [c.key, c])), [p.columns]);
  const sorted = useMemo(() => {
    const col = byKey.get(state.sort);
    if (!col) return p.rows;
    const dir = state.dir === 'asc' ? 1 : -1;
    return [...p.rows].sort((a, b) => {
      const by = col.sortValue ?? col.value;
      const x = by(a);
      const y = by(b);
      if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
      if (typeof x === 'number' && typeof y === 'number') return (x - y) * dir;
      return String(x).localeCompare(String(y), lang) * dir;
    });
  }, [p.rows, byKey, state, lang]);
  const all = [...sorted, ...(p.footer ?? [])];
  const text = (row: T, c: StatsColumn<T>): ReactNode => {
    if (c.render) return c.render(row);
    const v = c.value(row);
    if (c.kind === 'day') return formatDay(v as string | null);
    return c.kind === 'text' ? (v ?? '') : formatMeasure(v as number | null, c.kind, lang, p.currency);
  };
  const fileRows = (): FileCell[][] =>
    all.map((row) =>
      p.columns.map((c) => {
        const v = c.value(row);
        if (c.kind === 'day') return formatDay(v as string | null);
        return c.kind === 'money' && typeof v === 'number' ? Math.round(v * 100) / 100 : v;
      }),
    );
  const save = (format: 'csv' | 'xlsx') =>
    downloadBlob(
      tableBlob({ name: p.fileName, headers: p.columns.map((c) => t(c.label)), rows: fileRows() }, format),
      `${p.fileName}.${format}`,
    );

  const exportMenu = mayExport && all.length > 0 && (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" size="xs" leftSection={<IconDownload size={16} aria-hidden />}>
          {t('statistics.export.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('statistics.export.hint')}</Menu.Label>
        <Menu.Item leftSection={<IconFileSpreadsheet size={16} aria-hidden />} onClick={() => save('xlsx')}>
          {t('lists.export.xlsx')}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileTypeCsv size={16} aria-hidden />} onClick={() => save('csv')}>
          {t('lists.export.csv')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed">
          {t('statistics.rows', { count: p.rows.length })}
        </Text>
        {exportMenu}
      </Group>
      {phone ? (
        <RowCards
          columns={p.columns.map((c) => ({ key: c.key, label: c.label, sortable: true }))}
          rows={all}
          rowKey={p.rowKey}
          cell={(row, key) => text(row, byKey.get(key)!)}
          onOpen={p.onOpen}
          emptyText={p.emptyText}
          state={state}
          onStateChange={setState}
          titleKey={p.cardTitle}
        />
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped highlightOnHover={!!p.onOpen} verticalSpacing="xs">
            <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
              <Text size="sm" c="dimmed" component="span">
                {p.caption}
              </Text>
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {p.columns.map((c) => {
                  const active = state.sort === c.key;
                  const Icon = !active ? IconArrowsSort : state.dir === 'asc' ? IconSortAscending : IconSortDescending;
                  return (
                    <Table.Th
                      key={c.key}
                      ta={c.kind === 'text' || c.kind === 'day' ? undefined : 'right'}
                      aria-sort={active ? (state.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                    >
                      <UnstyledButton
                        onClick={() => setState(nextSort(state, c.key))}
                        aria-label={t('lists.sortBy', { column: t(c.label) })}
                      >
                        <Group
                          gap={4}
                          wrap="nowrap"
                          justify={c.kind === 'text' || c.kind === 'day' ? undefined : 'flex-end'}
                        >
                          <Text fw={600} size="sm">
                            {t(c.label)}
                          </Text>
                          <Icon size={14} aria-hidden />
                        </Group>
                      </UnstyledButton>
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {all.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={p.columns.length}>
                    <Text c="dimmed" ta="center" py="lg">
                      {p.emptyText}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                all.map((row) => (
                  <Table.Tr key={p.rowKey(row)} {...openRowProps(p.onOpen, row)}>
                    {p.columns.map((c) => (
                      <Table.Td
                        key={c.key}
                        className={c.render ? classes.nodeCell : classes.cell}
                        ta={c.kind === 'text' || c.kind === 'day' ? undefined : 'right'}
                      >
                        {text(row, c)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
