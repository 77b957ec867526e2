import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CUSTOM_FIELD_MAX, type CustomFieldType } from '@fs/contract';
import { DateField, TimeField } from '../../../app/components/DateField';
import { DecimalInput } from '../../../app/components/DecimalInput';
import { TextInput } from '../../../app/components/TextFields';

/**
 * A value of a custom field of a given type (its default, the value closing requires), with the
 * control of that type: a yes/no choice, a date picker, a time, one of the choices, a number typed
 * the Italian way, or text. What is typed here is what a report's field takes.
 */
export function CampoValueInput({
  tipo,
  scelte,
  label,
  description,
  value,
  onChange,
  error,
}: {
  tipo: CustomFieldType;
  scelte: string[];
  label: string;
  description: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const common = { label, description, error };
  switch (tipo) {
    case 'vero_falso':
      return (
        <Select
          {...common}
          data={[
            { value: 'true', label: t('reportConfig.yes') },
            { value: 'false', label: t('reportConfig.no') },
          ]}
          value={value || null}
          onChange={(v) => onChange(v ?? '')}
          placeholder={t('reportConfig.noValue')}
          clearable
        />
      );
    case 'scelta':
      return (
        <Select
          {...common}
          data={scelte}
          value={scelte.includes(value) ? value : null}
          onChange={(v) => onChange(v ?? '')}
          placeholder={t('reportConfig.noValue')}
          clearable
        />
      );
    case 'data':
      return <DateField {...common} value={value} onChange={onChange} clearable />;
    case 'ora':
      return <TimeField {...common} value={value} onChange={onChange} />;
    case 'numero':
      return <DecimalInput {...common} decimals={4} value={value} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'testo_breve':
    case 'testo_lungo':
      return (
        <TextInput
          {...common}
          value={value}
          maxLength={CUSTOM_FIELD_MAX.valore}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}
