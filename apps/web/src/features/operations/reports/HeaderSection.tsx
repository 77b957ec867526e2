import { useState } from 'react';
import { Autocomplete, MultiSelect, Select, SimpleGrid } from '@mantine/core';
import { Textarea } from '../../../app/components/TextFields';
import { useTranslation } from 'react-i18next';
import { INTERVENTION_TYPES } from '@fs/contract';
import { DateField } from '../../../app/components/DateField';
import { useDebounced } from '../../../app/components/list-state';
import { useMotivazioni } from '../../company';
import { useJobs } from '../../registries';
import { useCustomerSearch, useMachines, usePlants, type Option } from './api';
import type { FormState } from './report-form';

/** Customer, plant, machines, technicians, job role, type, reason, date and the initial request. */
export function HeaderSection({
  form,
  set,
  technicians,
  readOnly,
  errors,
  children,
}: {
  form: FormState;
  set: (patch: Partial<FormState>) => void;
  technicians: Option[];
  readOnly: boolean;
  errors: Record<string, string>;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const customers = useCustomerSearch(useDebounced(term));
  const plants = usePlants(form.cliente_id);
  const machines = useMachines(form.impianto_id);
  const jobs = useJobs();
  const reasons = useMotivazioni();
  const customerOptions = [
    ...(form.cliente_id ? [{ value: form.cliente_id, label: form.cliente }] : []),
    ...(customers.data ?? [])
      .filter((c) => c.id !== form.cliente_id)
      .map((c) => ({ value: c.id, label: c.citta ? `${c.ragione_sociale} · ${c.citta}` : c.ragione_sociale })),
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Select
        label={t('reports.fields.cliente')}
        required
        searchable
        data={customerOptions}
        value={form.cliente_id}
        searchValue={term}
        onSearchChange={setTerm}
        filter={({ options }) => options}
        nothingFoundMessage={t('reports.noCustomer')}
        onChange={(v, o) =>
          set({
            cliente_id: v,
            cliente: o?.label.split(' · ')[0] ?? '',
            impianto_id: null,
            macchinari_ids: [],
            contratto_id: null,
          })
        }
        error={errors.cliente_id}
        disabled={readOnly}
      />
      <Select
        label={t('reports.fields.impianto')}
        data={(plants.data ?? []).map((p) => ({ value: p.id, label: p.nome }))}
        value={form.impianto_id}
        onChange={(v) => set({ impianto_id: v, macchinari_ids: [] })}
        clearable
        disabled={readOnly || !form.cliente_id}
        error={errors.impianto_id}
      />
      <MultiSelect
        label={t('reports.fields.macchinari')}
        data={(machines.data ?? []).map((m) => ({ value: m.id, label: `${m.nome} (${m.matricola})` }))}
        value={form.macchinari_ids}
        onChange={(v) => set({ macchinari_ids: v })}
        disabled={readOnly || !form.impianto_id}
        error={errors['macchinari_ids.0']}
      />
      <MultiSelect
        label={t('reports.fields.tecnici')}
        data={technicians}
        value={form.tecnici_ids}
        onChange={(v) => set({ tecnici_ids: v })}
        searchable
        disabled={readOnly}
      />
      <Select
        label={t('reports.fields.mansione')}
        data={(jobs.data ?? []).map((j) => ({ value: j.id, label: j.nome }))}
        value={form.mansione_id}
        onChange={(v) => set({ mansione_id: v })}
        clearable
        disabled={readOnly}
        error={errors.mansione_id}
      />
      <Select
        label={t('reports.fields.tipo_intervento')}
        data={INTERVENTION_TYPES.map((x) => ({ value: x, label: t(`reports.tipi.${x}`) }))}
        value={form.tipo_intervento}
        onChange={(v) => set({ tipo_intervento: v })}
        clearable
        disabled={readOnly}
      />
      <Autocomplete
        label={t('reports.fields.motivazione')}
        data={(reasons.data ?? []).map((r) => r.testo)}
        value={form.motivazione}
        onChange={(v) => set({ motivazione: v })}
        maxLength={200}
        disabled={readOnly}
        error={errors.motivazione}
      />
      <DateField
        label={t('reports.fields.data_apertura')}
        value={form.data_apertura}
        onChange={(v) => set({ data_apertura: v })}
        disabled={readOnly}
        error={errors.data_apertura}
      />
      <Textarea
        label={t('reports.fields.richiesta_iniziale')}
        value={form.richiesta_iniziale}
        onChange={(e) => set({ richiesta_iniziale: e.currentTarget.value })}
        autosize
        minRows={3}
        maxLength={5000}
        disabled={readOnly}
        style={{ gridColumn: '1 / -1' }}
      />
      {children}
    </SimpleGrid>
  );
}
