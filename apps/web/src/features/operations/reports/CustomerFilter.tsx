import { useState } from 'react';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../app/components/list-state';
import { useCustomerName, useCustomerSearch } from './api';

/** The list's customer filter: search as you type among the customers, one chosen or none (its name shown when read from the address). */
export function CustomerFilter({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const found = useCustomerSearch(useDebounced(term));
  // A filter read from the address (a reload, Back) knows the id only: its name is asked for.
  const known = chosen && value === chosen.value ? chosen : null;
  const name = useCustomerName(value && !known ? value : null);
  const current = known ?? (value && name.data ? { value, label: name.data } : null);
  const data = [
    ...(current ? [current] : []),
    ...(found.data ?? []).filter((c) => c.id !== value).map((c) => ({ value: c.id, label: c.ragione_sociale })),
  ];
  return (
    <Select
      label={t('reports.fields.cliente')}
      placeholder={t('reports.filters.any')}
      data={data}
      value={value}
      searchable
      searchValue={term}
      onSearchChange={setTerm}
      filter={({ options }) => options}
      nothingFoundMessage={t('reports.noCustomer')}
      onChange={(v, option) => {
        setChosen(v && option ? { value: v, label: option.label } : null);
        onChange(v);
      }}
      clearable
      w={220}
    />
  );
}
