import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCreditCard } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../app/format';

/** Step 4: done; the administrator signs in with the company's VAT number. */
export function DoneStep(props: {
  piva?: string;
  username?: string;
  trialEnd?: string;
  card?: { last4: string; brand: string } | null;
}) {
  const { t } = useTranslation();
  const params = new URLSearchParams();
  if (props.piva) params.set('piva', props.piva);
  if (props.username) params.set('username', props.username);
  const login = `/login${params.size ? `?${params}` : ''}`;
  return (
    <Stack gap="md" align="stretch">
      <Stack gap={4} align="center" ta="center">
        <IconCircleCheck size={48} color="var(--mantine-color-green-6)" aria-hidden />
        <Title order={2} size="h3">
          {t('register.done.title')}
        </Title>
        <Text c="dimmed">
          {props.trialEnd
            ? t('register.done.trial', { date: formatDate(props.trialEnd) })
            : t('register.done.trialGeneric')}
        </Text>
      </Stack>
      {props.card ? (
        <Alert color="green" icon={<IconCreditCard />}>
          {t('register.done.card', { brand: props.card.brand.toUpperCase(), last4: props.card.last4 })}
        </Alert>
      ) : (
        <Alert color="gray" icon={<IconCreditCard />}>
          {t('register.done.noCard')}
        </Alert>
      )}
      {props.piva && (
        <Text ta="center">{t('register.done.howToLogin', { piva: props.piva, username: props.username ?? '' })}</Text>
      )}
      <Button component={Link} to={login} size="md">
        {t('register.done.login')}
      </Button>
    </Stack>
  );
}
