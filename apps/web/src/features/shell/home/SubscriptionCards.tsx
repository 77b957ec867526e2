import { Anchor, Badge, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCalendarDue, IconGauge } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS, PRICES, daysBetween, type Subscription } from '@fs/contract';
import { Facts } from '../../../app/components/Facts';
import { LoadError } from '../../../app/components/LoadError';
import { formatDate } from '../../../app/format';
import { useSubscription } from '../../billing';
import { localToday } from '../../billing';
import { formatBytes, formatCount } from '../../../app/numbers';
import { formatCents } from '../../../app/numbers';

function Meter({ label, used, total, text }: { label: string; used: number; total: number; text: string }) {
  const pct = total > 0 ? Math.min(100, (100 * used) / total) : 0;
  return (
    <div>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm">{text}</Text>
      </Group>
      <Progress value={pct} color={pct >= 90 ? 'red' : pct >= 75 ? 'yellow' : 'brand'} aria-label={label} mt={4} />
    </div>
  );
}

const qty = (s: Subscription, type: string) => s.sub.renewListino.breakList.find((i) => i.type === type)?.quantity ?? 0;

function LimitsCard({ s }: { s: Subscription }) {
  const { t, i18n } = useTranslation();
  const loc = i18n.language;
  return (
    <Card withBorder radius="md" padding="lg">
      <Group gap="xs" mb="sm">
        <IconGauge size={22} aria-hidden />
        <Title order={2} size="h4">
          {t('subscription.dashboard.limits')}
        </Title>
      </Group>
      <Stack gap="md">
        <Meter
          label={t('subscription.licences.title')}
          used={s.licences.used}
          total={s.licences.total}
          text={t('subscription.licences.usedOf', { used: s.licences.used, total: s.licences.total })}
        />
        <Meter
          label={t('subscription.items.storage')}
          used={s.usage.storage_bytes}
          total={s.usage.storage_limit_bytes}
          text={`${formatBytes(s.usage.storage_bytes, loc)} / ${formatBytes(s.usage.storage_limit_bytes, loc)}`}
        />
        <Facts
          items={[
            {
              label: t('subscription.dashboard.customerSlots'),
              value: t('subscription.dashboard.slots', {
                count: qty(s, 'customers'),
                size: formatCount(qty(s, 'customers') * LIMITS.customersPerSlot, loc),
              }),
            },
            {
              label: t('subscription.dashboard.itemSlots'),
              value: t('subscription.dashboard.slots', {
                count: qty(s, 'items'),
                size: formatCount(qty(s, 'items') * LIMITS.itemsPerSlot, loc),
              }),
            },
            ...(s.licences.limit !== null
              ? [{ label: t('subscription.dashboard.maxTechnicians'), value: String(s.licences.limit) }]
              : []),
          ]}
        />
      </Stack>
    </Card>
  );
}

function PlanCard({ s }: { s: Subscription }) {
  const { t, i18n } = useTranslation();
  const end = s.sub.subscription_confirmed ? s.sub.scadenza_abbonamento_date : s.sub.scadenza_trial_date;
  const days = end ? daysBetween(localToday(), end) : null;
  const period = s.sub.subscription_billing_period;
  const renewal = s.sub.renewListino.breakList.reduce((sum, i) => sum + PRICES[i.type][period] * i.quantity, 0);
  return (
    <Card withBorder radius="md" padding="lg">
      <Group gap="xs" mb="sm">
        <IconCalendarDue size={22} aria-hidden />
        <Title order={2} size="h4">
          {t('subscription.dashboard.plan')}
        </Title>
      </Group>
      <Facts
        items={[
          {
            label: t('subscription.status.plan'),
            value: <Badge variant="light">{t(`plans.${s.sub.subscription_type}`)}</Badge>,
          },
          { label: t('home.status'), value: t(`subscription.states.${s.sub.state}`) },
          { label: t('subscription.status.billing'), value: t(`subscription.periods.${period}`) },
          {
            label: t(
              s.sub.subscription_confirmed ? 'subscription.dashboard.nextRenewal' : 'subscription.status.trialEnd',
            ),
            value: formatDate(end),
          },
          ...(days !== null && days >= 0
            ? [{ label: t('subscription.dashboard.daysLeft'), value: t('home.days', { count: days }) }]
            : []),
          {
            label: t('subscription.dashboard.renewalAmount', { period: t(`subscription.periods.${period}`) }),
            value: `${formatCents(renewal, i18n.language)} ${t('subscription.vatShort')}`,
          },
        ]}
      />
      <Anchor component={Link} to="/subscription-plan/subscription" size="sm" mt="sm" display="block">
        {t('subscription.dashboard.manage')}
      </Anchor>
    </Card>
  );
}

/** Dashboard cards of the home page: subscription limits, plan details, next renewal. */
export function SubscriptionCards() {
  const q = useSubscription();
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return null;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <LimitsCard s={q.data} />
      <PlanCard s={q.data} />
    </SimpleGrid>
  );
}
