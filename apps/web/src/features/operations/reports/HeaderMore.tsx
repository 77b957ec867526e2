import { useState } from 'react';
import { Checkbox, Group, Select, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ContractSummary } from '@fs/contract';
import { DateField, TimeField } from '../../../app/components/DateField';
import { useDebounced } from '../../../app/components/list-state';
import { formatDate } from '../../../app/format';
import { useCan } from '../../../app/session/api';
import { HoursBar } from '../contracts/HoursBar';
import { useCustomerContracts, useCustomerSearch } from './api';
import type { FormState } from './report-form';

/** How a contract reads in a list: identifier, description, end date, ceased. */
export function contractLabel(c: ContractSummary, t: (k: string, o?: Record<string, unknown>) => string): string {
  const parts = [c.identificativo, c.descrizione].filter(Boolean).join(' · ');
  const end = c.data_fine ? ` (${t('reports.contract.until', { date: formatDate(c.data_fine) })})` : '';
  return `${parts}${end}${c.cessato ? ` · ${t('reports.contract.ceased')}` : ''}`;
}

/** Appointment, billing customer, contract and the report's flags (marked, done remotely, planned remotely). */
export function HeaderMore({
  form,
  set,
  readOnly,
  errors,
}: {
  form: FormState;
  set: (patch: Partial<FormState>) => void;
  readOnly: boolean;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const customers = useCustomerSearch(useDebounced(term));
  const canContracts = useCan('contratti', 'read') === true;
  const contracts = useCustomerContracts(form.cliente_id, canContracts);
  const billingOptions = [
    ...(form.cliente_fatturazione_id
      ? [{ value: form.cliente_fatturazione_id, label: form.cliente_fatturazione }]
      : []),
    ...(customers.data ?? [])
      .filter((c) => c.id !== form.cliente_fatturazione_id)
      .map((c) => ({ value: c.id, label: c.citta ? `${c.ragione_sociale} · ${c.citta}` : c.ragione_sociale })),
  ];
  const contractOptions = (contracts.data ?? []).map((c) => ({ value: c.id, label: contractLabel(c, t) }));
  const chosen = contracts.data?.find((c) => c.id === form.contratto_id);
  const showContracts = canContracts && (contractOptions.length > 0 || !!form.contratto_id);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Group grow align="flex-start" gap="sm" wrap="nowrap">
          <DateField
            label={t('reports.fields.data_appuntamento')}
            value={form.data_appuntamento}
            onChange={(d) => set({ data_appuntamento: d, ...(d ? {} : { ora_appuntamento: '' }) })}
            disabled={readOnly}
            clearable
            error={errors.data_appuntamento}
          />
          {/* A day needs its time: asked for, never assumed. */}
          <TimeField
            label={t('reports.fields.ora_appuntamento')}
            value={form.ora_appuntamento}
            onChange={(h) => set({ ora_appuntamento: h })}
            disabled={readOnly || !form.data_appuntamento}
            required={!!form.data_appuntamento}
            error={errors.ora_appuntamento}
          />
        </Group>
        <Select
          label={t('reports.fields.cliente_fatturazione')}
          description={t('reports.billingHint')}
          searchable
          clearable
          data={billingOptions}
          value={form.cliente_fatturazione_id}
          searchValue={term}
          onSearchChange={setTerm}
          filter={({ options }) => options}
          nothingFoundMessage={t('reports.noCustomer')}
          onChange={(v, o) => set({ cliente_fatturazione_id: v, cliente_fatturazione: o?.label.split(' · ')[0] ?? '' })}
          error={errors.cliente_fatturazione_id}
          disabled={readOnly}
        />
        {showContracts && (
          <Stack gap={6}>
            <Select
              label={t('reports.fields.contratto')}
              description={t('reports.contract.hint')}
              data={contractOptions}
              value={form.contratto_id}
              onChange={(v) => set({ contratto_id: v })}
              clearable
              disabled={readOnly}
              error={errors.contratto_id}
            />
            {/* An on-call contract's hours left: orange at 10 hours, "Ore esaurite" at 0. */}
            {chosen?.tipo === 'chiamata' && (
              <HoursBar oreContratto={chosen.ore_contratto} oreResidue={chosen.ore_residue} />
            )}
          </Stack>
        )}
      </SimpleGrid>
      <Group gap="lg">
        <Checkbox
          label={t('reports.fields.contrassegnato')}
          checked={form.contrassegnato}
          onChange={(e) => set({ contrassegnato: e.currentTarget.checked })}
          disabled={readOnly}
        />
        <Checkbox
          label={t('reports.fields.in_remoto')}
          checked={form.in_remoto}
          onChange={(e) => set({ in_remoto: e.currentTarget.checked })}
          disabled={readOnly}
        />
        <Checkbox
          label={t('reports.fields.pianificato_remoto')}
          checked={form.pianificato_remoto}
          onChange={(e) => set({ pianificato_remoto: e.currentTarget.checked })}
          disabled={readOnly}
        />
      </Group>
    </Stack>
  );
}
