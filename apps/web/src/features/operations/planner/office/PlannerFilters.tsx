import { Box, Group, Select, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useJobs } from '../../../registries';
import type { PlannerFilters as Filters } from '../api';
import { CustomerPicker } from './CustomerPicker';
import type { LegendEntry } from './legend';
import { technicianColor } from './palette';

/** Filters by technician, job role and customer (the server's range filters). */
export function PlannerFilters({
  value,
  onChange,
  technicians,
  customer,
  onCustomer,
}: {
  value: Filters;
  onChange: (f: Filters) => void;
  technicians: { value: string; label: string }[];
  customer: { id: string; nome: string } | null;
  onCustomer: (c: { id: string; nome: string } | null) => void;
}) {
  const { t } = useTranslation();
  const jobs = useJobs();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" style={{ flex: '1 1 520px', maxWidth: 720 }}>
      <Select
        label={t('planner.filters.tecnico')}
        placeholder={t('planner.filters.all')}
        data={technicians}
        value={value.tecnico_id ?? null}
        onChange={(v) => onChange({ ...value, tecnico_id: v })}
        clearable
        searchable
        style={{ flex: '1 1 170px' }}
      />
      <Select
        label={t('planner.filters.mansione')}
        placeholder={t('planner.filters.all')}
        data={(jobs.data ?? []).map((j) => ({ value: j.id, label: j.nome }))}
        value={value.mansione_id ?? null}
        onChange={(v) => onChange({ ...value, mansione_id: v })}
        clearable
        searchable
        style={{ flex: '1 1 150px' }}
      />
      <CustomerPicker
        label={t('planner.filters.cliente')}
        placeholder={t('planner.filters.all')}
        value={customer}
        onChange={(c) => {
          onCustomer(c);
          onChange({ ...value, cliente_id: c?.id ?? null });
        }}
        style={{ flex: '1 1 200px' }}
      />
    </Group>
  );
}

/** The technicians' colours; a click filters the calendar by that technician (again: all). */
export function Legend({
  entries,
  selected,
  onPick,
}: {
  entries: LegendEntry[];
  selected: string | null | undefined;
  onPick: (id: string | null) => void;
}) {
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  return (
    <Group gap="xs" wrap="wrap" aria-label={t('planner.legend')} role="group">
      {entries.map((e) => (
        <UnstyledButton
          key={e.id}
          onClick={() => onPick(selected === e.id ? null : e.id)}
          aria-pressed={selected === e.id}
          px={6}
          py={2}
          style={{
            borderRadius: 4,
            outline: selected === e.id ? `2px solid ${technicianColor(e.colore)}` : undefined,
          }}
        >
          <Group gap={6} wrap="nowrap">
            <Box w={12} h={12} style={{ borderRadius: 3, background: technicianColor(e.colore) }} />
            <Text size="xs">{e.nome}</Text>
          </Group>
        </UnstyledButton>
      ))}
    </Group>
  );
}
