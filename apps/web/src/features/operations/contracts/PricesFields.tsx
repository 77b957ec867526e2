import { SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CONTRACT_PRICE_ITEMS } from '@fs/contract';
import { DecimalInput } from '../../../app/components/DecimalInput';
import type { ContractForm, VocePrezzo } from './contract-form';

/** The contract's unit prices, typed the Italian way (2.450,00); the material discount is a percentage. */
export function PricesFields({
  prezzi,
  onChange,
  errors,
}: {
  prezzi: ContractForm['prezzi'];
  onChange: (voce: VocePrezzo, value: string) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
      {CONTRACT_PRICE_ITEMS.map((voce) => (
        <DecimalInput
          key={voce}
          label={t(`contracts.prices.${voce}`)}
          money={voce !== 'materiale'}
          rightSection={voce === 'materiale' ? <Text size="sm">%</Text> : undefined}
          value={prezzi[voce]}
          onChange={(e) => onChange(voce, e.currentTarget.value)}
          error={errors[`prezzi.${voce}`]}
        />
      ))}
    </SimpleGrid>
  );
}
