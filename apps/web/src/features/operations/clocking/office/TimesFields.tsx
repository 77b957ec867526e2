import { Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CLOCKING_REASON_MAX, parseDecimal } from '@fs/contract';
import { DateField, TimeField } from '../../../../app/components/DateField';
import { DecimalInput } from '../../../../app/components/DecimalInput';
import { endInstantOf, instantOf } from '../logic';

/** What the office types for an interval: its day, start and end as wall times, the reason, the km of a travel. */
export interface TimesDraft {
  day: string;
  start: string;
  end: string;
  motivo: string;
  km: string;
}

export type TimesErrors = Partial<Record<keyof TimesDraft, string>>;

/** The draft's instants, or the fields' errors (every field named, in the company's zone). */
export function readTimes(
  d: TimesDraft,
  timeZone: string,
  t: (key: string) => string,
): { errors: TimesErrors } | { start: string; end: string | null; motivo: string; km: number | null } {
  const errors: TimesErrors = {};
  if (!d.day) errors.day = t('common.required');
  const start = d.day ? instantOf(d.day, d.start, timeZone) : null;
  if (!start) errors.start = t('clocking.office.timeInvalid');
  const end = d.end.trim() && start ? endInstantOf(d.day, start, d.end, timeZone) : null;
  if (d.end.trim() && !end) errors.end = t('clocking.office.timeInvalid');
  const motivo = d.motivo.trim();
  if (!motivo) errors.motivo = t('clocking.office.reasonRequired');
  const parsed = d.km.trim() ? parseDecimal(d.km, { decimals: 2 }) : null;
  const km = parsed && 'value' in parsed ? Number(parsed.value) : null;
  if (parsed && (km === null || km < 0 || km > 5000)) errors.km = t('clocking.office.kmInvalid');
  if (Object.keys(errors).length > 0 || !start) return { errors };
  return { start, end, motivo, km };
}

/** Day, start, end (empty: still open), km (travel) and the mandatory reason. */
export function TimesFields({
  draft,
  onChange,
  errors,
  travel,
}: {
  draft: TimesDraft;
  onChange: (d: TimesDraft) => void;
  errors: TimesErrors;
  travel: boolean;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<TimesDraft>) => onChange({ ...draft, ...patch });
  return (
    <Stack gap="sm">
      <DateField
        label={t('clocking.office.day')}
        value={draft.day}
        onChange={(day) => set({ day })}
        error={errors.day}
        required
      />
      <TimeField
        label={t('clocking.office.start')}
        value={draft.start}
        onChange={(start) => set({ start })}
        error={errors.start}
        required
      />
      <TimeField
        label={t('clocking.office.end')}
        description={t('clocking.office.endHint')}
        value={draft.end}
        onChange={(end) => set({ end })}
        error={errors.end}
      />
      {travel && (
        <DecimalInput
          label={t('clocking.office.km')}
          value={draft.km}
          onChange={(e) => set({ km: e.currentTarget.value })}
          error={errors.km}
        />
      )}
      <Textarea
        label={t('clocking.office.reason')}
        description={t('clocking.office.reasonHint')}
        value={draft.motivo}
        onChange={(e) => set({ motivo: e.currentTarget.value })}
        error={errors.motivo}
        maxLength={CLOCKING_REASON_MAX}
        autosize
        minRows={2}
        required
      />
    </Stack>
  );
}
