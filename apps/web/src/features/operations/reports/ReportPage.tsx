import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { optionValue, type CustomFieldPosition, type FlatRateMode, type Report } from '@fs/contract';
import { DetailLoadError, NotFoundView, useDetailId, useDetailTitle } from '../../../app/components/NotFoundView';
import { StickyActions } from '../../../app/components/StickyActions';
import { formatDate } from '../../../app/format';
import { formatDecimal } from '../../../app/numbers';
import { useCan, usePermissions } from '../../../app/session/api';
import { DaneaButton, FatturaPaButton } from './DaneaButton';
import { useOptions } from '../../company';
import { AcceptanceSection } from './AcceptanceSection';
import { useReport } from './api';
import { ChecksSection } from './ChecksSection';
import { CustomFields } from './CustomFields';
import { DaysSection } from './DaysSection';
import { FieldReport } from './FieldReport';
import { HeaderMore } from './HeaderMore';
import { HeaderSection } from './HeaderSection';
import { MaterialsSection } from './MaterialsSection';
import { OwnPrices } from './OwnPrices';
import { PricesSection } from './PricesSection';
import { PHONE_QUERY, reportViewFor } from './report-view';
import { StateBadge } from './StateBadge';
import { useReportActions } from './use-report-actions';
import { useTechnicianOptions } from './use-technicians';
import { PdfButton } from './PdfButton';
import { AttachmentsSection, NotesSection, Section } from './report-sections';
import { MailLog } from './MailLog';
import { ReportExport } from '../../company';
import { SendDialog, SendMail } from './SendMail';

/** /interventions/:id: the report with its sections, saved whole; closing and completing. */
export function ReportPage() {
  const id = useDetailId();
  const { t } = useTranslation();
  const report = useReport(id ?? undefined);
  // Kept here: a save re-keys the form (fresh state from the saved report), and the close that
  // follows a save must still be able to show which fields it refused.
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Above the form (re-keyed by every save): the field view's "send it now?" after closing.
  const [askSend, setAskSend] = useState(false);
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
  return (
    <>
      <ReportForm
        key={report.data.updated_at}
        report={report.data}
        errors={errors}
        setErrors={setErrors}
        onClosed={() => setAskSend(true)}
      />
      <Modal opened={askSend} onClose={() => setAskSend(false)} title={t('reports.field.sendNow')} size="lg">
        {askSend && (
          <SendDialog report={report.data} onClose={() => setAskSend(false)} cancelLabel={t('reports.field.notNow')} />
        )}
      </Modal>
    </>
  );
}

function ReportForm({
  report,
  errors,
  setErrors,
  onClosed,
}: {
  report: Report;
  errors: Record<string, string>;
  setErrors: (e: Record<string, string>) => void;
  onClosed: () => void;
}) {
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const companyWrite = usePermissions().data?.permissions.gestione_interventi.companyWrite === true;
  return reportViewFor({ phone, companyWrite }) === 'field' ? (
    <FieldReport report={report} errors={errors} setErrors={setErrors} onClosed={onClosed} />
  ) : (
    <OfficeReport report={report} errors={errors} setErrors={setErrors} />
  );
}

/** The office view: every field, in the order of the office's work. */
function OfficeReport({
  report,
  errors,
  setErrors,
}: {
  report: Report;
  errors: Record<string, string>;
  setErrors: (e: Record<string, string>) => void;
}) {
  const { t, i18n } = useTranslation();
  const options = useOptions();
  const forfaitMode = (optionValue(options.data, 'rapportini_forfait', 'value') ?? 'rapportino') as FlatRateMode;
  const canDelete = useCan('gestione_interventi', 'delete') === true;
  const technicians = useTechnicianOptions(report.tecnici);
  const a = useReportActions(report, errors, setErrors);
  const { me, mode, zone, office, canPricesWrite, form, set, dirty, closed, readOnly, returnOnly } = a;
  const visible = me?.role === 'user' ? 'app' : 'web';

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
        <FatturaPaButton report={report} />
        <PdfButton id={report.id} numero={report.numero_assistenza} dirty={dirty} />
        {office && <SendMail report={report} dirty={dirty} />}
      </Group>
      {report.completato && <Alert color="gray">{t('reports.completedNote')}</Alert>}
      {report.completato && <ReportExport id={report.id} />}
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
      <AttachmentsSection report={report} canDelete={canDelete} />
      <NotesSection
        title={t('reports.sections.chiusura')}
        value={form.note}
        onChange={(note) => set({ note })}
        readOnly={readOnly}
        minRows={2}
        after={fields('chiusura')}
      />
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
            <Button size="md" onClick={() => void a.doSave()} loading={a.saving} disabled={!dirty}>
              {t('common.save')}
            </Button>
          )}
          {!closed && !readOnly && (
            <Button size="md" variant="filled" color="blue.8" onClick={a.askClose} loading={a.closing}>
              {t('reports.close')}
            </Button>
          )}
          {closed && !report.completato && office && (
            <Button
              size="md"
              variant="outline"
              color="dark"
              onClick={a.askComplete}
              loading={a.closing}
              disabled={dirty}
            >
              {t('reports.completeAction')}
            </Button>
          )}
          {closed && !report.completato && office && report.modificabile && (
            <Button size="md" variant="outline" onClick={a.askReopen} loading={a.closing} disabled={dirty}>
              {t('reports.reopen.action')}
            </Button>
          )}
        </Group>
      </StickyActions>
    </Stack>
  );
}
