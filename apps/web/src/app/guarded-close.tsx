import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';

/**
 * Closing a form with unsaved changes (Esc, the X, a click outside, Cancel) asks before
 * discarding them; an untouched form closes at once. Give the answer to the Modal's `onClose`
 * and to the Cancel button; a successful save calls the plain `onClose`.
 */
export function useGuardedClose(form: { isDirty: () => boolean }, onClose: () => void): () => void {
  const { t } = useTranslation();
  return () => {
    if (!form.isDirty()) {
      onClose();
      return;
    }
    modals.openConfirmModal({
      title: t('unsaved.title'),
      children: <Text size="sm">{t('unsaved.text')}</Text>,
      labels: { confirm: t('unsaved.discard'), cancel: t('unsaved.keep') },
      confirmProps: { color: 'red' },
      onConfirm: onClose,
    });
  };
}
