import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  CloseButton,
  Grid,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useLocalStorage } from '@mantine/hooks';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  isPlanType,
  PAID_OPTIONS,
  PLAN_TYPES,
  type BillingPeriod,
  type BreakListEntry,
  type PlanType,
  type Subscription,
} from '@fs/contract';
import { errorText, isApiError } from '../../../app/api/errors';
import { LoadError } from '../../../app/components/LoadError';
import { PageLoader } from '../../../app/components/PageLoader';
import { useCheckVoucher, useEstimate, useSubscription } from './api';
import { EstimateTable } from './EstimateTable';
import { loadOrder, PERIOD_KEY, saveOrder, toRequest, type Order } from './rules';
import { AdminOnlyNotice, SubscriptionShell, useIsAdmin } from './SubscriptionShell';

const EXTRAS = ['storage', 'customers', 'items'] as const;

function initialOrder(s: Subscription, period: BillingPeriod, fromOrder: boolean, addStorage = false): Order {
  const saved = fromOrder ? loadOrder() : null;
  if (saved) return saved;
  const addition = s.sub.subscription_confirmed && s.sub.state !== 'expired';
  // `?add=storage` (storage-space screen): one more 5 GB slot in the order.
  const storage = (items: Order['items']) => {
    if (!addStorage) return items;
    const has = items.find((i) => i.type === 'storage');
    return has
      ? items.map((i) => (i === has ? { ...i, quantity: i.quantity + 1 } : i))
      : [...items, { type: 'storage' as const, quantity: 1 }];
  };
  if (addition) return { items: storage([]), vouchers: [], billingPeriod: period, renew: false, replace: false };
  return {
    items: storage(s.sub.renewListino.breakList),
    vouchers: [],
    billingPeriod: period,
    renew: false,
    replace: true,
  };
}

function QuoteEditor({ s }: { s: Subscription }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const admin = useIsAdmin();
  const [params] = useSearchParams();
  const [period, setPeriod] = useLocalStorage<BillingPeriod>({ key: PERIOD_KEY, defaultValue: 'yearly' });
  const [order, setOrder] = useState<Order>(() =>
    initialOrder(s, period, params.get('from') === 'order', params.get('add') === 'storage'),
  );
  const [voucher, setVoucher] = useState('');
  const [voucherError, setVoucherError] = useState<string | null>(null);
  const check = useCheckVoucher();
  const addition = !order.replace && !order.renew && s.sub.subscription_confirmed && s.sub.state !== 'expired';

  useEffect(() => setOrder((o) => ({ ...o, billingPeriod: period })), [period]);
  const qty = (type: string) => order.items.find((i) => i.type === type)?.quantity ?? 0;
  const setQty = (type: BreakListEntry['type'], quantity: number) =>
    setOrder((o) => ({
      ...o,
      items: [...o.items.filter((i) => i.type !== type), ...(quantity > 0 ? [{ type, quantity }] : [])],
    }));
  const plan: PlanType =
    (order.items.find((i) => isPlanType(i.type))?.type as PlanType | undefined) ?? s.sub.subscription_type;
  const setPlan = (p: PlanType) => {
    const n = qty(plan);
    setOrder((o) => ({
      ...o,
      items: [...o.items.filter((i) => !isPlanType(i.type)), ...(n > 0 ? [{ type: p, quantity: n }] : [])],
    }));
  };

  const request = useMemo(() => (order.items.length || !addition ? toRequest(order) : null), [order, addition]);
  const [debounced] = useDebouncedValue(request, 250);
  const estimate = useEstimate(debounced);

  const applyVoucher = async () => {
    const code = voucher.trim().toUpperCase();
    if (!code) return;
    setVoucherError(null);
    try {
      const v = await check.mutateAsync(code);
      setOrder((o) => ({ ...o, vouchers: [...new Set([...o.vouchers, v.code])] }));
      setVoucher('');
    } catch (e) {
      // The field speaks of a discount code: so does its error (0011 is worded for the registration's promo code).
      setVoucherError(
        isApiError(e) && (e.code === '0011' || e.status === 404)
          ? t('subscription.quote.voucherInvalid')
          : errorText(t, e),
      );
    }
  };
  const estimateError = estimate.isError
    ? (isApiError(estimate.error) && estimate.error.fields[0]?.message) || errorText(t, estimate.error)
    : null;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Card withBorder radius="md" padding="lg">
          <Stack>
            <Text size="sm" c="dimmed">
              {t(addition ? 'subscription.quote.additionHint' : 'subscription.quote.newTermHint')}
            </Text>
            <div>
              <Text fw={500} size="sm" mb={4}>
                {t('subscription.quote.billing')}
              </Text>
              <SegmentedControl
                value={order.billingPeriod}
                onChange={(v) => setPeriod(v as BillingPeriod)}
                data={[
                  { value: 'yearly', label: t('subscription.periods.yearly') },
                  { value: 'monthly', label: t('subscription.periods.monthly') },
                ]}
              />
            </div>
            <Group grow align="flex-end">
              <Select
                label={t('subscription.quote.plan')}
                value={plan}
                disabled={addition}
                allowDeselect={false}
                onChange={(v) => v && setPlan(v as PlanType)}
                data={PLAN_TYPES.map((p) => ({ value: p, label: t(`plans.${p}`) }))}
              />
              <NumberInput
                label={t(addition ? 'subscription.quote.licencesToAdd' : 'subscription.quote.licences')}
                min={0}
                max={plan === 'lite' ? 3 : 999}
                value={qty(plan)}
                onChange={(v) => setQty(plan, Number(v) || 0)}
              />
            </Group>
            {EXTRAS.map((x) => (
              <NumberInput
                key={x}
                label={t(`subscription.quote.slots_${x}`)}
                min={0}
                max={100}
                value={qty(x)}
                onChange={(v) => setQty(x, Number(v) || 0)}
              />
            ))}
            <Stack gap={6}>
              <Text fw={500} size="sm">
                {t('subscription.quote.options')}
              </Text>
              {PAID_OPTIONS.map((o) => (
                <Checkbox
                  key={o}
                  label={t(`subscription.items.option_${o}`)}
                  checked={qty(`option:${o}`) > 0}
                  onChange={(e) => setQty(`option:${o}`, e.currentTarget.checked ? 1 : 0)}
                />
              ))}
            </Stack>
            <Group align="flex-start" gap="xs">
              <TextInput
                label={t('subscription.quote.voucher')}
                value={voucher}
                error={voucherError}
                style={{ flex: 1 }}
                onChange={(e) => setVoucher(e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    void applyVoucher();
                  }
                }}
              />
              <Button mt={25} variant="light" onClick={() => void applyVoucher()} loading={check.isPending}>
                {t('subscription.quote.apply')}
              </Button>
            </Group>
            {order.vouchers.length > 0 && (
              <Group gap="xs">
                {order.vouchers.map((v) => (
                  <Badge
                    key={v}
                    variant="light"
                    rightSection={
                      <CloseButton
                        size="xs"
                        aria-label={t('subscription.quote.removeVoucher', { code: v })}
                        onClick={() => setOrder((o) => ({ ...o, vouchers: o.vouchers.filter((x) => x !== v) }))}
                      />
                    }
                  >
                    {v}
                  </Badge>
                ))}
              </Group>
            )}
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t('subscription.quote.estimate')}
          </Title>
          {!request && <Text c="dimmed">{t('subscription.quote.empty')}</Text>}
          {request && estimateError && (
            <Alert color="red" role="alert">
              {estimateError}
            </Alert>
          )}
          {request && !estimateError && estimate.data && <EstimateTable estimate={estimate.data} />}
          {request && estimate.isPending && !estimate.data && <PageLoader />}
          <Text size="sm" c="dimmed" mt="sm">
            {t('subscription.vatExcluded')}
          </Text>
          {admin && (
            <Button
              mt="md"
              disabled={!request || !!estimateError || !estimate.data}
              onClick={() => {
                saveOrder(order);
                void navigate('/subscription-plan/checkout');
              }}
            >
              {t('subscription.quote.proceed')}
            </Button>
          )}
        </Card>
      </Grid.Col>
    </Grid>
  );
}

/** /subscription-plan/quote: choose items, billing period and vouchers; live estimate. */
export function QuotePage() {
  const q = useSubscription();
  return (
    <SubscriptionShell page="quote">
      <AdminOnlyNotice />
      {q.isError && <LoadError error={q.error} onRetry={() => void q.refetch()} />}
      {q.isPending && <PageLoader />}
      {q.data && <QuoteEditor s={q.data} />}
    </SubscriptionShell>
  );
}
