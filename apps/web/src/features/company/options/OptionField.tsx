import { Group, NumberInput, PasswordInput, Select, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  isVatNature,
  TAX_REGIMES,
  VAT_NATURES,
  vatRateLabel,
  vatRateOfCode,
  type OptionDef,
  type TaxRegime,
} from '@fs/contract';
import { DecimalInput } from '../../../app/components/DecimalInput';

interface Props {
  category: string;
  def: OptionDef;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
  /** Secrets: whether one is stored, and how to remove it. */
  secretSet?: boolean;
  onRemoveSecret?: () => void;
}

const LANGUAGE_NAMES: Record<string, string> = {
  IT: 'Italiano',
  EN: 'English',
  ES: 'Español',
  FR: 'Français',
  DE: 'Deutsch',
};

/** A VAT code of the default rates: "22%", "0% N4 – Esenti" (the nature's legal label is Italian). */
function vatCodeLabel(code: string): string {
  const label = vatRateLabel(vatRateOfCode(code));
  return isVatNature(code) ? `${label} – ${VAT_NATURES[code]}` : label;
}

/** One option as the form control its type asks for; label and help from options.fields.<category>.<subcategory>. */
export function OptionField({ category, def, value, onChange, error, disabled, secretSet, onRemoveSecret }: Props) {
  const { t } = useTranslation();
  const base = `options.fields.${category}.${def.subcategory}`;
  const label = t(base);
  const type = def.type;

  switch (type.kind) {
    case 'flag':
      return (
        <Switch
          label={label}
          checked={value === '1'}
          onChange={(e) => onChange(e.currentTarget.checked ? '1' : '0')}
          disabled={disabled}
          error={error}
        />
      );
    case 'int':
      return (
        <NumberInput
          label={label}
          value={value === '' ? '' : Number(value)}
          onChange={(v) => onChange(v === '' ? '' : String(v))}
          min={type.min}
          max={type.max}
          allowDecimal={false}
          allowNegative={type.min < 0}
          clampBehavior="none"
          disabled={disabled}
          error={error}
          maw={260}
        />
      );
    case 'choice':
      return (
        <Select
          label={label}
          value={value}
          onChange={(v) => v !== null && onChange(v)}
          data={type.values.map((v) => ({
            value: v,
            label:
              category === 'lingua_default'
                ? (LANGUAGE_NAMES[v] ?? v)
                : category === 'aliquote_iva'
                  ? vatCodeLabel(v)
                  : category === 'fatturapa_regime_fiscale'
                    ? `${v} – ${TAX_REGIMES[v as TaxRegime]}`
                    : t(`options.choices.${def.subcategory}.${v}`),
          }))}
          allowDeselect={false}
          disabled={disabled}
          error={error}
          maw={320}
        />
      );
    case 'secret':
      return (
        <div>
          <PasswordInput
            label={label}
            value={value}
            onChange={(e) => onChange(e.currentTarget.value)}
            placeholder={secretSet ? t('options.secret.keep') : t('options.secret.none')}
            autoComplete="new-password"
            disabled={disabled}
            error={error}
            maw={420}
          />
          {secretSet && onRemoveSecret && !disabled && (
            <Group gap="xs" mt={4}>
              <Text size="xs" c="dimmed">
                {t('options.secret.stored')}
              </Text>
              <Text
                size="xs"
                c="red"
                component="button"
                type="button"
                onClick={onRemoveSecret}
                style={{ background: 'none', border: 0, cursor: 'pointer', textDecoration: 'underline' }}
              >
                {t('options.secret.remove')}
              </Text>
            </Group>
          )}
        </div>
      );
    case 'money':
      return (
        <DecimalInput
          money
          label={label}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          disabled={disabled}
          error={error}
          maw={200}
        />
      );
    case 'text':
    case 'email':
    case 'host':
      return (
        <TextInput
          label={label}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          type={type.kind === 'email' ? 'email' : 'text'}
          disabled={disabled}
          error={error}
          maw={420}
        />
      );
  }
}
