import { useState } from 'react';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../../app/components/list-state';
import { useCustomerSearch } from '../../reports/api';

type Chosen = { id: string; nome: string } | null;

/** A customer searched as you type (the server's picker search), one chosen or none. */
export function CustomerPicker({
  value,
  onChange,
  error,
  label,
  placeholder,
  style,
}: {
  value: Chosen;
  onChange: (c: Chosen) => void;
  error?: string;
  label?: string;
  placeholder?: string;
  style?: React.CSSProperties;
}) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const found = useCustomerSearch(useDebounced(term));
  const data = [
    ...(value ? [{ value: value.id, label: value.nome }] : []),
    ...(found.data ?? [])
      .filter((c) => c.id !== value?.id)
      .map((c) => ({ value: c.id, label: c.citta ? `${c.ragione_sociale} · ${c.citta}` : c.ragione_sociale })),
  ];
  return (
    <Select
      label={label ?? t('planner.form.cliente')}
      placeholder={placeholder}
      data={data}
      value={value?.id ?? null}
      searchable
      searchValue={term}
      onSearchChange={setTerm}
      filter={({ options }) => options}
      nothingFoundMessage={t('planner.noCustomer')}
      onChange={(v, option) => onChange(v && option ? { id: v, nome: option.label.split(' · ')[0]! } : null)}
      error={error}
      required={!label}
      clearable
      style={style}
    />
  );
}
