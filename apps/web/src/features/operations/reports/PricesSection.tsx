import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Prices } from '@fs/contract';
import { formatDecimal, formatMoney } from '../../../app/numbers';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The prices the server computed: one line per rate and technician, the total without VAT. */
export function PricesSection({ prezzi }: { prezzi: Prices }) {
  const { t, i18n } = useTranslation();
  const money = (v: string) => formatMoney(v, i18n.language, prezzi.valuta);
  if (!prezzi.righe.length) return <Text c="dimmed">{t('reports.prices.empty')}</Text>;
  return (
    // No sideways scrolling on a phone: the item wraps, the figures keep on one line.
    <Table striped aria-label={t('reports.sections.prezzi')} horizontalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('reports.prices.voce')}</Table.Th>
          <Table.Th ta="right">{t('reports.prices.quantita')}</Table.Th>
          <Table.Th ta="right">{t('reports.prices.prezzo')}</Table.Th>
          <Table.Th ta="right">{t('reports.prices.importo')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {prezzi.righe.map((r, i) => (
          <Table.Tr key={i}>
            <Table.Td>
              {t(`reports.prices.voci.${r.voce}`)}
              {r.descrizione ? ` · ${r.descrizione}` : ''}
              <Text span size="xs" c="dimmed">
                {' '}
                ({t(`reports.prices.origini.${r.origine}`)})
              </Text>
            </Table.Td>
            <Table.Td ta="right" style={NOWRAP}>
              {formatDecimal(r.quantita, i18n.language, 3)}
            </Table.Td>
            <Table.Td ta="right" style={NOWRAP}>
              {money(r.prezzo_unitario)}
            </Table.Td>
            <Table.Td ta="right" style={NOWRAP}>
              {money(r.importo)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th colSpan={3}>
            {prezzi.forfait ? t('reports.prices.totaleForfait') : t('reports.prices.totale')}
          </Table.Th>
          <Table.Th ta="right" data-testid="report-total" style={NOWRAP}>
            {money(prezzi.totale)}
          </Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
