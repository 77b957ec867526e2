import type { ReactNode } from 'react';
import { DataList, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './Facts.module.css';

export interface Fact {
  label: string;
  value: ReactNode | null | undefined;
}

/** Label/value pairs; missing values read "not set". */
export function Facts({ items }: { items: Fact[] }) {
  const { t } = useTranslation();
  return (
    <DataList withDivider labelWidth={0} gap="xs">
      {items.map(({ label, value }) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel className={classes.label}>
            <Text size="sm" c="dimmed">
              {label}
            </Text>
          </DataList.ItemLabel>
          <DataList.ItemValue className={classes.value}>
            {value === null || value === undefined || value === '' ? (
              <Text size="sm" c="dimmed" fs="italic">
                {t('common.notSet')}
              </Text>
            ) : (
              <Text size="sm" fw={500} component="div">
                {value}
              </Text>
            )}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}
