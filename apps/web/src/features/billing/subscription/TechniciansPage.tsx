import { useState } from 'react';
import { Alert, Button, Card, Group, NumberInput, Progress, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BillingPeriod } from '@fs/contract';
import { LoadError } from '../../../app/components/LoadError';
import { PageLoader } from '../../../app/components/PageLoader';
import { useSubscription } from './api';
import { PERIOD_KEY, saveOrder } from './rules';
import { AdminOnlyNotice, SubscriptionShell, useIsAdmin } from './SubscriptionShell';

/** /subscription-plan/technicians: licences used and total; buy more. */
export function TechniciansPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const admin = useIsAdmin();
  const q = useSubscription();
  const [more, setMore] = useState<number>(1);
  const s = q.data;
  const limit = s?.licences.limit ?? null;
  const room = limit === null || !s ? Infinity : Math.max(0, limit - s.licences.total);

  const buy = () => {
    if (!s) return;
    const confirmedActive = s.sub.subscription_confirmed && s.sub.state !== 'expired';
    // Additions to a running term are billed monthly unless a full year is left (docs/pricing.md).
    const stored = (localStorage.getItem(PERIOD_KEY) as BillingPeriod | null) ?? 'yearly';
    saveOrder({
      items: [{ type: s.sub.subscription_type, quantity: more }],
      vouchers: [],
      billingPeriod: confirmedActive ? 'monthly' : stored,
      renew: false,
      replace: false,
    });
    void navigate('/subscription-plan/checkout');
  };

  return (
    <SubscriptionShell page="technicians">
      <AdminOnlyNotice />
      {q.isError && <LoadError error={q.error} onRetry={() => void q.refetch()} />}
      {q.isPending && <PageLoader />}
      {s && (
        <Card withBorder radius="md" padding="lg" maw={640}>
          <Stack>
            <Title order={2} size="h4">
              {t('subscription.licences.title')}
            </Title>
            <Text size="lg" data-testid="licences">
              {t('subscription.licences.usedOf', { used: s.licences.used, total: s.licences.total })}
            </Text>
            <Progress
              value={s.licences.total ? Math.min(100, (100 * s.licences.used) / s.licences.total) : 0}
              aria-label={t('subscription.licences.title')}
            />
            <Text size="sm" c="dimmed">
              {t('subscription.licences.usedHint')}
            </Text>
            {limit !== null && <Alert color="blue">{t('subscription.licences.liteLimit', { count: limit })}</Alert>}
            {admin && room > 0 && (
              <Group align="flex-end">
                <NumberInput
                  label={t('subscription.licences.buyMore')}
                  min={1}
                  max={Math.min(room, 100)}
                  value={more}
                  onChange={(v) => setMore(Math.max(1, Number(v) || 1))}
                  w={180}
                />
                <Button onClick={buy}>{t('subscription.licences.buy')}</Button>
              </Group>
            )}
          </Stack>
        </Card>
      )}
    </SubscriptionShell>
  );
}
