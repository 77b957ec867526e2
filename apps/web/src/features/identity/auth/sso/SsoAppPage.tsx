import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginItem } from '@fs/contract';
import { usePageTitle } from '../../../../app/use-page-title';
import { useStartSso } from './api';
import { ssoErrorText } from './sso-errors';
import { useSsoReturn } from './use-sso-return';

declare global {
  interface Window {
    /** The companion app's WebView bridge (React Native convention), when this page runs inside it. */
    ReactNativeWebView?: { postMessage(message: string): void };
  }
}

/**
 * /ssorapp: single sign-on for the companion app. The session is an APP one and
 * is not kept by this web page: it goes to the app that opened the page
 * (docs/features/identity.md, SSO).
 */
export function handOffToApp(item: LoginItem, target: Window = window): void {
  target.ReactNativeWebView?.postMessage(JSON.stringify({ type: 'fs:sso-login', item }));
}

export function SsoAppPage() {
  const { t } = useTranslation();
  usePageTitle(t('sso.app.title'));
  const [done, setDone] = useState(false);
  const finish = useSsoReturn('app', (item) => {
    handOffToApp(item);
    setDone(true);
  });
  const start = useStartSso('app');
  const error = finish.error ?? start.error;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('sso.app.title')}
      </Title>
      {done ? (
        <Alert color="green" icon={<IconCircleCheck />} role="status">
          {t('sso.app.done')}
        </Alert>
      ) : (
        <>
          <Text c="dimmed" size="sm">
            {t('sso.app.intro')}
          </Text>
          {error && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert" title={t('login.failed')}>
              {ssoErrorText(t, error)}
            </Alert>
          )}
          <Button
            leftSection={<IconKey size={18} />}
            fullWidth
            loading={start.isPending || start.isSuccess || finish.isPending}
            onClick={() => {
              finish.reset();
              start.mutate(null);
            }}
          >
            {error ? t('sso.app.retry') : t('sso.app.start')}
          </Button>
          {finish.isPending && (
            <Text size="sm" c="dimmed" ta="center" role="status">
              {t('sso.signingIn')}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
