import { useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Center,
  Checkbox,
  Collapse,
  Group,
  Loader,
  LoadingOverlay,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { TextInput } from './TextFields';
import {
  IconAdjustmentsHorizontal,
  IconArrowsSort,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { SEARCH_CONTAINS_MIN_LENGTH } from '@fs/contract';
import { formatCount } from '../numbers';
import { ColumnChooser } from './ColumnChooser';
import { LoadError } from './LoadError';
import { RowCards } from './RowCards';
import { openRowProps } from './open-row';
import { nextSort, type ListState } from './list-state';
import { PAGE_SIZES } from './list-url';
import { useTableInfos } from './table-preferences';
import classes from './DataTable.module.css';

const SIZE_CHOICES = PAGE_SIZES.map(String);

export interface DataTableProps<T> {
  /** Table name of the shared configuration (clienti, articoli, ...). */
  table: string;
  rows: T[] | undefined;
  total: number | undefined;
  /** `total` is a lower bound (a search counted up to a threshold, `totalePiuDi`): "more than". */
  totalMore?: boolean;
  /** The list request is running (first load or a new page). */
  loading: boolean;
  error?: unknown;
  onRetry?: () => void;
  state: ListState;
  onStateChange: (next: ListState) => void;
  /** The search box's text (kept apart from state so typing can be debounced by the caller); a new text goes back to page 1. */
  search: string;
  onSearchChange: (q: string) => void;
  rowKey: (row: T) => string;
  /** Cell content; by default the row's field named by the column key. */
  renderCell?: (row: T, key: string) => ReactNode;
  /** Opens a row (click, or Enter on the focused row). */
  onOpen?: (row: T) => void;
  /** Buttons at the end of a row (edit, delete...). */
  rowActions?: (row: T) => ReactNode;
  /** Filter controls shown beside the search box (on a phone, behind a "Filters" button). */
  filters?: ReactNode;
  /** How many filters are set: the phone's "Filters" button shows it. */
  activeFilters?: number;
  /** Buttons at the right of the toolbar (e.g. "new"). */
  actions?: ReactNode;
  searchLabel: string;
  /** Hint inside the search box (what it searches). */
  searchPlaceholder?: string;
  /** Shown under the search box while the text is 1-2 characters long (such a term matches the start of one field only). */
  shortSearchHint?: string;
  emptyText: string;
  caption: string;
  /** On a phone, the column that titles each card (the name) when it is visible. */
  cardTitle?: string;
  /** Rows can be ticked for a list-wide action (a leading checkbox column; on a phone, a box on each card). */
  selection?: RowSelection<T>;
}

export interface RowSelection<T> {
  selected: string[];
  onChange: (keys: string[]) => void;
  /** The accessible name of a row's box ("Seleziona 2026/00012"). */
  label: (row: T) => string;
}

/** A row's tick box; a click on it never opens the row. */
function SelectBox<T>({ row, rowKey, sel }: { row: T; rowKey: (row: T) => string; sel: RowSelection<T> }) {
  const key = rowKey(row);
  const on = sel.selected.includes(key);
  return (
    <Checkbox
      aria-label={sel.label(row)}
      checked={on}
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
      onChange={() => sel.onChange(on ? sel.selected.filter((k) => k !== key) : [...sel.selected, key])}
    />
  );
}

/**
 * The shared server-paged table: search box, filters, sortable headers, page and
 * page size, the column chooser within the table's bounds, loading and empty states.
 * Rows are keyboard reachable (Tab, then Enter opens).
 */
/** The list query's part of the table's props: rows, total, loading, error and retry. */
export function pageQueryProps<T>(q: {
  data?: { items: T[]; totaleElementi: number; totalePiuDi?: boolean };
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}) {
  return {
    rows: q.data?.items,
    total: q.data?.totaleElementi,
    totalMore: q.data?.totalePiuDi === true,
    loading: q.isFetching,
    error: q.isError && !q.data ? q.error : undefined,
    onRetry: () => void q.refetch(),
  };
}

/** No word of 3+ characters: the server matches the start of the name or description only (platform/lists.ts on the server). */
function isShortSearch(q: string): boolean {
  const words = q.trim().split(/\s+/).filter(Boolean);
  return words.length > 0 && !words.some((w) => w.length >= SEARCH_CONTAINS_MIN_LENGTH);
}

/** Phones (under 576 px) get cards instead of the table. */
const PHONE_QUERY = '(max-width: 36em)';

/** "1.234 elementi", or "più di 1.000 elementi" when the total is a lower bound; the number as the language writes it. */
export function totalText(t: TFunction, locale: string, total: number, more = false): string {
  const shown = formatCount(total, locale);
  return more ? t('lists.totalMore', { total: shown }) : t('lists.total', { count: total, total: shown });
}

export function DataTable<T>(p: DataTableProps<T>) {
  const { t, i18n } = useTranslation();
  const infos = useTableInfos(p.table);
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  if (infos.error) return <LoadError error={infos.error} onRetry={() => void infos.refetch()} />;
  if (!infos.data)
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  const columns = infos.data.selectedColumns
    .map((key) => infos.data.columns.find((c) => c.key === key)!)
    .filter(Boolean);
  // A total that is a lower bound has at least one row more: one page more to go to (it counts further).
  const pages = Math.max(1, Math.ceil(((p.total ?? 0) + (p.totalMore ? 1 : 0)) / p.state.size));
  const cell =
    p.renderCell ??
    ((row: T, key: string) => {
      const v = (row as Record<string, unknown>)[key];
      return v === null || v === undefined ? '' : String(v);
    });
  const sel = p.selection;
  const colSpan = columns.length + (p.rowActions ? 1 : 0) + (sel ? 1 : 0);
  const pageKeys = (p.rows ?? []).map(p.rowKey);
  const pageTicked = sel ? pageKeys.filter((k) => sel.selected.includes(k)).length : 0;
  const cardActions =
    sel || p.rowActions
      ? (row: T) => (
          <>
            {p.rowActions?.(row)}
            {sel && <SelectBox row={row} rowKey={p.rowKey} sel={sel} />}
          </>
        )
      : undefined;
  const search = (
    <TextInput
      type="search"
      label={p.searchLabel}
      placeholder={p.searchPlaceholder}
      description={p.shortSearchHint && isShortSearch(p.search) ? p.shortSearchHint : undefined}
      leftSection={<IconSearch size={16} />}
      value={p.search}
      onChange={(e) => {
        p.onSearchChange(e.currentTarget.value);
        if (p.state.page !== 1) p.onStateChange({ ...p.state, page: 1 });
      }}
      w={phone ? undefined : 280}
      style={phone ? { flex: 1, minWidth: 0 } : undefined}
      maxLength={100}
    />
  );

  return (
    <Stack gap="sm">
      {phone ? (
        <PhoneToolbar
          search={search}
          filters={p.filters}
          activeFilters={p.activeFilters}
          columns={<ColumnChooser infos={infos.data} />}
          actions={p.actions}
        />
      ) : (
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Group align="flex-end" wrap="wrap" gap="sm">
            {search}
            {p.filters}
          </Group>
          <Group gap="sm">
            <ColumnChooser infos={infos.data} />
            {p.actions}
          </Group>
        </Group>
      )}
      {p.error ? (
        <LoadError error={p.error} onRetry={p.onRetry} />
      ) : (
        <Box pos="relative">
          <LoadingOverlay
            visible={p.loading && p.rows !== undefined}
            zIndex={1}
            overlayProps={{ blur: 1 }}
            loaderProps={{ 'aria-label': t('common.loading') } as never}
          />
          {phone ? (
            <RowCards
              columns={columns}
              rows={p.rows}
              rowKey={p.rowKey}
              cell={cell}
              onOpen={p.onOpen}
              rowActions={cardActions}
              emptyText={p.emptyText}
              state={p.state}
              onStateChange={p.onStateChange}
              titleKey={p.cardTitle}
            />
          ) : (
            <Table.ScrollContainer minWidth={600}>
              <Table striped highlightOnHover={!!p.onOpen} verticalSpacing="xs" aria-busy={p.loading}>
                <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
                  <Text size="sm" c="dimmed" component="span">
                    {p.total === undefined
                      ? p.caption
                      : `${p.caption} · ${totalText(t, i18n.language, p.total, p.totalMore)}`}
                  </Text>
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    {sel && (
                      <Table.Th w={40}>
                        <Checkbox
                          aria-label={t('lists.selectPage')}
                          checked={pageKeys.length > 0 && pageTicked === pageKeys.length}
                          indeterminate={pageTicked > 0 && pageTicked < pageKeys.length}
                          disabled={pageKeys.length === 0}
                          onChange={() =>
                            sel.onChange(
                              pageTicked === pageKeys.length
                                ? sel.selected.filter((k) => !pageKeys.includes(k))
                                : [...new Set([...sel.selected, ...pageKeys])],
                            )
                          }
                        />
                      </Table.Th>
                    )}
                    {columns.map((c) => {
                      const active = p.state.sort === c.key;
                      const Icon = !active
                        ? IconArrowsSort
                        : p.state.dir === 'asc'
                          ? IconSortAscending
                          : IconSortDescending;
                      return (
                        <Table.Th
                          key={c.key}
                          aria-sort={active ? (p.state.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                        >
                          {c.sortable ? (
                            <UnstyledButton
                              onClick={() => p.onStateChange(nextSort(p.state, c.key))}
                              aria-label={t('lists.sortBy', { column: t(c.label) })}
                            >
                              <Group gap={4} wrap="nowrap">
                                <Text fw={600} size="sm">
                                  {t(c.label)}
                                </Text>
                                <Icon size={14} aria-hidden />
                              </Group>
                            </UnstyledButton>
                          ) : (
                            <Text fw={600} size="sm">
                              {t(c.label)}
                            </Text>
                          )}
                        </Table.Th>
                      );
                    })}
                    {p.rowActions && (
                      <Table.Th>
                        <Text fw={600} size="sm">
                          {t('lists.actions')}
                        </Text>
                      </Table.Th>
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {p.rows === undefined ? (
                    <Table.Tr>
                      <Table.Td colSpan={colSpan}>
                        <Center py="lg">
                          <Loader size="sm" aria-label={t('common.loading')} />
                        </Center>
                      </Table.Td>
                    </Table.Tr>
                  ) : p.rows.length === 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={colSpan}>
                        <Text c="dimmed" ta="center" py="lg">
                          {p.emptyText}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ) : (
                    p.rows.map((row) => (
                      <Table.Tr key={p.rowKey(row)} {...openRowProps(p.onOpen, row)}>
                        {sel && (
                          <Table.Td>
                            <SelectBox row={row} rowKey={p.rowKey} sel={sel} />
                          </Table.Td>
                        )}
                        {columns.map((c) => {
                          const content = cell(row, c.key);
                          // Long text ends in an ellipsis (the whole text shows on hover); badges and
                          // bars are never cut, they wrap.
                          const text = typeof content === 'string' || typeof content === 'number';
                          return (
                            <Table.Td
                              key={c.key}
                              className={text ? classes.cell : classes.nodeCell}
                              title={typeof content === 'string' && content.length > 30 ? content : undefined}
                            >
                              {content}
                            </Table.Td>
                          );
                        })}
                        {p.rowActions && (
                          <Table.Td>
                            <Group gap={4} wrap="nowrap">
                              {p.rowActions(row)}
                            </Group>
                          </Table.Td>
                        )}
                      </Table.Tr>
                    ))
                  )}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Box>
      )}
      <Group justify="space-between" wrap="wrap">
        <Select
          label={t('lists.pageSize')}
          data={SIZE_CHOICES}
          value={String(p.state.size)}
          onChange={(v) => v && p.onStateChange({ ...p.state, size: Number(v), page: 1 })}
          w={150}
          allowDeselect={false}
        />
        <Pagination
          total={pages}
          value={Math.min(p.state.page, pages)}
          onChange={(page) => p.onStateChange({ ...p.state, page })}
          getControlProps={(control) => ({ 'aria-label': t(`lists.pagination.${control}`) })}
          getItemProps={(page) => ({ 'aria-label': t('lists.pagination.page', { page }) })}
        />
      </Group>
    </Stack>
  );
}

/**
 * A phone's toolbar: the search box and a "Filters" button (with how many are set) on one line;
 * the filters and the column chooser open under it; the page's actions stay in sight.
 */
function PhoneToolbar(p: {
  search: ReactNode;
  filters?: ReactNode;
  activeFilters?: number;
  columns: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const n = p.activeFilters ?? 0;
  return (
    <Stack gap="sm">
      <Group align="flex-end" wrap="nowrap" gap="sm">
        {p.search}
        <Button
          variant={open || n > 0 ? 'light' : 'default'}
          leftSection={<IconAdjustmentsHorizontal size={18} />}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls="list-filters"
          size="sm"
          h={36}
        >
          {n > 0 ? t('lists.filtersCount', { count: n }) : t('lists.filters')}
        </Button>
      </Group>
      <Collapse expanded={open} id="list-filters">
        <Stack gap="sm">
          {p.filters && (
            <SimpleGrid cols={2} spacing="sm">
              {p.filters}
            </SimpleGrid>
          )}
          <Group>{p.columns}</Group>
        </Stack>
      </Collapse>
      {p.actions && <Group gap="sm">{p.actions}</Group>}
    </Stack>
  );
}
