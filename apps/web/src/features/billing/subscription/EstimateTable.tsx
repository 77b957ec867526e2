import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Estimate } from '@fs/contract';
import { formatDate } from '../../../app/format';
import { formatCents } from '../../../app/numbers';

export const itemLabelKey = (type: string) => `subscription.items.${type.replace('option:', 'option_')}`;

/** The lines of a quote, its discounts and the VAT-excluded total. */
export function EstimateTable({ estimate }: { estimate: Estimate }) {
  const { t, i18n } = useTranslation();
  const loc = i18n.language;
  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        {t(`subscription.quote.mode_${estimate.mode}`, {
          start: formatDate(estimate.start),
          end: formatDate(estimate.end),
        })}
      </Text>
      <Table data-testid="estimate">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('subscription.quote.item')}</Table.Th>
            <Table.Th ta="right">{t('subscription.quote.quantity')}</Table.Th>
            <Table.Th ta="right">{t('subscription.quote.unit')}</Table.Th>
            <Table.Th ta="right">{t('subscription.quote.months')}</Table.Th>
            <Table.Th ta="right">{t('subscription.quote.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {estimate.lines.map((l) => (
            <Table.Tr key={l.type}>
              <Table.Td>{t(itemLabelKey(l.type))}</Table.Td>
              <Table.Td ta="right">{l.quantity}</Table.Td>
              <Table.Td ta="right">{formatCents(l.unit_cents, loc)}</Table.Td>
              <Table.Td ta="right">{l.months}</Table.Td>
              <Table.Td ta="right">{formatCents(l.amount_cents, loc)}</Table.Td>
            </Table.Tr>
          ))}
          {estimate.discounts.map((d) => (
            <Table.Tr key={d.code}>
              <Table.Td colSpan={4}>{t('subscription.quote.discount', { code: d.code })}</Table.Td>
              <Table.Td ta="right">−{formatCents(d.amount_cents, loc)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={4}>{t('subscription.quote.total')}</Table.Th>
            <Table.Th ta="right" data-testid="total">
              {formatCents(estimate.total_cents, loc)}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </>
  );
}
