import { Grid } from '@mantine/core';
import { TextInput } from '../../../app/components/TextFields';
import { useTranslation } from 'react-i18next';
import {
  cardBrand,
  cardExpired,
  cvcLength,
  cvcValid,
  digitsOnly,
  formatCardNumber,
  luhnValid,
  type CardInput,
} from '@fs/contract';
import { localToday } from './rules';

export interface CardFields {
  holder: string;
  number: string;
  expiry: string;
  cvc: string;
}
export const emptyCard: CardFields = { holder: '', number: '', expiry: '', cvc: '' };

/** Client checks before anything is sent: Luhn, card type, expiry, security code length. */
export function validateCard(
  c: CardFields,
  today = localToday(),
): { errors: Partial<Record<keyof CardFields, string>>; card?: CardInput } {
  const errors: Partial<Record<keyof CardFields, string>> = {};
  const number = digitsOnly(c.number);
  if (!c.holder.trim()) errors.holder = 'required';
  if (!luhnValid(number) || cardBrand(number) === 'unknown') errors.number = 'number';
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(c.expiry.trim());
  const month = m ? Number(m[1]) : 0;
  const year = m ? 2000 + Number(m[2]) : 0;
  if (!m || month < 1 || month > 12) errors.expiry = 'expiry';
  else if (cardExpired(month, year, today)) errors.expiry = 'expired';
  if (!cvcValid(number, c.cvc)) errors.cvc = cardBrand(number) === 'amex' ? 'cvc4' : 'cvc3';
  if (Object.keys(errors).length) return { errors };
  return { errors, card: { holder: c.holder.trim(), number, exp_month: month, exp_year: year, cvc: c.cvc.trim() } };
}

export function CardForm({
  value,
  onChange,
  errors,
}: {
  value: CardFields;
  onChange: (v: CardFields) => void;
  errors: Partial<Record<keyof CardFields, string>>;
}) {
  const { t } = useTranslation();
  const brand = cardBrand(value.number);
  const err = (k: keyof CardFields) => (errors[k] ? t(`subscription.card.errors.${errors[k]}`) : undefined);
  const set = (k: keyof CardFields, v: string) => onChange({ ...value, [k]: v });
  return (
    <Grid>
      <Grid.Col span={12}>
        <TextInput
          label={t('subscription.card.holder')}
          autoComplete="cc-name"
          value={value.holder}
          error={err('holder')}
          onChange={(e) => set('holder', e.currentTarget.value)}
          required
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <TextInput
          label={t('subscription.card.number')}
          autoComplete="cc-number"
          inputMode="numeric"
          value={value.number}
          error={err('number')}
          description={brand !== 'unknown' ? t(`subscription.card.brands.${brand}`) : undefined}
          onChange={(e) => set('number', formatCardNumber(e.currentTarget.value))}
          required
        />
      </Grid.Col>
      <Grid.Col span={6}>
        <TextInput
          label={t('subscription.card.expiry')}
          placeholder={t('subscription.card.expiryPlaceholder')}
          autoComplete="cc-exp"
          inputMode="numeric"
          value={value.expiry}
          error={err('expiry')}
          maxLength={5}
          onChange={(e) => {
            const d = e.currentTarget.value.replace(/\D/g, '').slice(0, 4);
            set('expiry', d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d);
          }}
          required
        />
      </Grid.Col>
      <Grid.Col span={6}>
        <TextInput
          label={t('subscription.card.cvc')}
          autoComplete="cc-csc"
          inputMode="numeric"
          value={value.cvc}
          error={err('cvc')}
          maxLength={cvcLength(brand)}
          description={t('subscription.card.cvcHint', { count: cvcLength(brand) })}
          onChange={(e) => set('cvc', e.currentTarget.value.replace(/\D/g, ''))}
          required
        />
      </Grid.Col>
    </Grid>
  );
}
