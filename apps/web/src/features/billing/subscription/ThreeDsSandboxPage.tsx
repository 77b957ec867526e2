import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/api/errors';
import { PageLoader } from '../../../app/components/PageLoader';
import { usePageTitle } from '../../../app/use-page-title';
import { useDecideChallenge, useSandboxChallenge } from './api';
import { formatCents } from '../../../app/numbers';

/** /public/3ds-sandbox?challenge=...: the sandbox gateway's stand-in for the bank's 3-D Secure page. */
export function ThreeDsSandboxPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('subscription.sandbox.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('challenge');
  const challenge = useSandboxChallenge(id);
  const decide = useDecideChallenge(id ?? '');
  const c = challenge.data;

  const answer = (outcome: 'pass' | 'fail') =>
    decide.mutate(outcome, { onSuccess: (item) => void navigate(item.return_url, { replace: true }) });

  return (
    <Card withBorder radius="md" padding="xl" maw={480} mx="auto">
      <Stack>
        <Group gap="xs">
          <IconShieldLock aria-hidden />
          <Title order={1} size="h3">
            {t('subscription.sandbox.title')}
          </Title>
        </Group>
        <Alert color="yellow">{t('subscription.sandbox.notice')}</Alert>
        {!id && <Alert color="red">{t('subscription.sandbox.missing')}</Alert>}
        {challenge.isError && (
          <Alert color="red" role="alert">
            {errorText(t, challenge.error)}
          </Alert>
        )}
        {id && challenge.isPending && <PageLoader />}
        {c && (
          <>
            <Text>
              {t('subscription.sandbox.confirmText', {
                amount: formatCents(c.amount_cents, i18n.language),
                brand: c.brand.toUpperCase(),
                last4: c.last4,
              })}
            </Text>
            {c.status === 'pending' ? (
              <Group>
                <Button onClick={() => answer('pass')} loading={decide.isPending && decide.variables === 'pass'}>
                  {t('subscription.sandbox.pass')}
                </Button>
                <Button
                  color="red"
                  variant="light"
                  onClick={() => answer('fail')}
                  loading={decide.isPending && decide.variables === 'fail'}
                >
                  {t('subscription.sandbox.fail')}
                </Button>
              </Group>
            ) : (
              <Button variant="light" onClick={() => navigate(c.return_url, { replace: true })}>
                {t('subscription.sandbox.back')}
              </Button>
            )}
            {decide.isError && (
              <Alert color="red" role="alert">
                {errorText(t, decide.error)}
              </Alert>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
