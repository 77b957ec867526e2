import { Checkbox, Divider, NumberInput, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CONTRACT_MAX } from '@fs/contract';
import { TextInput } from '../../../app/components/TextFields';
import type { StepProps } from './InfoStep';
import { useCompanyNoticeDays } from './notice';
import { PricesFields } from './PricesFields';

const num = (v: string | number) => (typeof v === 'number' ? v : '');

/** Step 3: renewal and its notice, the activities' rules, and the contract's prices. */
export function SettingsStep({ form, set, errors }: StepProps) {
  const { t } = useTranslation();
  const companyNotice = useCompanyNoticeDays();
  return (
    <Stack gap="md">
      <Title order={3} size="h5">
        {t('contracts.sections.renewal')}
      </Title>
      <Switch
        label={t('contracts.fields.rinnovo_automatico')}
        description={t('contracts.hints.rinnovo_automatico')}
        checked={form.rinnovo_automatico}
        onChange={(e) => set({ rinnovo_automatico: e.currentTarget.checked })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {form.rinnovo_automatico && (
          <NumberInput
            label={t('contracts.fields.mesi_rinnovo')}
            description={t('contracts.hints.mesi_rinnovo')}
            value={form.mesi_rinnovo}
            onChange={(v) => set({ mesi_rinnovo: num(v) })}
            min={1}
            max={120}
            allowDecimal={false}
            error={errors.mesi_rinnovo}
          />
        )}
        <NumberInput
          label={t('contracts.fields.giorni_preavviso_rinnovo')}
          description={t('contracts.hints.giorni_preavviso_rinnovo', { count: companyNotice })}
          placeholder={String(companyNotice)}
          value={form.giorni_preavviso_rinnovo}
          onChange={(v) => set({ giorni_preavviso_rinnovo: num(v) })}
          min={0}
          max={365}
          allowDecimal={false}
          error={errors.giorni_preavviso_rinnovo}
        />
      </SimpleGrid>
      <Checkbox
        label={t('contracts.fields.avviso_cliente')}
        checked={form.avviso_cliente}
        onChange={(e) => set({ avviso_cliente: e.currentTarget.checked })}
      />
      <TextInput
        label={t('contracts.fields.email_avviso')}
        description={t('contracts.hints.email_avviso')}
        type="email"
        value={form.email_avviso}
        onChange={(e) => set({ email_avviso: e.currentTarget.value })}
        maxLength={CONTRACT_MAX.email}
        error={errors.email_avviso}
        maw={480}
      />
      <Divider />
      <Title order={3} size="h5">
        {t('contracts.sections.rules')}
      </Title>
      <NumberInput
        label={t('contracts.fields.ritardo_massimo_giorni')}
        description={t('contracts.hints.ritardo_massimo_giorni')}
        value={form.ritardo_massimo_giorni}
        onChange={(v) => set({ ritardo_massimo_giorni: num(v) })}
        min={0}
        max={365}
        allowDecimal={false}
        error={errors['regole.ritardo_massimo_giorni']}
        maw={480}
      />
      <Divider />
      <Title order={3} size="h5">
        {t('contracts.sections.prices')}
      </Title>
      <Switch
        label={t('contracts.fields.abilitaPrezziContratto')}
        description={t('contracts.hints.abilitaPrezziContratto')}
        checked={form.abilitaPrezziContratto}
        onChange={(e) => set({ abilitaPrezziContratto: e.currentTarget.checked })}
      />
      <Text size="sm" c="dimmed">
        {t('contracts.hints.prices')}
      </Text>
      <PricesFields
        prezzi={form.prezzi}
        onChange={(voce, value) => set({ prezzi: { ...form.prezzi, [voce]: value } })}
        errors={errors}
      />
    </Stack>
  );
}
