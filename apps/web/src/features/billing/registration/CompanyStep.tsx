import { Anchor, Checkbox, Group, NumberInput, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { TextInput } from '../../../app/components/TextFields';
import type { UseFormReturnType } from '@mantine/form';
import { Link } from 'react-router';
import { withRequiredMark } from '../../../app/components/RequiredMark';
import { Trans, useTranslation } from 'react-i18next';
import { LIMITS, MAX_REGISTRATION_LICENCES, PLAN_TYPES, PRICES, REGISTER_MAX, TRIAL_DAYS } from '@fs/contract';
import { type RegisterValues } from './form';
import classes from './registration.module.css';
import { formatCents } from '../../../app/numbers';

/** Step 2: the company, the plan with its technician licences, the terms. */
export function CompanyStep({ form }: { form: UseFormReturnType<RegisterValues> }) {
  const { t, i18n } = useTranslation();
  const plan = form.values.subscription_type;
  return (
    <Stack gap="sm">
      <TextInput
        label={t('register.fields.ragioneSociale')}
        autoComplete="organization"
        required
        maxLength={REGISTER_MAX.ragione_sociale}
        {...form.getInputProps('ragione_sociale')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('register.fields.partitaIva')}
          description={t('register.hints.partitaIva')}
          inputMode="numeric"
          maxLength={REGISTER_MAX.partita_iva}
          withCounter={false}
          required
          {...form.getInputProps('partita_iva')}
        />
        <TextInput
          label={t('register.fields.telefono')}
          type="tel"
          autoComplete="tel"
          maxLength={REGISTER_MAX.telefono}
          {...form.getInputProps('telefono')}
        />
      </SimpleGrid>
      <TextInput
        label={t('register.fields.indirizzo')}
        autoComplete="street-address"
        maxLength={REGISTER_MAX.indirizzo}
        {...form.getInputProps('indirizzo')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label={t('register.fields.citta')}
          autoComplete="address-level2"
          maxLength={REGISTER_MAX.citta}
          {...form.getInputProps('citta')}
        />
        <TextInput
          label={t('register.fields.provincia')}
          maxLength={REGISTER_MAX.provincia}
          {...form.getInputProps('provincia')}
        />
        <TextInput
          label={t('register.fields.cap')}
          autoComplete="postal-code"
          maxLength={REGISTER_MAX.cap}
          {...form.getInputProps('cap')}
        />
      </SimpleGrid>

      <Radio.Group
        label={t('register.fields.plan')}
        description={t('register.hints.plan', { days: TRIAL_DAYS })}
        required
        {...form.getInputProps('subscription_type')}
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mt="xs">
          {PLAN_TYPES.map((p) => (
            <Radio.Card key={p} value={p} className={classes.planCard} radius="md" p="md" aria-label={t(`plans.${p}`)}>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator />
                <div>
                  <Text fw={600}>{t(`plans.${p}`)}</Text>
                  <Text size="sm" c="dimmed">
                    {t('register.plan.price', { price: formatCents(PRICES[p].yearly, i18n.language) })}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`register.plan.${p}`, { max: LIMITS.liteMaxTechnicians })}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
      <NumberInput
        label={t('register.fields.tecnici')}
        description={t('register.hints.tecnici', {
          total: formatCents(PRICES[plan].yearly * (form.values.tecnici || 0), i18n.language),
        })}
        min={1}
        max={plan === 'lite' ? LIMITS.liteMaxTechnicians : MAX_REGISTRATION_LICENCES}
        allowDecimal={false}
        required
        {...form.getInputProps('tecnici')}
      />
      <Checkbox
        mt="xs"
        // Accepting the terms is required: the asterisk says so before the error does.
        aria-required
        label={withRequiredMark(
          <Trans
            i18nKey="register.fields.terms"
            components={{
              terms: <Anchor component={Link} to="/public/terms" target="_blank" inherit underline="always" />,
              privacy: <Anchor component={Link} to="/public/privacy" target="_blank" inherit underline="always" />,
            }}
          />,
          true,
        )}
        {...form.getInputProps('termini_accettati', { type: 'checkbox' })}
      />
    </Stack>
  );
}
