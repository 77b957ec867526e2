import '@mantine/dates/styles.css';
import 'dayjs/locale/it';
import 'dayjs/locale/fr';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import { useState, type KeyboardEvent } from 'react';
import { DateInput, DatesProvider, TimePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { parseItalianDate } from './date-field';

export interface DateFieldProps {
  label: string;
  description?: string;
  /** YYYY-MM-DD, or '' when empty. */
  value: string;
  onChange: (iso: string) => void;
  error?: string;
  disabled?: boolean;
  required?: boolean;
  clearable?: boolean;
}

/** Enter in a date or time field never submits the form around it: it only ends the typing. */
export function keepEnterInField(e: KeyboardEvent<HTMLElement>): void {
  if (e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault();
}

/**
 * A date as the Italian way writes it (23/11/2026), typed or picked from a calendar that
 * starts on Monday, whatever the browser's own locale (a native date input follows the
 * operating system's, e.g. 11/23/2026). The value on the wire stays YYYY-MM-DD. Enter never
 * submits the form; Escape with the calendar open closes the calendar only, not the modal the
 * field is in (a second Escape does).
 */
export function DateField({
  label,
  description,
  value,
  onChange,
  error,
  disabled,
  required,
  clearable,
}: DateFieldProps) {
  const { i18n } = useTranslation();
  const [calendarOpen, setCalendarOpen] = useState(false);
  return (
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
      <DateInput
        label={label}
        clearButtonProps={{ 'aria-label': i18n.t('common.clear', { label }) }}
        description={description}
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
        onKeyDown={keepEnterInField}
        // A modal closes on Escape unless the key comes from an element so marked (Mantine's own
        // selects mark themselves while their list is open): the Escape that closes the calendar
        // stays the calendar's.
        data-mantine-stop-propagation={calendarOpen || undefined}
        popoverProps={{
          withinPortal: true,
          onOpen: () => setCalendarOpen(true),
          onClose: () => setCalendarOpen(false),
        }}
      />
    </DatesProvider>
  );
}

export interface TimeFieldProps {
  label: string;
  description?: string;
  /** HH:MM, or '' when empty. */
  value: string;
  onChange: (hhmm: string) => void;
  error?: string;
  disabled?: boolean;
  required?: boolean;
}

/** A time on the 24-hour clock (14:30), whatever the browser's locale (a native input may show 02:30 PM); Enter never submits the form. */
export function TimeField({ label, description, value, onChange, error, disabled, required }: TimeFieldProps) {
  const { t } = useTranslation();
  return (
    <TimePicker
      label={label}
      clearButtonProps={{ 'aria-label': t('common.clear', { label }) }}
      description={description}
      value={value}
      onChange={(v) => onChange(v ? v.slice(0, 5) : '')}
      format="24h"
      error={error}
      disabled={disabled}
      required={required}
      clearable
      onKeyDown={keepEnterInField}
      hoursInputLabel={t('common.hours', { label })}
      minutesInputLabel={t('common.minutes', { label })}
    />
  );
}
