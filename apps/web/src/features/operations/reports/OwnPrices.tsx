import { Checkbox, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FlatRateMode } from '@fs/contract';
import { DecimalInput } from '../../../app/components/DecimalInput';
import { emptyOwnPrices, type OwnPricesState } from './report-form';

/**
 * The report's own prices (gestionePrezziIntervento), for who may set prices: each one set wins
 * over the contract's, the technician's and the company's; the lump sum when the company lets
 * the report decide it.
 */
export function OwnPrices({
  value,
  onChange,
  forfaitMode,
  readOnly,
  errors,
}: {
  value: OwnPricesState | null;
  onChange: (v: OwnPricesState | null) => void;
  forfaitMode: FlatRateMode;
  readOnly: boolean;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<OwnPricesState>) => onChange({ ...(value ?? emptyOwnPrices()), ...patch });
  const err = (k: string) => errors[`gestionePrezziIntervento.${k}`];
  const field = (k: 'prezzo_ora' | 'prezzo_ora_viaggio' | 'prezzo_km' | 'diritto_chiamata') => (
    <DecimalInput
      money
      label={t(`reports.ownPrices.${k}`)}
      value={value?.[k] ?? ''}
      onChange={(e) => set({ [k]: e.currentTarget.value })}
      error={err(k)}
      disabled={readOnly}
      placeholder={t('reports.ownPrices.notSet')}
    />
  );
  return (
    <Stack gap="sm">
      <Switch
        label={t('reports.ownPrices.toggle')}
        description={t('reports.ownPrices.hint')}
        checked={value !== null}
        onChange={(e) => onChange(e.currentTarget.checked ? emptyOwnPrices() : null)}
        disabled={readOnly}
      />
      {value && (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            {field('prezzo_ora')}
            {field('prezzo_ora_viaggio')}
            {field('prezzo_km')}
            {field('diritto_chiamata')}
          </SimpleGrid>
          {forfaitMode !== 'no' && (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
              {forfaitMode === 'rapportino' ? (
                <Checkbox
                  mt="lg"
                  label={t('reports.ownPrices.forfait')}
                  checked={value.forfait}
                  onChange={(e) => set({ forfait: e.currentTarget.checked })}
                  disabled={readOnly}
                />
              ) : (
                <Text size="sm" c="dimmed" mt="lg">
                  {t('reports.ownPrices.forfaitAlways')}
                </Text>
              )}
              <DecimalInput
                money
                label={t('reports.ownPrices.importo_forfait')}
                value={value.importo_forfait}
                onChange={(e) => set({ importo_forfait: e.currentTarget.value })}
                error={err('importo_forfait')}
                disabled={readOnly || (forfaitMode === 'rapportino' && !value.forfait)}
                placeholder={t('reports.ownPrices.notSet')}
              />
            </SimpleGrid>
          )}
        </>
      )}
    </Stack>
  );
}
