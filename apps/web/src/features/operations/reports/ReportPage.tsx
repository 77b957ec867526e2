import { useMemo, useState } from 'react';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Textarea } from '../../../app/components/TextFields';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import {
  maySetPrices,
  optionValue,
  parseDecimal,
  type CustomFieldPosition,
  type FlatRateMode,
  type HoursMode,
  type Report,
} from '@fs/contract';
import { errorText, isApiError } from '../../../app/api/errors';
import { DetailLoadError, NotFoundView, useDetailId, useDetailTitle } from '../../../app/components/NotFoundView';
import { MediaFiles } from '../../../app/components/MediaFiles';
import { StickyActions } from '../../../app/components/StickyActions';
import { formatDate } from '../../../app/format';
import { formErrorsOf } from '../../../app/api/errors';
import { formatDecimal } from '../../../app/numbers';
import { notify } from '../../../app/notify';
import { useCan, usePermissions, useSessionUser } from '../../../app/session/api';
import { DaneaButton } from './DaneaButton';
import { useCompanyZone, useOptions } from '../../company';
import { AcceptanceSection } from './AcceptanceSection';
import { useCloseReport, useReport, useSaveReport } from './api';
import { ChecksSection } from './ChecksSection';
import { CustomFields } from './CustomFields';
import { DaysSection } from './DaysSection';
import { HeaderMore } from './HeaderMore';
import { HeaderSection } from './HeaderSection';
import { MaterialsSection } from './MaterialsSection';
import { OwnPrices } from './OwnPrices';
import { PricesSection } from './PricesSection';
import { bodyOf, errorsAfterChange, formOf, formProblems, type FormState } from './report-form';
import { focusFirstInvalid } from '../../../app/form-errors';
import { StateBadge } from './StateBadge';
import { useTechnicianOptions } from './use-technicians';
import { useUnsavedChangesGuard } from '../../../app/guarded-close';
import { PdfButton } from './PdfButton';
import { MailLog } from './MailLog';
import { SendMail } from './SendMail';

/** Hours as typed, read as every number field reads them (decision 0022); 0 when empty or not a number. */
function hoursTyped(text: string): number {
  const r = parseDecimal(text);
  return 'value' in r ? Number(r.value) : 0;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}

/** /interventions/:id: the report with its sections, saved whole; closing and completing. */
export function ReportPage() {
  const id = useDetailId();
  const { t } = useTranslation();
  const report = useReport(id ?? undefined);
  // Kept here: a save re-keys the form (fresh state from the saved report), and the close that
  // follows a save must still be able to show which fields it refused.
  const [errors, setErrors] = useState<Record<string, string>>({});
  useDetailTitle(
    id,
    report.error,
    report.data ? t('reports.detailTitle', { numero: report.data.numero_assistenza }) : t('reports.title'),
  );
  if (!id) return <NotFoundView />;
  if (report.error) return <DetailLoadError error={report.error} onRetry={() => void report.refetch()} />;
  if (!report.data)
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  return <ReportForm key={report.data.updated_at} report={report.data} errors={errors} setErrors={setErrors} />;
}

function ReportForm({
  report,
  errors,
  setErrors,
}: {
  report: Report;
  errors: Record<string, string>;
  setErrors: (e: Record<string, string>) => void;
}) {
  const { t, i18n } = useTranslation();
  const me = useSessionUser().data;
  const options = useOptions();
  const mode = (optionValue(options.data, 'rapportini_modalita_ore', 'value') ?? 'libero') as HoursMode;
  const forfaitMode = (optionValue(options.data, 'rapportini_forfait', 'value') ?? 'rapportino') as FlatRateMode;
  const permissions = usePermissions().data?.permissions;
  // Prices are set by who may see and write them (the server's rule): anyone else sends none.
  const canPricesWrite = permissions ? maySetPrices(permissions) : false;
  const canDelete = useCan('gestione_interventi', 'delete') === true;
  const office = permissions?.gestione_interventi.companyWrite === true;
  const technicians = useTechnicianOptions(report.tecnici);
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
  const visible = me?.role === 'user' ? 'app' : 'web';
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
  const doClose = () =>
    close.mutateAsync({ id: report.id, azione: 'chiudi' }).then((r) => {
      setErrors({});
      notify.success(t('reports.closed'));
      if (r.warnings?.includes('NO_HOURS')) notify.warning(t('reports.noHoursClosed'));
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

  const fields = (posizione: CustomFieldPosition) => (
    <CustomFields
      campi={report.campi_personalizzati}
      posizione={posizione}
      values={form.campi}
      onChange={(cid, v) => set({ campi: { ...form.campi, [cid]: v } })}
      readOnly={readOnly}
      errors={errors}
      visible={visible}
    />
  );

  return (
    <Stack gap="md" maw={1100} pb={80}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1}>{t('reports.detailTitle', { numero: report.numero_assistenza })}</Title>
          <Group gap="xs" mt={4}>
            <StateBadge stato={report.stato} completato={report.completato} inviato={report.inviato} />
            <Text c="dimmed" size="sm">
              {report.cliente} · {t('reports.openedOn', { date: formatDate(report.data_apertura) })}
              {report.data_chiusura
                ? ` · ${t('reports.closedOn', { date: formatDate(report.data_chiusura, zone) })}`
                : ''}
              {' · '}
              {t('reports.hoursTotal', { hours: formatDecimal(report.totale_ore, i18n.language) })}
            </Text>
          </Group>
        </div>
        <DaneaButton report={report} />
        <PdfButton id={report.id} numero={report.numero_assistenza} dirty={dirty} />
        {office && <SendMail report={report} dirty={dirty} />}
      </Group>
      {report.completato && <Alert color="gray">{t('reports.completedNote')}</Alert>}
      {returnOnly && <Alert color="blue">{t('reports.closedNote')}</Alert>}
      <Section title={t('reports.sections.dati')}>
        <HeaderSection form={form} set={set} technicians={technicians} readOnly={readOnly} errors={errors} />
        <HeaderMore form={form} set={set} readOnly={readOnly} errors={errors} />
        {fields('intestazione')}
        {fields('richiesta_iniziale')}
      </Section>
      <Section title={t('reports.sections.ore')}>
        <DaysSection
          days={form.giornate}
          onChange={(giornate) => set({ giornate })}
          mode={mode}
          technicians={technicians}
          defaultTechnician={form.tecnici_ids[0] ?? me?.id ?? ''}
          readOnly={readOnly && !returnOnly}
          returnOnly={returnOnly}
          errors={errors}
          showPrice={canPricesWrite}
        />
        {fields('ore_lavorate')}
      </Section>
      <Section title={t('reports.sections.materiale')}>
        <MaterialsSection
          rows={form.materiali}
          onChange={(materiali) => set({ materiali })}
          readOnly={readOnly}
          errors={errors}
          showPrices={report.prezzi !== null}
          pricesEditable={canPricesWrite}
        />
        {fields('materiale')}
      </Section>
      <Section title={t('reports.sections.controlli')}>
        <ChecksSection
          checks={form.controlli}
          onChange={(controlli) => set({ controlli })}
          readOnly={readOnly}
          errors={errors}
        />
        {fields('controlli')}
      </Section>
      {report.prezzi && (
        <Section title={t('reports.sections.prezzi')}>
          <PricesSection prezzi={report.prezzi} />
          {canPricesWrite && (
            <OwnPrices
              value={form.gestione}
              onChange={(gestione) => set({ gestione })}
              forfaitMode={forfaitMode}
              readOnly={readOnly}
              errors={errors}
            />
          )}
          {dirty && (
            <Text size="sm" c="dimmed">
              {t('reports.prices.afterSave')}
            </Text>
          )}
        </Section>
      )}
      <Section title={t('reports.sections.allegati')}>
        <MediaFiles
          section="rapportino"
          ownerId={report.id}
          canWrite={!report.completato}
          canDelete={canDelete && !report.completato}
        />
      </Section>
      <Section title={t('reports.sections.chiusura')}>
        <Textarea
          label={t('reports.fields.note')}
          value={form.note}
          onChange={(e) => set({ note: e.currentTarget.value })}
          autosize
          minRows={2}
          maxLength={5000}
          disabled={readOnly}
        />
        {fields('chiusura')}
      </Section>
      <Section title={t('signature.section')}>
        <AcceptanceSection report={report} office={office} error={errors.firma} />
      </Section>
      <Section title={t('reports.mail.log')}>
        <MailLog id={report.id} />
      </Section>
      <StickyActions>
        <Group justify="flex-end" gap="sm">
          {dirty && (
            <Text size="sm" c="dimmed" mr="auto">
              {t('reports.unsaved')}
            </Text>
          )}
          {(!readOnly || returnOnly) && (
            <Button size="md" onClick={() => void doSave()} loading={save.isPending} disabled={!dirty}>
              {t('common.save')}
            </Button>
          )}
          {!closed && !readOnly && (
            <Button size="md" variant="filled" color="blue.8" onClick={askClose} loading={close.isPending}>
              {t('reports.close')}
            </Button>
          )}
          {closed && !report.completato && office && (
            <Button
              size="md"
              variant="outline"
              color="dark"
              onClick={askComplete}
              loading={close.isPending}
              disabled={dirty}
            >
              {t('reports.completeAction')}
            </Button>
          )}
        </Group>
      </StickyActions>
    </Stack>
  );
}
