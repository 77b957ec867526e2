import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Card, Grid, Radio, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PurchaseResult } from '@fs/contract';
import { errorText } from '../../../app/api/errors';
import { PageLoader } from '../../../app/components/PageLoader';
import { notify } from '../../../app/notify';
import { useComplete3ds, useConfirmCard, useConfirmTransfer, useEstimate, useSubscription } from './api';
import { CardForm, emptyCard, validateCard, type CardFields } from './CardForm';
import { EstimateTable } from './EstimateTable';
import { clearOrder, loadOrder, toRequest } from './rules';
import { AdminOnlyNotice, SubscriptionShell, useIsAdmin } from './SubscriptionShell';
import { TransferInstructions } from './SubscriptionPage';

function Done({ result }: { result: PurchaseResult }) {
  const { t } = useTranslation();
  return (
    <Stack maw={720}>
      <Alert
        color="green"
        icon={<IconCircleCheck />}
        title={t('subscription.checkout.doneTitle')}
        role="status"
        data-testid="checkout-done"
      >
        {t(
          result.status === 'pending_transfer'
            ? 'subscription.checkout.doneTransfer'
            : 'subscription.checkout.doneCard',
        )}
      </Alert>
      {result.instructions && <TransferInstructions i={result.instructions} />}
      <Anchor component={Link} to="/subscription-plan/subscription">
        {t('subscription.checkout.toSubscription')}
      </Anchor>
    </Stack>
  );
}

/** Back from the 3-D Secure page: completes the purchase once. */
function ChallengeReturn({ id }: { id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const complete = useComplete3ds();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    complete.mutate(id, {
      onSuccess: () => {
        clearOrder();
        notify.success(t('subscription.checkout.doneCard'));
      },
    });
  }, [id, complete, t]);
  if (complete.data) return <Done result={complete.data} />;
  if (complete.isError) {
    return (
      <Stack maw={720}>
        <Alert color="red" role="alert">
          {errorText(t, complete.error)}
        </Alert>
        <Button
          variant="light"
          w="fit-content"
          onClick={() => navigate('/subscription-plan/checkout', { replace: true })}
        >
          {t('subscription.checkout.tryAgain')}
        </Button>
      </Stack>
    );
  }
  return <PageLoader />;
}

function Checkout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const admin = useIsAdmin();
  const sub = useSubscription();
  const [order] = useState(loadOrder);
  const estimate = useEstimate(order ? toRequest(order) : null);
  const [method, setMethod] = useState<'card' | 'bank_transfer'>('card');
  const [card, setCard] = useState<CardFields>(emptyCard);
  const [cardErrors, setCardErrors] = useState<Partial<Record<keyof CardFields, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const payCard = useConfirmCard();
  const payTransfer = useConfirmTransfer();
  const [result, setResult] = useState<PurchaseResult | null>(null);

  useEffect(() => {
    if (sub.data) setMethod(sub.data.sub.subscription_payment_method);
  }, [sub.data]);

  if (result) return <Done result={result} />;
  if (!order) {
    return (
      <Alert color="blue" maw={720}>
        {t('subscription.checkout.noOrder')}{' '}
        <Anchor component={Link} to="/subscription-plan/quote">
          {t('subscription.checkout.toQuote')}
        </Anchor>
      </Alert>
    );
  }

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    try {
      if (method === 'bank_transfer') {
        const r = await payTransfer.mutateAsync(toRequest(order));
        clearOrder();
        setResult(r);
        return;
      }
      const v = validateCard(card);
      setCardErrors(v.errors);
      if (!v.card) return;
      const r = await payCard.mutateAsync({ ...toRequest(order), card: v.card });
      if (r.status === 'requires_action' && r.challenge_url) {
        void navigate(r.challenge_url);
        return;
      }
      clearOrder();
      notify.success(t('subscription.checkout.doneCard'));
      setResult(r);
    } catch (err) {
      setFailure(errorText(t, err));
    }
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t('subscription.checkout.summary')}
          </Title>
          {estimate.data && <EstimateTable estimate={estimate.data} />}
          {estimate.isError && (
            <Alert color="red" role="alert">
              {errorText(t, estimate.error)}
            </Alert>
          )}
          {estimate.isPending && <PageLoader />}
          <Text size="sm" c="dimmed" mt="sm">
            {t('subscription.vatExcluded')}
          </Text>
          <Anchor component={Link} to="/subscription-plan/quote?from=order" size="sm">
            {t('subscription.checkout.edit')}
          </Anchor>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Card withBorder radius="md" padding="lg" component="form" onSubmit={(e) => void submit(e)} noValidate>
          <Stack>
            <Radio.Group
              label={t('subscription.checkout.method')}
              value={method}
              onChange={(v) => setMethod(v as typeof method)}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="card" label={t('subscription.methods.card')} />
                <Radio value="bank_transfer" label={t('subscription.methods.bank_transfer')} />
              </Stack>
            </Radio.Group>
            {method === 'card' ? (
              <CardForm value={card} onChange={setCard} errors={cardErrors} />
            ) : (
              <Text size="sm">{t('subscription.checkout.transferHint')}</Text>
            )}
            {failure && (
              <Alert color="red" role="alert" data-testid="checkout-error">
                {failure}
              </Alert>
            )}
            <Button
              type="submit"
              disabled={!admin || !estimate.data}
              loading={payCard.isPending || payTransfer.isPending}
            >
              {t(method === 'card' ? 'subscription.checkout.payCard' : 'subscription.checkout.payTransfer')}
            </Button>
          </Stack>
        </Card>
      </Grid.Col>
    </Grid>
  );
}

/** /subscription-plan/checkout: card (with 3-D Secure) or bank transfer. */
export function CheckoutPage() {
  const [params] = useSearchParams();
  const challenge = params.get('challenge');
  return (
    <SubscriptionShell page="checkout">
      <AdminOnlyNotice />
      {challenge ? <ChallengeReturn id={challenge} /> : <Checkout />}
    </SubscriptionShell>
  );
}
