import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconKey } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../../shell';
import { useHydrated } from '../../../../app/use-hydrated';
import { useCompleteLogin } from '../api';
import { useStartSso } from './api';
import { ssoErrorText } from './sso-errors';
import { useSsoReturn } from './use-sso-return';

/**
 * The single sign-on button of the login page, enabled when the server has an
 * issuer, and the handling of the provider's return to this page.
 */
export function SsoSection() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const config = usePublicConfig();
  const completeLogin = useCompleteLogin();
  const finish = useSsoReturn('web', completeLogin);
  const start = useStartSso('web');
  // As prerendered (decision 0043) until hydrated: React keeps the HTML's attributes, so the first render must match it.
  const hydrated = useHydrated();
  const enabled = hydrated && config.data?.sso.enabled === true;
  const error = finish.error ?? start.error;

  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert" title={t('login.failed')}>
          {ssoErrorText(t, error)}
        </Alert>
      )}
      <Button
        variant="default"
        leftSection={<IconKey size={18} />}
        fullWidth
        disabled={!enabled}
        loading={start.isPending || start.isSuccess || finish.isPending}
        title={enabled ? undefined : t('sso.notConfigured')}
        onClick={() => {
          finish.reset();
          start.mutate(params.get('redirectAfterLogin'));
        }}
      >
        {t('login.sso')}
      </Button>
      {(finish.isPending || start.isSuccess) && (
        <Text size="sm" c="dimmed" ta="center" role="status">
          {finish.isPending ? t('sso.signingIn') : t('sso.redirecting')}
        </Text>
      )}
    </Stack>
  );
}
