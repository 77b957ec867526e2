import { useState } from 'react';
import { Alert, Radio, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CONTRACT_MAX, CONTRACT_TYPES, type ContractType } from '@fs/contract';
import { TextInput, Textarea } from '../../../app/components/TextFields';
import { useDebounced } from '../../../app/components/list-state';
import { useCustomerSearch } from '../reports/api';
import type { ContractForm } from './contract-form';

export interface StepProps {
  form: ContractForm;
  set: (patch: Partial<ContractForm>) => void;
  errors: Record<string, string>;
  /** Editing a saved contract: its type and customer are fixed, its activities have their own tab. */
  edit?: boolean;
}

/** Step 1: customer, identifier, description and type (with what each type means). */
export function InfoStep({ form, set, errors, edit = false }: StepProps) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const customers = useCustomerSearch(useDebounced(term));
  const options = [
    ...(form.cliente_id ? [{ value: form.cliente_id, label: form.cliente }] : []),
    ...(customers.data ?? [])
      .filter((c) => c.id !== form.cliente_id)
      .map((c) => ({ value: c.id, label: c.citta ? `${c.ragione_sociale} · ${c.citta}` : c.ragione_sociale })),
  ];
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('contracts.fields.cliente')}
          required
          searchable
          data={options}
          value={form.cliente_id}
          searchValue={term}
          onSearchChange={setTerm}
          filter={({ options: o }) => o}
          nothingFoundMessage={t('contracts.noCustomer')}
          onChange={(v, o) =>
            set({
              cliente_id: v,
              cliente: o?.label.split(' · ')[0] ?? '',
              impianti: [],
              macchinari: [],
              attivita: form.attivita.map((a) => ({ ...a, impianto_id: null, macchinari: [] })),
            })
          }
          error={errors.cliente_id}
          disabled={edit}
        />
        <TextInput
          label={t('contracts.fields.identificativo')}
          description={t('contracts.hints.identificativo')}
          required
          value={form.identificativo}
          onChange={(e) => set({ identificativo: e.currentTarget.value })}
          maxLength={CONTRACT_MAX.identificativo}
          error={errors.identificativo}
        />
        <Textarea
          label={t('contracts.fields.descrizione')}
          value={form.descrizione}
          onChange={(e) => set({ descrizione: e.currentTarget.value })}
          maxLength={CONTRACT_MAX.descrizione}
          autosize
          minRows={2}
          error={errors.descrizione}
          style={{ gridColumn: '1 / -1' }}
        />
      </SimpleGrid>
      <Radio.Group
        label={t('contracts.fields.tipo')}
        description={edit ? t('contracts.hints.tipoFixed') : t('contracts.hints.tipo')}
        required
        value={form.tipo}
        onChange={(v) => set({ tipo: v as ContractType })}
        error={errors.tipo}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="xs">
          {CONTRACT_TYPES.map((tipo) => (
            <Radio.Card key={tipo} value={tipo} p="md" radius="md" disabled={edit}>
              <Stack gap={4}>
                <Radio.Indicator />
                <Text fw={600}>{t(`contracts.tipi.${tipo}`)}</Text>
                <Text size="sm" c="dimmed">
                  {t(`contracts.tipiText.${tipo}`)}
                </Text>
              </Stack>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
      {!edit && (
        <Alert variant="light" icon={<IconInfoCircle size={18} />}>
          {t('contracts.hints.tipoAfter')}
        </Alert>
      )}
    </Stack>
  );
}
