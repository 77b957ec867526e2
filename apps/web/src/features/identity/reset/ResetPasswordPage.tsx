import { Anchor, Stack, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../app/use-page-title';
import { ConfirmResetForm } from './ConfirmResetForm';
import { RequestResetForm } from './RequestResetForm';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('reset.title'));
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('reset.title')}
      </Title>
      {token ? <ConfirmResetForm key={token} token={token} /> : <RequestResetForm />}
      <Anchor component={Link} to="/login" size="sm">
        {t('reset.backToLogin')}
      </Anchor>
    </Stack>
  );
}
