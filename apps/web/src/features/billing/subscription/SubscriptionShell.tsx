import { Alert, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../app/use-page-title';
import { useSessionUser } from '../../../app/session/api';

const TABS = [
  { to: '/subscription-plan', key: 'plan' },
  { to: '/subscription-plan/subscription', key: 'subscription' },
  { to: '/subscription-plan/technicians', key: 'technicians' },
  { to: '/subscription-plan/quote', key: 'quote' },
  { to: '/subscription-plan/company-data', key: 'companyData' },
  { to: '/subscription-plan/checkout', key: 'checkout' },
] as const;

/** Title, subtitle and the tabs of the subscription area. */
export function SubscriptionShell({
  page,
  children,
}: {
  page: (typeof TABS)[number]['key'];
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  usePageTitle(t(`subscription.pages.${page}.title`));
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t(`subscription.pages.${page}.title`)}</Title>
        <Text c="dimmed">{t(`subscription.pages.${page}.subtitle`)}</Text>
      </div>
      <Tabs value={pathname.replace(/\/$/, '')} onChange={(v) => v && navigate(v)} keepMounted={false}>
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.to} value={tab.to}>
              {t(`subscription.pages.${tab.key}.tab`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {children}
    </Stack>
  );
}

/** Buying is for administrators; others are told to ask theirs (spec section 6). */
export function AdminOnlyNotice() {
  const { t } = useTranslation();
  const { data: user } = useSessionUser();
  if (user?.role === 'admin') return null;
  return (
    <Alert color="yellow" icon={<IconLock />} role="status">
      {t('subscription.askAdmin')}
    </Alert>
  );
}

export function useIsAdmin(): boolean {
  return useSessionUser().data?.role === 'admin';
}
