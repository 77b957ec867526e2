import { useEffect } from 'react';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

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

/**
 * A page form with unsaved changes: leaving it inside the app (a menu link, back) asks before
 * discarding them, and closing or reloading the tab gets the browser's own warning. An untouched
 * form, or one just saved, lets the user go at once.
 */
export function useUnsavedChangesGuard(dirtyNow: boolean | (() => boolean)): void {
  const { t } = useTranslation();
  // A function is asked at the moment of leaving (a form that navigates after saving clears it first).
  const isDirty = () => (typeof dirtyNow === 'function' ? dirtyNow() : dirtyNow);
  const dirty = isDirty();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty() &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const state = blocker.state;
  const { proceed, reset } = blocker;
  useEffect(() => {
    if (state !== 'blocked') return;
    // Exactly one answer: leave, stay, or (Esc, the X, a click outside) stay.
    let answered = false;
    const answer = (go: boolean) => {
      if (answered) return;
      answered = true;
      if (go) proceed?.();
      else reset?.();
    };
    modals.openConfirmModal({
      title: t('unsaved.title'),
      children: <Text size="sm">{t('unsaved.leaveText')}</Text>,
      labels: { confirm: t('unsaved.leave'), cancel: t('unsaved.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () => answer(true),
      onCancel: () => answer(false),
      onClose: () => answer(false),
    });
  }, [state, proceed, reset, t]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
