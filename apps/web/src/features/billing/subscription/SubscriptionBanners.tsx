import { Alert, Anchor, Stack } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4, IconCreditCardOff, IconHourglassLow } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCan, useSessionUser } from '../../../app/session/api';
import { bannersFor, type Banner } from './rules';

const SUBSCRIPTION = '/subscription-plan/subscription';

function BannerAlert({ banner }: { banner: Banner }) {
  const { t } = useTranslation();
  const link = (key: string, to = SUBSCRIPTION) => (
    <Anchor component={Link} to={to} fw={600} ml="xs">
      {t(key)}
    </Anchor>
  );
  switch (banner.kind) {
    case 'expired':
      return (
        <Alert color="red" variant="filled" icon={<IconAlertTriangle />} role="alert" data-banner="expired">
          {t('subscription.banners.expired')}
          <Anchor component={Link} to={SUBSCRIPTION} c="white" fw={700} ml="xs" underline="always">
            {t('subscription.banners.renew')}
          </Anchor>
        </Alert>
      );
    case 'trialExpired':
      return (
        <Alert color="red" variant="filled" icon={<IconHourglassLow />} role="alert" data-banner="trialExpired">
          {t('subscription.banners.trialExpired')}
          <Anchor component={Link} to={SUBSCRIPTION} c="white" fw={700} ml="xs" underline="always">
            {t('subscription.banners.subscribe')}
          </Anchor>
        </Alert>
      );
    case 'paymentFailed':
      return (
        <Alert color="orange" icon={<IconCreditCardOff />} role="alert" data-banner="paymentFailed">
          {t('subscription.banners.paymentFailed')}
          {link('subscription.banners.updateCard', '/subscription-plan/checkout')}
        </Alert>
      );
    case 'trial':
      return (
        <Alert color="brand" icon={<IconClockHour4 />} data-banner="trial">
          {t('subscription.banners.trial', { count: banner.days })}
          {link('subscription.banners.subscribe', '/subscription-plan/quote')}
        </Alert>
      );
    case 'expiring':
      return (
        <Alert color="yellow" icon={<IconClockHour4 />} data-banner="expiring">
          {t('subscription.banners.expiring', { count: banner.days })}
          {link('subscription.banners.renew')}
        </Alert>
      );
  }
}

/** Subscription banners of the default layout, for users who may read the subscription. */
export function SubscriptionBanners() {
  const { data: user } = useSessionUser();
  const allowed = useCan('gestione_abbonamento', 'read') === true;
  if (!user || !allowed) return null;
  const banners = bannersFor(user.aziendamap);
  if (!banners.length) return null;
  return (
    <Stack gap="xs" mb="md">
      {banners.map((b) => (
        <BannerAlert key={b.kind} banner={b} />
      ))}
    </Stack>
  );
}
