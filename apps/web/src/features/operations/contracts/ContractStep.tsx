import { Group, MultiSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../app/components/DateField';
import { DecimalInput } from '../../../app/components/DecimalInput';
import { useJobs } from '../../registries';
import { usePlants } from '../reports/api';
import { ActivitiesEditor } from './ActivitiesEditor';
import { usePlantsMachines } from './api';
import type { StepProps } from './InfoStep';

/** Step 2: the period, the on-call hours, the plants, machines and job roles, and (on creation) the activities. */
export function ContractStep({ form, set, errors, edit = false }: StepProps) {
  const { t } = useTranslation();
  const plants = usePlants(form.cliente_id);
  const machines = usePlantsMachines(form.impianti);
  const jobs = useJobs();
  const plantOptions = (plants.data ?? []).map((p) => ({ value: p.id, label: p.nome }));
  const machineOptions = machines.map((m) => ({
    value: m.id,
    label: m.matricola ? `${m.nome} (${m.matricola})` : m.nome,
  }));
  const activityErrors = Object.keys(errors).some((k) => k.startsWith('attivita'));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <DateField
          label={t('contracts.fields.data_inizio')}
          required
          value={form.data_inizio}
          onChange={(v) => set({ data_inizio: v, attivita: form.attivita.map((a) => ({ ...a, anteprima: null })) })}
          error={errors.data_inizio}
        />
        <DateField
          label={t('contracts.fields.data_fine')}
          required
          value={form.data_fine}
          onChange={(v) => set({ data_fine: v, attivita: form.attivita.map((a) => ({ ...a, anteprima: null })) })}
          error={errors.data_fine}
        />
        {form.tipo === 'chiamata' && (
          <DecimalInput
            label={t('contracts.fields.ore_contratto')}
            description={t('contracts.hints.ore_contratto')}
            required
            value={form.ore_contratto}
            onChange={(e) => set({ ore_contratto: e.currentTarget.value })}
            error={errors.ore_contratto}
            rightSection={<Text size="sm">h</Text>}
          />
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <MultiSelect
          label={t('contracts.fields.impianti')}
          placeholder={plantOptions.length ? undefined : t('contracts.noPlants')}
          data={plantOptions}
          value={form.impianti}
          onChange={(v) =>
            set({
              impianti: v,
              // Machines of a plant taken away go with it.
              macchinari: form.macchinari.filter((m) => {
                const machine = machines.find((x) => x.id === m);
                return !machine || v.includes(machine.impianto_id);
              }),
            })
          }
          searchable
          clearable
          error={errors.impianti}
        />
        <MultiSelect
          label={t('contracts.fields.macchinari')}
          description={form.impianti.length ? undefined : t('contracts.hints.macchinari')}
          data={machineOptions}
          value={form.macchinari}
          onChange={(v) => set({ macchinari: v })}
          searchable
          clearable
          disabled={form.impianti.length === 0}
          error={errors.macchinari}
        />
        <MultiSelect
          label={t('contracts.fields.mansioni')}
          data={(jobs.data ?? []).map((j) => ({ value: j.id, label: j.nome }))}
          value={form.mansioni}
          onChange={(v) => set({ mansioni: v })}
          searchable
          clearable
          error={errors.mansioni}
        />
      </SimpleGrid>
      {!edit && (
        <Stack gap="xs" component="section" aria-labelledby="contract-activities">
          <Group justify="space-between">
            <Title order={3} size="h5" id="contract-activities">
              {t('contracts.activities.title')}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {t('contracts.activities.hint')}
          </Text>
          {activityErrors && (
            <Text size="sm" c="red" role="alert">
              {errors.attivita ?? t('contracts.activities.hasErrors')}
            </Text>
          )}
          <ActivitiesEditor form={form} set={set} errors={errors} />
        </Stack>
      )}
    </Stack>
  );
}
