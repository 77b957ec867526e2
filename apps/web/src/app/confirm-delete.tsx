import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TFunction } from 'i18next';
import { errorText } from './api/errors';
import { notify } from './notify';

/**
 * Asks before deleting (red confirm button), then runs the deletion and tells
 * how it went: `done` as a success toast, or the error's translated text.
 */
export function confirmDelete(
  t: TFunction,
  o: {
    title: string;
    text: string;
    confirm: string;
    done: string;
    remove: (callbacks: { onSuccess: () => void; onError: (e: unknown) => void }) => void;
  },
): void {
  modals.openConfirmModal({
    title: o.title,
    children: <Text size="sm">{o.text}</Text>,
    labels: { confirm: o.confirm, cancel: t('common.cancel') },
    confirmProps: { color: 'red' },
    onConfirm: () =>
      o.remove({ onSuccess: () => notify.success(o.done), onError: (e) => notify.error(errorText(t, e)) }),
  });
}
