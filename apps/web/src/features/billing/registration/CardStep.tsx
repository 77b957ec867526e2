import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { TextInput } from '../../../app/components/TextFields';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCreditCard, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { cardBrand, cvcLength, digitsOnly, formatCardNumber, luhnValid } from '@fs/contract';
import { formatDate } from '../../../app/format';
import { PageLoader } from '../../../app/components/PageLoader';
import { useCheckout, useCheckoutCard, type CheckoutResult } from './api';
import { registerErrorText } from './form';
import { formatCents } from '../../../app/numbers';

interface CardValues {
  holder: string;
  number: string;
  exp: string;
  cvc: string;
}

const EXP = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/;

/**
 * Step 3: the card on file for after the trial. Nothing is charged now: the
 * gateway verifies the card, with 3-D Secure when the issuer asks for it.
 */
export function CardStep(props: {
  token: string;
  error: unknown;
  onDone: (r: Extract<CheckoutResult, { stato: 'completata' }>) => void;
  onChallenge: (url: string) => void;
  onSkip: () => void;
}) {
  const { t, i18n } = useTranslation();
  const summary = useCheckout(props.token);
  const save = useCheckoutCard();
  const form = useForm<CardValues>({
    initialValues: { holder: '', number: '', exp: '', cvc: '' },
    validate: {
      holder: (v) => (v.trim() ? null : t('common.required')),
      number: (v) => (luhnValid(v) && cardBrand(v) !== 'unknown' ? null : t('register.card.errors.number')),
      exp: (v) => (EXP.test(v.trim()) ? null : t('register.card.errors.exp')),
      cvc: (v, all) =>
        new RegExp(`^\\d{${cvcLength(cardBrand(all.number))}}$`).test(v.trim())
          ? null
          : t('register.card.errors.cvc', { n: cvcLength(cardBrand(all.number)) }),
    },
  });

  if (summary.isPending) return <PageLoader />;
  if (summary.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle />} role="alert" title={t('register.card.unavailable')}>
        {registerErrorText(t, summary.error)}
      </Alert>
    );
  }
  const s = summary.data.item;
  const submit = form.onSubmit((v) => {
    const [, mm, yy] = EXP.exec(v.exp.trim())!;
    save.mutate(
      {
        token: props.token,
        card: {
          holder: v.holder.trim(),
          number: digitsOnly(v.number),
          exp_month: Number(mm),
          exp_year: 2000 + Number(yy),
          cvc: v.cvc.trim(),
        },
      },
      {
        onSuccess: (r) => (r.stato === 'completata' ? props.onDone(r) : props.onChallenge(r.url)),
      },
    );
  });
  const error = save.error ?? props.error;

  return (
    <Stack gap="md">
      <Alert color="blue" icon={<IconInfoCircle />}>
        <Text size="sm">
          {t('register.card.intro', {
            plan: t(`plans.${s.subscription_type}`),
            n: s.tecnici,
            date: formatDate(s.scadenza_trial_date),
            price: formatCents(s.prezzo_annuo_cents, i18n.language),
          })}
        </Text>
      </Alert>
      {error ? (
        <Alert color="red" icon={<IconAlertCircle />} role="alert" title={t('register.card.failed')}>
          {registerErrorText(t, error)}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate aria-label={t('register.steps.card')}>
        <Stack gap="sm">
          <TextInput
            label={t('register.card.holder')}
            autoComplete="cc-name"
            required
            {...form.getInputProps('holder')}
          />
          <TextInput
            label={t('register.card.number')}
            autoComplete="cc-number"
            inputMode="numeric"
            leftSection={<IconCreditCard size={18} />}
            required
            {...form.getInputProps('number')}
            onChange={(e) => form.setFieldValue('number', formatCardNumber(e.currentTarget.value))}
          />
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              label={t('register.card.exp')}
              placeholder={t('register.card.expPlaceholder')}
              autoComplete="cc-exp"
              required
              {...form.getInputProps('exp')}
            />
            <TextInput
              label={t('register.card.cvc')}
              autoComplete="cc-csc"
              inputMode="numeric"
              maxLength={4}
              required
              {...form.getInputProps('cvc')}
            />
          </SimpleGrid>
          <Group justify="space-between" mt="sm">
            <Button variant="subtle" onClick={props.onSkip}>
              {t('register.card.skip')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('register.card.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
