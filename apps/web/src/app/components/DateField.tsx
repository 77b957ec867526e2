import '@mantine/dates/styles.css';
import 'dayjs/locale/it';
import 'dayjs/locale/fr';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import { DateInput, DatesProvider, TimePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { parseItalianDate } from './date-field';

export interface DateFieldProps {
  label: string;
  /** YYYY-MM-DD, or '' when empty. */
  value: string;
  onChange: (iso: string) => void;
  error?: string;
  disabled?: boolean;
  required?: boolean;
  clearable?: boolean;
}

/**
 * A date as the Italian way writes it (23/11/2026), typed or picked from a calendar that
 * starts on Monday, whatever the browser's own locale (a native date input follows the
 * operating system's, e.g. 11/23/2026). The value on the wire stays YYYY-MM-DD.
 */
export function DateField({ label, value, onChange, error, disabled, required, clearable }: DateFieldProps) {
  const { i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
      <DateInput
        label={label}
        clearButtonProps={{ 'aria-label': i18n.t('common.clear', { label }) }}
        value={value || null}
        onChange={(v) => onChange(v ?? '')}
        valueFormat="DD/MM/YYYY"
        dateParser={parseItalianDate}
        placeholder="gg/mm/aaaa"
        error={error}
        disabled={disabled}
        required={required}
        clearable={clearable}
        leftSection={<IconCalendar size={16} aria-hidden />}
        popoverProps={{ withinPortal: true }}
      />
    </DatesProvider>
  );
}

export interface TimeFieldProps {
  label: string;
  /** HH:MM, or '' when empty. */
  value: string;
  onChange: (hhmm: string) => void;
  error?: string;
  disabled?: boolean;
  required?: boolean;
}

/** A time on the 24-hour clock (14:30), whatever the browser's locale (a native input may show 02:30 PM). */
export function TimeField({ label, value, onChange, error, disabled, required }: TimeFieldProps) {
  const { t } = useTranslation();
  return (
    <TimePicker
      label={label}
      clearButtonProps={{ 'aria-label': t('common.clear', { label }) }}
      value={value}
      onChange={(v) => onChange(v ? v.slice(0, 5) : '')}
      format="24h"
      error={error}
      disabled={disabled}
      required={required}
      clearable
      hoursInputLabel={t('common.hours', { label })}
      minutesInputLabel={t('common.minutes', { label })}
    />
  );
}
