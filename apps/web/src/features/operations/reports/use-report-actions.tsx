import { useMemo, useState } from 'react';
import { Checkbox, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { maySetPrices, optionValue, parseDecimal, type HoursMode, type Report } from '@fs/contract';
import { errorText, formErrorsOf, isApiError } from '../../../app/api/errors';
import { focusFirstInvalid } from '../../../app/form-errors';
import { useUnsavedChangesGuard } from '../../../app/guarded-close';
import { notify } from '../../../app/notify';
import { usePermissions, useSessionUser } from '../../../app/session/api';
import { useCompanyZone, useOptions } from '../../company';
import { useCloseReport, useSaveReport } from './api';
import { bodyOf, errorsAfterChange, formOf, formProblems, type FormState } from './report-form';

/** Hours as typed, read as every number field reads them (decision 0022); 0 when empty or not a number. */
function hoursTyped(text: string): number {
  const r = parseDecimal(text);
  return 'value' in r ? Number(r.value) : 0;
}

/**
 * The report form's state and its actions (save, close, complete, reopen), shared by the office view and
 * the field view: one save logic whatever the layout.
 */
export function useReportActions(
  report: Report,
  errors: Record<string, string>,
  setErrors: (e: Record<string, string>) => void,
  /** Called once the report is closed (the field view then offers to send it). */
  onClosed?: () => void,
) {
  const { t } = useTranslation();
  const me = useSessionUser().data;
  const options = useOptions();
  const mode = (optionValue(options.data, 'rapportini_modalita_ore', 'value') ?? 'libero') as HoursMode;
  const permissions = usePermissions().data?.permissions;
  // Prices are set by who may see and write them (the server's rule): anyone else sends none.
  const canPricesWrite = permissions ? maySetPrices(permissions) : false;
  const office = permissions?.gestione_interventi.companyWrite === true;
  const zone = useCompanyZone();
  const initial = useMemo(() => formOf(report, zone), [report, zone]);
  const [form, setForm] = useState<FormState>(initial);
  const save = useSaveReport();
  const close = useCloseReport();
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);
  const closed = report.stato === 'CHIUSO';
  const readOnly = !report.modificabile;
  // After closing without the reopening option only return travel may be added.
  const returnOnly = closed && !report.modificabile && !report.completato;
  // A changed field drops its error; the others stay marked until they are filled.
  const set = (p: Partial<FormState>) => {
    setErrors(errorsAfterChange(errors, form, p));
    setForm((f) => ({ ...f, ...p }));
  };

  useUnsavedChangesGuard(dirty);

  const failed = (err: unknown) => {
    const fields = formErrorsOf(err);
    if (fields) setErrors(fields);
    // Closing with empty mandatory fields: the alert says so, the fields show which, and the
    // first of them is brought into view with the focus.
    const general = !fields || (isApiError(err) && err.code === 'REPORT_MANDATORY_FIELDS');
    notify.error(general ? errorText(t, err) : Object.values(fields)[0]!);
    if (fields) focusFirstInvalid();
  };
  /** The form's own checks before a save: false (and the fields marked) when something is missing. */
  const checked = () => {
    if (!formProblems(form).ora_appuntamento) return true;
    setErrors({ ora_appuntamento: t('reports.appointmentTimeRequired') });
    focusFirstInvalid();
    return false;
  };
  // Promises, not mutate's callbacks: a save re-keys the form, and callbacks of an unmounted form
  // are dropped (a close refused after a save would go unseen).
  const doSave = (then?: () => Promise<void>) =>
    !checked()
      ? Promise.resolve()
      : save.mutateAsync(bodyOf(form, zone, report.id, canPricesWrite)).then(() => {
          setErrors({});
          if (then) return then();
          notify.success(t('reports.saved'));
        }, failed);
  /** Saves what is typed, if anything, before an action that refreshes the report (the signature): true when done. */
  const saveFirst = (): Promise<boolean> =>
    !dirty
      ? Promise.resolve(true)
      : !checked()
        ? Promise.resolve(false)
        : save.mutateAsync(bodyOf(form, zone, report.id, canPricesWrite)).then(
            () => {
              setErrors({});
              return true;
            },
            (err: unknown) => {
              failed(err);
              return false;
            },
          );
  const doClose = () =>
    close.mutateAsync({ id: report.id, azione: 'chiudi' }).then((r) => {
      setErrors({});
      notify.success(t('reports.closed'));
      if (r.warnings?.includes('NO_HOURS')) notify.warning(t('reports.noHoursClosed'));
      onClosed?.();
    }, failed);
  const askClose = () => {
    const hours = form.giornate.some((g) => hoursTyped(g.totale_ore) > 0 || g.inizio_mattina || g.ore_mattina);
    const go = () => void (dirty ? doSave(doClose) : doClose());
    if (hours) return go();
    modals.openConfirmModal({
      title: t('reports.closeNoHours.title'),
      children: <Text size="sm">{t('reports.closeNoHours.text')}</Text>,
      labels: { confirm: t('reports.closeNoHours.confirm'), cancel: t('common.cancel') },
      onConfirm: go,
    });
  };
  const askComplete = () =>
    modals.openConfirmModal({
      title: t('reports.complete.title'),
      children: <Text size="sm">{t('reports.complete.text', { numero: report.numero_assistenza })}</Text>,
      labels: { confirm: t('reports.complete.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'dark' },
      onConfirm: () =>
        close.mutate(
          { id: report.id, azione: 'completa' },
          { onSuccess: () => notify.success(t('reports.completedDone')), onError: failed },
        ),
    });
  /** Reopening (the option riapertura_rapportini_chiusi): asks whether the locked signature is cleared. */
  const askReopen = () => {
    let clearSignature = false;
    modals.openConfirmModal({
      title: t('reports.reopen.title'),
      children: (
        <Stack gap="sm">
          <Text size="sm">{t('reports.reopen.text', { numero: report.numero_assistenza })}</Text>
          {report.firma && (
            <Checkbox
              size="md"
              label={t('reports.reopen.clearSignature', { name: report.firma.firmatario })}
              onChange={(e) => {
                clearSignature = e.currentTarget.checked;
              }}
            />
          )}
          <Text size="sm" c="dimmed">
            {t('reports.reopen.mailKept')}
          </Text>
        </Stack>
      ),
      labels: { confirm: t('reports.reopen.confirm'), cancel: t('common.cancel') },
      onConfirm: () =>
        close.mutate(
          { id: report.id, azione: 'riapri', cancella_firma: clearSignature },
          { onSuccess: () => notify.success(t('reports.reopen.done')), onError: failed },
        ),
    });
  };

  return {
    me,
    mode,
    zone,
    office,
    canPricesWrite,
    form,
    set,
    dirty,
    closed,
    readOnly,
    returnOnly,
    saving: save.isPending,
    closing: close.isPending,
    doSave,
    saveFirst,
    askClose,
    askComplete,
    askReopen,
  };
}

export type ReportActions = ReturnType<typeof useReportActions>;
