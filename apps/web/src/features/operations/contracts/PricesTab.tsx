import { Alert, Card, Stack, Table, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Contract } from '@fs/contract';
import { priceLines } from './summary';

/** The contract's prices and whether reports on it take them (abilitaPrezziContratto). */
export function PricesTab({ contract: c }: { contract: Contract }) {
  const { t, i18n } = useTranslation();
  const lines = priceLines(c.prezzi ?? {}, i18n.language, t);
  return (
    <Stack gap="md">
      <Alert color={c.abilitaPrezziContratto ? 'green' : 'gray'} variant="light" icon={<IconInfoCircle size={18} />}>
        {c.abilitaPrezziContratto ? t('contracts.pricesOn') : t('contracts.pricesOff')}
      </Alert>
      <Card withBorder radius="md" padding="lg">
        {lines.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('contracts.noPrices')}
          </Text>
        ) : (
          <Table striped aria-label={t('contracts.tabs.prices')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('contracts.pricesVoice')}</Table.Th>
                <Table.Th ta="right">{t('contracts.pricesValue')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((l) => (
                <Table.Tr key={l.voce}>
                  <Table.Td>{l.label}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {l.text}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}
