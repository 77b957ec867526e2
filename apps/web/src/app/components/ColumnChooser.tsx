import { ActionIcon, Button, Checkbox, Group, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconColumns } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TableInfos } from '@fs/contract';
import { notify } from '../notify';
import { errorText } from '../api/errors';
import { moveColumn, toggleColumn } from './list-state';
import { useSaveTableColumns } from './table-preferences';

/**
 * Picks and orders the columns of a table within its minimum and maximum; a choice
 * past either bound is refused with the warning toast (spec: "maximum or minimum
 * table columns reached"). Each change is saved for the user at once.
 */
export function ColumnChooser({ infos }: { infos: TableInfos }) {
  const { t } = useTranslation();
  const save = useSaveTableColumns(infos.table);
  const selected = infos.selectedColumns;
  const label = (key: string) => t(infos.columns.find((c) => c.key === key)?.label ?? key);
  const apply = (next: string[] | null) => {
    if (!next) {
      notify.warning(t('lists.columnsLimit', { min: infos.minColumns, max: infos.maxColumns }));
      return;
    }
    save.mutate(next, { onError: (e) => notify.error(errorText(t, e)) });
  };
  // Chosen columns first, in their order, then the others.
  const ordered = [...selected, ...infos.columns.map((c) => c.key).filter((k) => !selected.includes(k))];
  return (
    <Popover position="bottom-end" shadow="md" trapFocus withinPortal>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} />} data-testid="column-chooser">
          {t('lists.columns')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown miw={280}>
        <Stack gap={6} role="group" aria-label={t('lists.columns')}>
          <Text size="xs" c="dimmed">
            {t('lists.columnsHint', { min: infos.minColumns, max: infos.maxColumns, count: selected.length })}
          </Text>
          {ordered.map((key) => {
            const on = selected.includes(key);
            const i = selected.indexOf(key);
            return (
              <Group key={key} justify="space-between" wrap="nowrap" gap="xs">
                <Checkbox
                  label={label(key)}
                  checked={on}
                  onChange={() => apply(toggleColumn(selected, key, infos.minColumns, infos.maxColumns))}
                />
                {on && (
                  <Group gap={2} wrap="nowrap">
                    <Tooltip label={t('lists.moveUp')}>
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        disabled={i === 0}
                        aria-label={`${t('lists.moveUp')}: ${label(key)}`}
                        onClick={() => apply(moveColumn(selected, key, -1))}
                      >
                        <IconArrowUp size={14} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('lists.moveDown')}>
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        disabled={i === selected.length - 1}
                        aria-label={`${t('lists.moveDown')}: ${label(key)}`}
                        onClick={() => apply(moveColumn(selected, key, 1))}
                      >
                        <IconArrowDown size={14} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                )}
              </Group>
            );
          })}
          <Button
            size="xs"
            variant="subtle"
            mt="xs"
            onClick={() => save.mutate(null, { onError: (e) => notify.error(errorText(t, e)) })}
          >
            {t('lists.resetColumns')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
