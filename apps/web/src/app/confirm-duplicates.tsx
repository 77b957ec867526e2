import { List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TFunction } from 'i18next';
import { isApiError } from './api/errors';

/**
 * A save the server refused with 409 DUPLICATE (a VAT number, tax code or external reference
 * another record has): the user sees what repeats and where, and may save anyway, which sends
 * the save again with `confermaDuplicati: true`. Answers false for any other error.
 */
export function confirmDuplicates(t: TFunction, error: unknown, saveAnyway: () => void): boolean {
  if (!isApiError(error) || error.code !== 'DUPLICATE') return false;
  modals.openConfirmModal({
    title: t('duplicates.title'),
    children: (
      <Stack gap="xs">
        <Text size="sm">{t('duplicates.text')}</Text>
        <List size="sm">
          {error.fields.map((f) => (
            <List.Item key={f.path}>{f.message}</List.Item>
          ))}
        </List>
      </Stack>
    ),
    labels: { confirm: t('duplicates.confirm'), cancel: t('common.cancel') },
    confirmProps: { color: 'orange' },
    onConfirm: saveAnyway,
  });
  return true;
}
