import { Checkbox, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_MAX } from '@fs/contract';
import { TextInput, Textarea } from '../../../app/components/TextFields';
import { useJobs } from '../../registries';
import { useMachines, usePlants } from '../reports/api';
import type { ActivityDraft } from './activity-form';

export interface ActivityTabProps {
  draft: ActivityDraft;
  set: (patch: Partial<ActivityDraft>) => void;
  errors: Record<string, string>;
}

/** The activity's configuration: name, job role and its checks, plant and machines, duration, notes and rules. */
export function ActivityConfigTab({ draft, set, errors, clienteId }: ActivityTabProps & { clienteId: string | null }) {
  const { t } = useTranslation();
  const jobs = useJobs();
  const plants = usePlants(clienteId);
  const machines = useMachines(draft.impianto_id);
  const job = jobs.data?.find((j) => j.id === draft.mansione_id);
  return (
    <Stack gap="sm">
      <TextInput
        label={t('contracts.activity.nome')}
        required
        value={draft.nome}
        onChange={(e) => set({ nome: e.currentTarget.value })}
        maxLength={ACTIVITY_MAX.nome}
        error={errors.nome}
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('contracts.activity.mansione')}
          data={(jobs.data ?? []).map((j) => ({ value: j.id, label: j.nome }))}
          value={draft.mansione_id}
          onChange={(v) => set({ mansione_id: v, controlli: [] })}
          clearable
          searchable
          error={errors.mansione_id}
        />
        <Select
          label={t('contracts.activity.impianto')}
          data={(plants.data ?? []).map((p) => ({ value: p.id, label: p.nome }))}
          value={draft.impianto_id}
          onChange={(v) => set({ impianto_id: v, macchinari: [] })}
          clearable
          searchable
          disabled={!clienteId}
          error={errors.impianto_id}
        />
      </SimpleGrid>
      {job && (
        <Checkbox.Group
          label={t('contracts.activity.controlli')}
          description={job.controlli.length ? t('contracts.activity.controlliHint') : undefined}
          value={draft.controlli}
          onChange={(v) => set({ controlli: v })}
          error={errors.controlli}
        >
          {job.controlli.length === 0 ? (
            <Text size="sm" c="dimmed" mt={4}>
              {t('contracts.activity.noControlli')}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt={6}>
              {job.controlli.map((c) => (
                <Checkbox key={c.id} value={c.id} label={c.nome_campo} description={c.descrizione ?? undefined} />
              ))}
            </SimpleGrid>
          )}
        </Checkbox.Group>
      )}
      <MultiSelect
        label={t('contracts.activity.macchinari')}
        description={draft.impianto_id ? undefined : t('contracts.activity.macchinariHint')}
        data={(machines.data ?? []).map((m) => ({
          value: m.id,
          label: m.matricola ? `${m.nome} (${m.matricola})` : m.nome,
        }))}
        value={draft.macchinari}
        onChange={(v) => set({ macchinari: v })}
        disabled={!draft.impianto_id}
        searchable
        clearable
        error={errors.macchinari}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NumberInput
          label={t('contracts.activity.durata')}
          description={t('contracts.activity.durataHint')}
          value={draft.durata_minuti}
          onChange={(v) => set({ durata_minuti: typeof v === 'number' ? v : '' })}
          min={5}
          max={24 * 60}
          step={15}
          allowDecimal={false}
          error={errors.durata_minuti}
        />
        <NumberInput
          label={t('contracts.activity.ritardo')}
          description={t('contracts.activity.ritardoHint')}
          value={draft.ritardo_massimo_giorni}
          onChange={(v) => set({ ritardo_massimo_giorni: typeof v === 'number' ? v : '' })}
          min={0}
          max={365}
          allowDecimal={false}
          error={errors['regole.ritardo_massimo_giorni']}
        />
      </SimpleGrid>
      <Textarea
        label={t('contracts.activity.note')}
        value={draft.note}
        onChange={(e) => set({ note: e.currentTarget.value })}
        maxLength={ACTIVITY_MAX.note}
        autosize
        minRows={2}
        error={errors.note}
      />
    </Stack>
  );
}
