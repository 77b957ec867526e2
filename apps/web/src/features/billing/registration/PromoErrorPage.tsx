import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconTicketOff } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../app/format';
import { usePageTitle } from '../../../app/use-page-title';
import { kept } from './api';
import classes from './registration.module.css';

/** /access/errore-registrazione-promo: registered, but the coupon was not valid (0004). */
export function PromoErrorPage() {
  const { t } = useTranslation();
  usePageTitle(t('register.promoError.title'));
  const [params] = useSearchParams();
  const token = params.get('token');
  const k = kept.get();
  const login = new URLSearchParams();
  if (k.partita_iva) login.set('piva', k.partita_iva);
  if (k.username) login.set('username', k.username);
  return (
    <Stack gap="lg" className={classes.wide}>
      <Title order={1} size="h2">
        {t('register.promoError.title')}
      </Title>
      <Alert color="yellow" icon={<IconTicketOff />} role="alert" title={t('alerts.0004')}>
        <Text size="sm">
          {k.scadenza_trial_date
            ? t('register.promoError.body', { date: formatDate(k.scadenza_trial_date) })
            : t('register.promoError.bodyGeneric')}
        </Text>
      </Alert>
      {k.partita_iva && (
        <Text>{t('register.done.howToLogin', { piva: k.partita_iva, username: k.username ?? '' })}</Text>
      )}
      <Group justify="flex-end">
        {token && (
          <Button
            variant="default"
            component={Link}
            to={`/register-promo-completa-dati?token=${encodeURIComponent(token)}`}
          >
            {t('register.promoError.complete')}
          </Button>
        )}
        <Button component={Link} to={`/login${login.size ? `?${login}` : ''}`}>
          {t('register.done.login')}
        </Button>
      </Group>
    </Stack>
  );
}
