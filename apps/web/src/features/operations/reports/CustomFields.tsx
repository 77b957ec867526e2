import { Checkbox, Select, SimpleGrid } from '@mantine/core';
import { Textarea, TextInput } from '../../../app/components/TextFields';
import type { CustomFieldPosition, ReportField } from '@fs/contract';
import { DateField, TimeField } from '../../../app/components/DateField';
import { DecimalInput } from '../../../app/components/DecimalInput';
import { withRequiredMark } from '../../../app/components/RequiredMark';

/** The custom fields of one position, each by its type; `visible` picks app or web visibility. */
export function CustomFields({
  campi,
  posizione,
  values,
  onChange,
  readOnly,
  errors,
  visible,
}: {
  campi: ReportField[];
  posizione: CustomFieldPosition;
  values: Record<string, string>;
  onChange: (id: string, value: string) => void;
  readOnly: boolean;
  errors: Record<string, string>;
  visible: 'app' | 'web';
}) {
  const here = campi
    .filter((c) => c.posizione === posizione && (c.visibilita[visible] || values[c.campo_id]))
    .sort((a, b) => a.ordine - b.ordine);
  if (!here.length) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {here.map((c) => {
        // A required value (the safety "yes") makes the field as required as a mandatory one.
        const common = {
          label: c.nome,
          required: c.obbligatorio || c.valore_richiesto !== null,
          disabled: readOnly || !c.abilitazione,
          error: errors[`campi_personalizzati.${c.campo_id}`],
        };
        const value = values[c.campo_id] ?? '';
        const set = (v: string) => onChange(c.campo_id, v);
        switch (c.tipo) {
          case 'vero_falso':
            return (
              <Checkbox
                key={c.campo_id}
                {...common}
                label={withRequiredMark(c.nome, common.required)}
                aria-invalid={common.error ? true : undefined}
                checked={value === 'true'}
                onChange={(e) => set(e.currentTarget.checked ? 'true' : 'false')}
                mt="lg"
                size="md"
              />
            );
          case 'scelta':
            return (
              <Select
                key={c.campo_id}
                {...common}
                data={c.scelte}
                value={value || null}
                onChange={(v) => set(v ?? '')}
                clearable
              />
            );
          case 'numero':
            return (
              <DecimalInput
                key={c.campo_id}
                {...common}
                decimals={4}
                value={value}
                onChange={(e) => set(e.currentTarget.value)}
              />
            );
          case 'testo_lungo':
            return (
              <Textarea
                key={c.campo_id}
                {...common}
                autosize
                minRows={2}
                maxLength={5000}
                value={value}
                onChange={(e) => set(e.currentTarget.value)}
              />
            );
          case 'data':
            return <DateField key={c.campo_id} {...common} value={value} onChange={set} clearable />;
          case 'ora':
            return <TimeField key={c.campo_id} {...common} value={value} onChange={set} />;
          case 'testo_breve':
            return (
              <TextInput
                key={c.campo_id}
                {...common}
                maxLength={200}
                value={value}
                onChange={(e) => set(e.currentTarget.value)}
              />
            );
        }
      })}
    </SimpleGrid>
  );
}
