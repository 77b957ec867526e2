import { Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS, PLAN_TYPES, PRICES, technicianLimit } from '@fs/contract';
import { LoadError } from '../../../app/components/LoadError';
import { PageLoader } from '../../../app/components/PageLoader';
import { useSubscription } from './api';
import { formatBytes } from '../../../app/numbers';
import { SubscriptionShell } from './SubscriptionShell';
import { formatCents } from '../../../app/numbers';

/** /subscription-plan: the plans, their prices and limits, the company's current plan. */
export function PlanPage() {
  const { t, i18n } = useTranslation();
  const sub = useSubscription();
  const current = sub.data?.sub.subscription_type;
  const loc = i18n.language;
  return (
    <SubscriptionShell page="plan">
      {sub.isError && <LoadError error={sub.error} onRetry={() => void sub.refetch()} />}
      {sub.isPending && <PageLoader />}
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {PLAN_TYPES.map((p) => (
          <Card key={p} withBorder radius="md" padding="lg" data-plan={p}>
            <Group justify="space-between" mb="xs">
              <Title order={2} size="h3">
                {t(`plans.${p}`)}
              </Title>
              {current === p && <Badge>{t('subscription.plan.current')}</Badge>}
            </Group>
            <Text size="xl" fw={700}>
              {formatCents(PRICES[p].yearly, loc)}
            </Text>
            <Text size="sm" c="dimmed">
              {t('subscription.plan.perTechnicianYear')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('subscription.plan.orMonthly', { price: formatCents(PRICES[p].monthly, loc) })}
            </Text>
            <Text mt="sm">
              {technicianLimit(p) === null
                ? t('subscription.plan.unlimitedTechnicians')
                : t('subscription.plan.maxTechnicians', { count: technicianLimit(p)! })}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" mb="sm">
          {t('subscription.plan.limitsTitle')}
        </Title>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('subscription.plan.extra')}</Table.Th>
              <Table.Th>{t('subscription.plan.size')}</Table.Th>
              <Table.Th ta="right">{t('subscription.plan.pricePerYear')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>{t('subscription.items.storage')}</Table.Td>
              <Table.Td>
                {t('subscription.plan.storageSize', {
                  included: formatBytes(LIMITS.storageIncludedBytes, loc),
                  slot: formatBytes(LIMITS.storageSlotBytes, loc),
                })}
              </Table.Td>
              <Table.Td ta="right">{formatCents(PRICES.storage.yearly, loc)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>{t('subscription.items.customers')}</Table.Td>
              <Table.Td>{t('subscription.plan.slotOf', { count: LIMITS.customersPerSlot })}</Table.Td>
              <Table.Td ta="right">{formatCents(PRICES.customers.yearly, loc)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>{t('subscription.items.items')}</Table.Td>
              <Table.Td>{t('subscription.plan.slotOf', { count: LIMITS.itemsPerSlot })}</Table.Td>
              <Table.Td ta="right">{formatCents(PRICES.items.yearly, loc)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed" mt="sm">
          {t('subscription.vatExcluded')}
        </Text>
      </Card>
      <Stack align="flex-start">
        <Button component={Link} to="/subscription-plan/quote">
          {t('subscription.plan.getQuote')}
        </Button>
      </Stack>
    </SubscriptionShell>
  );
}
