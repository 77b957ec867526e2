import { Button, Group, Stack, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CustomFieldPosition, Report } from '@fs/contract';
import { StickyActions } from '../../../app/components/StickyActions';
import { useCan } from '../../../app/session/api';
import { AcceptanceSection } from './AcceptanceSection';
import { ChecksSection } from './ChecksSection';
import { CustomFields } from './CustomFields';
import { DaysSection } from './DaysSection';
import { FieldPlace } from './FieldPlace';
import { FieldTimer } from './FieldTimer';
import { MailLog } from './MailLog';
import { MaterialsSection } from './MaterialsSection';
import { AttachmentsSection, NotesSection, Section } from './report-sections';
import { StateBadge } from './StateBadge';
import { useReportActions } from './use-report-actions';
import { useTechnicianOptions } from './use-technicians';
import classes from './field-report.module.css';

/**
 * The report for the field (a technician on a phone, issue 24): the same sections and save as the office
 * view, in the order the work is done — the request and the place, the hours (timer), checks, materials,
 * photos, notes, the customer's signature — and without the office's fields (billing, flags, prices).
 */
export function FieldReport({
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
  const { t } = useTranslation();
  const canDelete = useCan('gestione_interventi', 'delete') === true;
  const technicians = useTechnicianOptions(report.tecnici);
  const a = useReportActions(report, errors, setErrors, onClosed);
  const { me, mode, zone, form, set, dirty, closed, readOnly, returnOnly } = a;
  const fields = (posizione: CustomFieldPosition) => (
    <CustomFields
      campi={report.campi_personalizzati}
      posizione={posizione}
      values={form.campi}
      onChange={(cid, v) => set({ campi: { ...form.campi, [cid]: v } })}
      readOnly={readOnly}
      errors={errors}
      visible="app"
    />
  );
  return (
    <Stack gap="md" pb={80} className={classes.field} data-field-report>
      <div>
        <Title order={1} size="h2">
          {t('reports.detailTitle', { numero: report.numero_assistenza })}
        </Title>
        <Group gap="xs" mt={4}>
          <StateBadge stato={report.stato} completato={report.completato} inviato={report.inviato} />
        </Group>
      </div>
      <Section title={t('reports.field.place')}>
        <FieldPlace report={report} zone={zone} />
        {fields('intestazione')}
        {fields('richiesta_iniziale')}
      </Section>
      <Section title={t('reports.sections.ore')}>
        {!readOnly && (
          <FieldTimer
            reportId={report.id}
            days={form.giornate}
            onChange={(giornate) => set({ giornate })}
            mode={mode}
            technician={me?.id ?? form.tecnici_ids[0] ?? ''}
            zone={zone}
            disabled={readOnly}
          />
        )}
        <DaysSection
          days={form.giornate}
          onChange={(giornate) => set({ giornate })}
          mode={mode}
          technicians={technicians}
          defaultTechnician={me?.id ?? form.tecnici_ids[0] ?? ''}
          readOnly={readOnly && !returnOnly}
          returnOnly={returnOnly}
          errors={errors}
          showPrice={false}
        />
        {fields('ore_lavorate')}
      </Section>
      <Section title={t('reports.sections.controlli')}>
        <ChecksSection
          checks={form.controlli}
          onChange={(controlli) => set({ controlli })}
          readOnly={readOnly}
          errors={errors}
          large
        />
        {fields('controlli')}
      </Section>
      <Section title={t('reports.sections.materiale')}>
        <MaterialsSection
          rows={form.materiali}
          onChange={(materiali) => set({ materiali })}
          readOnly={readOnly}
          errors={errors}
          showPrices={false}
          pricesEditable={false}
        />
        {fields('materiale')}
      </Section>
      <AttachmentsSection report={report} canDelete={canDelete} />
      <NotesSection
        title={t('reports.fields.note')}
        value={form.note}
        onChange={(note) => set({ note })}
        readOnly={readOnly}
        minRows={3}
        after={fields('chiusura')}
      />
      <Section title={t('signature.section')}>
        <AcceptanceSection report={report} office={false} error={errors.firma} beforeSign={a.saveFirst} />
      </Section>
      {closed && (
        <Section title={t('reports.mail.log')}>
          <MailLog id={report.id} />
        </Section>
      )}
      <StickyActions>
        {/* One row at 390 px: the two actions share it; an unsaved change is the enabled save. */}
        <Group gap="sm" wrap="nowrap">
          {(!readOnly || returnOnly) && (
            <Button size="md" onClick={() => void a.doSave()} loading={a.saving} disabled={!dirty} style={{ flex: 1 }}>
              {t('common.save')}
            </Button>
          )}
          {!closed && !readOnly && (
            <Button
              size="md"
              variant="filled"
              color="blue.8"
              onClick={a.askClose}
              loading={a.closing}
              style={{ flex: 2 }}
            >
              {t('reports.close')}
            </Button>
          )}
        </Group>
        <VisuallyHidden aria-live="polite">{dirty ? t('reports.unsaved') : ''}</VisuallyHidden>
      </StickyActions>
    </Stack>
  );
}
