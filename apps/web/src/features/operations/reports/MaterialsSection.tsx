import { useState } from 'react';
import { ActionIcon, Autocomplete, Button, Group, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { TextInput } from '../../../app/components/TextFields';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DecimalInput, tidyDecimal } from '../../../app/components/DecimalInput';
import { useDebounced } from '../../../app/components/list-state';
import { useArticleResearch } from '../../registries';
import { emptyMaterial, type MaterialState } from './report-form';

/**
 * The article search of a material line: picking one fills code, description, unit and (for who may set
 * prices) the price; otherwise the server prices the line from the article.
 */
function ArticlePick({
  onPick,
  disabled,
  withPrices,
}: {
  onPick: (m: Partial<MaterialState>) => void;
  disabled: boolean;
  withPrices: boolean;
}) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const found = useArticleResearch(useDebounced(q));
  const items = found.data ?? [];
  // The price as the money input writes it (2.450,00), whatever the interface language: what it reads back.
  const price = (v: string | null) => (v ? tidyDecimal(v, true) : '');
  return (
    <Autocomplete
      label={t('reports.materials.search')}
      placeholder={t('reports.materials.searchHint')}
      value={q}
      onChange={setQ}
      disabled={disabled}
      data={items.map((a) => ({ value: a.id, label: `${a.codice} · ${a.descrizione}` }))}
      filter={({ options }) => options}
      onOptionSubmit={(id) => {
        const a = items.find((x) => x.id === id);
        if (!a) return;
        onPick({
          articolo_id: a.id,
          codice: a.codice,
          descrizione: a.descrizione,
          unita: a.unita_misura ?? '',
          ...(withPrices
            ? { importo_unitario: price(a.prezzo_vendita), prezzo_netto: price(a.prezzo_vendita) }
            : { importo_unitario: '', prezzo_netto: '', costo_acquisto: '' }),
        });
        setQ('');
      }}
    />
  );
}

/**
 * Materials: from the articles (search as you type) or free text; quantity, unit and prices. The prices
 * are shown to who may see them (`showPrices`) and typed by who may set them (`pricesEditable`).
 */
export function MaterialsSection({
  rows,
  onChange,
  readOnly,
  errors,
  showPrices,
  pricesEditable,
}: {
  rows: MaterialState[];
  onChange: (rows: MaterialState[]) => void;
  readOnly: boolean;
  errors: Record<string, string>;
  showPrices: boolean;
  pricesEditable: boolean;
}) {
  const priceLocked = readOnly || !pricesEditable;
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<MaterialState>) =>
    onChange(rows.map((m, j) => (j === i ? { ...m, ...patch } : m)));
  const err = (i: number, f: string) => errors[`materiali.${i}.${f}`];
  return (
    <Stack gap="sm">
      {rows.length === 0 && <Text c="dimmed">{t('reports.materials.empty')}</Text>}
      {rows.map((m, i) => (
        <Paper
          key={i}
          withBorder
          p="sm"
          radius="md"
          role="group"
          aria-label={t('reports.materials.title', { n: i + 1 })}
        >
          <Group justify="space-between" mb="xs" wrap="nowrap">
            <Text fw={600} truncate>
              {m.codice ? `${m.codice} · ` : ''}
              {m.descrizione || t('reports.materials.title', { n: i + 1 })}
            </Text>
            {!readOnly && (
              <Tooltip label={t('reports.materials.remove')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  onClick={() => onChange(rows.filter((_, j) => j !== i))}
                  aria-label={t('reports.materials.remove')}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            {!readOnly && <ArticlePick disabled={readOnly} withPrices={pricesEditable} onPick={(p) => set(i, p)} />}
            <TextInput
              label={t('reports.materials.descrizione')}
              required
              value={m.descrizione}
              onChange={(e) => set(i, { descrizione: e.currentTarget.value, articolo_id: m.articolo_id })}
              error={err(i, 'descrizione')}
              disabled={readOnly}
              maxLength={500}
            />
            <DecimalInput
              label={t('reports.materials.quantita')}
              decimals={3}
              value={m.quantita}
              onChange={(e) => set(i, { quantita: e.currentTarget.value })}
              error={err(i, 'quantita')}
              disabled={readOnly}
            />
            <TextInput
              label={t('reports.materials.unita')}
              value={m.unita}
              onChange={(e) => set(i, { unita: e.currentTarget.value })}
              disabled={readOnly}
              maxLength={20}
            />
            {showPrices && (
              <>
                <DecimalInput
                  money
                  label={t('reports.materials.importo_unitario')}
                  value={m.importo_unitario}
                  onChange={(e) => set(i, { importo_unitario: e.currentTarget.value })}
                  error={err(i, 'importo_unitario')}
                  disabled={priceLocked}
                />
                <DecimalInput
                  money
                  label={t('reports.materials.prezzo_netto')}
                  value={m.prezzo_netto}
                  onChange={(e) => set(i, { prezzo_netto: e.currentTarget.value })}
                  error={err(i, 'prezzo_netto')}
                  disabled={priceLocked}
                />
                <DecimalInput
                  money
                  label={t('reports.materials.costo_acquisto')}
                  description={m.articolo_id && !m.costo_acquisto ? t('reports.materials.costoFromArticle') : undefined}
                  value={m.costo_acquisto}
                  onChange={(e) => set(i, { costo_acquisto: e.currentTarget.value })}
                  error={err(i, 'costo_acquisto')}
                  disabled={priceLocked}
                />
              </>
            )}
          </SimpleGrid>
        </Paper>
      ))}
      {!readOnly && (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={18} />}
            onClick={() => onChange([...rows, emptyMaterial()])}
          >
            {t('reports.materials.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
