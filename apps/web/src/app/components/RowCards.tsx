import type { ReactNode } from 'react';
import { ActionIcon, Card, Center, Group, Loader, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ListState } from './list-state';
import { openRowProps } from './open-row';

interface Column {
  key: string;
  label: string;
  sortable: boolean;
}

/**
 * A list on a phone: one card per row instead of a table squeezed to a few columns. The first
 * visible column is the card's title, the others follow as label and value (empty ones left
 * out); the row's actions sit beside the title; the sort is a select. Cards open like rows
 * (tap, or Enter on the focused card).
 */
export function RowCards<T>(p: {
  columns: Column[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  cell: (row: T, key: string) => ReactNode;
  onOpen?: (row: T) => void;
  rowActions?: (row: T) => ReactNode;
  emptyText: string;
  state: ListState;
  onStateChange: (next: ListState) => void;
  /** The column that names a row (the card's title) when it is visible; else the first visible column. */
  titleKey?: string;
}) {
  const { t } = useTranslation();
  const sortable = p.columns.filter((c) => c.sortable);
  const first = p.columns.find((c) => c.key === p.titleKey) ?? p.columns[0];
  const rest = p.columns.filter((c) => c !== first);
  const empty = (v: ReactNode) => v === null || v === undefined || v === '' || v === false;
  return (
    <Stack gap="xs">
      {sortable.length > 0 && (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Select
            label={t('lists.sortLabel')}
            data={sortable.map((c) => ({ value: c.key, label: t(c.label) }))}
            value={p.state.sort}
            onChange={(v) => v && p.onStateChange({ ...p.state, sort: v, page: 1 })}
            allowDeselect={false}
            style={{ flex: 1 }}
          />
          <Tooltip label={t(p.state.dir === 'asc' ? 'lists.ascending' : 'lists.descending')}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t(p.state.dir === 'asc' ? 'lists.ascending' : 'lists.descending')}
              onClick={() => p.onStateChange({ ...p.state, dir: p.state.dir === 'asc' ? 'desc' : 'asc', page: 1 })}
            >
              {p.state.dir === 'asc' ? <IconSortAscending size={18} /> : <IconSortDescending size={18} />}
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
      {p.rows === undefined ? (
        <Center py="lg">
          <Loader size="sm" aria-label={t('common.loading')} />
        </Center>
      ) : p.rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {p.emptyText}
        </Text>
      ) : (
        <Stack gap="xs" role="list">
          {p.rows.map((row) => (
            <Card
              key={p.rowKey(row)}
              withBorder
              radius="md"
              padding="sm"
              role="listitem"
              {...openRowProps(p.onOpen, row)}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {first ? p.cell(row, first.key) : null}
                </Text>
                {p.rowActions && (
                  <Group gap={4} wrap="nowrap">
                    {p.rowActions(row)}
                  </Group>
                )}
              </Group>
              {rest.map((c) => {
                const v = p.cell(row, c.key);
                if (empty(v)) return null;
                return (
                  <Text key={c.key} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    <Text span c="dimmed" size="sm">
                      {t(c.label)}:{' '}
                    </Text>
                    {v}
                  </Text>
                );
              })}
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
