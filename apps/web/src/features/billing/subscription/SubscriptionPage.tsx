import { Alert, Badge, Button, Card, Grid, Group, Progress, Table, Text, Title } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type Subscription } from '@fs/contract';
import { Facts } from '../../../app/components/Facts';
import { LoadError } from '../../../app/components/LoadError';
import { PageLoader } from '../../../app/components/PageLoader';
import { formatDate } from '../../../app/format';
import { useSubscription } from './api';
import { PERIOD_KEY, saveOrder } from './rules';
import { AdminOnlyNotice, SubscriptionShell, useIsAdmin } from './SubscriptionShell';
import { formatCents } from '../../../app/numbers';

export const STATE_COLOR = { free_trial: 'brand', active: 'green', expired: 'red', payment_failed: 'orange' } as const;

export function TransferInstructions({ i }: { i: NonNullable<Subscription['pending_transfer']> }) {
  const { t, i18n } = useTranslation();
  return (
    <Alert color="blue" icon={<IconBuildingBank />} title={t('subscription.transfer.title')} data-testid="transfer">
      <Facts
        items={[
          { label: t('subscription.transfer.beneficiary'), value: i.beneficiary },
          { label: 'IBAN', value: i.iban },
          { label: 'BIC', value: i.bic },
          { label: t('subscription.transfer.reference'), value: i.reference },
          { label: t('subscription.transfer.amount'), value: formatCents(i.amount_cents, i18n.language) },
          { label: t('subscription.transfer.due'), value: formatDate(i.due_date) },
        ]}
      />
    </Alert>
  );
}

/** /subscription-plan/subscription: status, term, card, licences, items; renew or subscribe. */
export function SubscriptionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const admin = useIsAdmin();
  const q = useSubscription();
  const s = q.data;

  const renew = () => {
    if (!s) return;
    const billingPeriod =
      (localStorage.getItem(PERIOD_KEY) as 'monthly' | 'yearly' | null) ?? s.sub.subscription_billing_period;
    const confirmedActive = s.sub.subscription_confirmed && s.sub.state !== 'expired';
    saveOrder({
      items: s.sub.renewListino.breakList,
      vouchers: [],
      billingPeriod,
      renew: confirmedActive,
      replace: true,
    });
    void navigate('/subscription-plan/quote?from=order');
  };

  return (
    <SubscriptionShell page="subscription">
      <AdminOnlyNotice />
      {q.isError && <LoadError error={q.error} onRetry={() => void q.refetch()} />}
      {q.isPending && <PageLoader />}
      {s && (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Card withBorder radius="md" padding="lg">
              <Group justify="space-between" mb="sm">
                <Title order={2} size="h4">
                  {t('subscription.status.title')}
                </Title>
                <Badge color={STATE_COLOR[s.sub.state]} data-testid="state">
                  {t(`subscription.states.${s.sub.state}`)}
                </Badge>
              </Group>
              <Facts
                items={[
                  { label: t('subscription.status.plan'), value: t(`plans.${s.sub.subscription_type}`) },
                  {
                    label: t('subscription.status.confirmed'),
                    value: t(s.sub.subscription_confirmed ? 'subscription.yes' : 'subscription.no'),
                  },
                  {
                    label: t('subscription.status.billing'),
                    value: t(`subscription.periods.${s.sub.subscription_billing_period}`),
                  },
                  {
                    label: t('subscription.status.method'),
                    value: t(`subscription.methods.${s.sub.subscription_payment_method}`),
                  },
                  { label: t('subscription.status.trialEnd'), value: formatDate(s.sub.scadenza_trial_date) },
                  { label: t('subscription.status.start'), value: formatDate(s.sub.start_abbonamento_date) },
                  { label: t('subscription.status.end'), value: formatDate(s.sub.scadenza_abbonamento_date) },
                  {
                    label: t('subscription.status.card'),
                    value: s.card
                      ? t('subscription.status.cardValue', {
                          brand: s.card.brand.toUpperCase(),
                          last4: s.card.last4,
                          month: String(s.card.exp_month).padStart(2, '0'),
                          year: s.card.exp_year,
                        })
                      : null,
                  },
                ]}
              />
              {admin && (
                <Group mt="lg">
                  <Button onClick={renew}>
                    {s.sub.subscription_confirmed && s.sub.state !== 'expired'
                      ? t('subscription.status.renew')
                      : t('subscription.status.subscribe')}
                  </Button>
                </Group>
              )}
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Card withBorder radius="md" padding="lg" mb="lg">
              <Title order={2} size="h4" mb="sm">
                {t('subscription.licences.title')}
              </Title>
              <Text data-testid="licences">
                {t('subscription.licences.usedOf', { used: s.licences.used, total: s.licences.total })}
              </Text>
              <Progress
                mt="xs"
                value={s.licences.total ? Math.min(100, (100 * s.licences.used) / s.licences.total) : 0}
                aria-label={t('subscription.licences.title')}
              />
            </Card>
            <Card withBorder radius="md" padding="lg">
              <Title order={2} size="h4" mb="sm">
                {t('subscription.status.items')}
              </Title>
              <Table>
                <Table.Tbody>
                  {s.sub.renewListino.breakList.map((i) => (
                    <Table.Tr key={i.type}>
                      <Table.Td>{t(`subscription.items.${i.type.replace('option:', 'option_')}`)}</Table.Td>
                      <Table.Td ta="right">{i.quantity}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>
          </Grid.Col>
          {s.pending_transfer && (
            <Grid.Col span={12}>
              <TransferInstructions i={s.pending_transfer} />
            </Grid.Col>
          )}
        </Grid>
      )}
    </SubscriptionShell>
  );
}
