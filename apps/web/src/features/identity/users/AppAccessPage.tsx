import { useEffect, useRef } from 'react';
import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconAlertCircle } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/api/errors';
import { usePageTitle } from '../../../app/use-page-title';
import { displayName } from '../../../app/session/display-name';
import { useAppAccess } from './api';

/**
 * /public/app-access?otp=...: what the app-access QR code opens. The code is
 * exchanged once for a session of the companion app (source APP) on this device.
 */
export function AppAccessPage() {
  const { t } = useTranslation();
  usePageTitle(t('users.appAccess.title'));
  const [params] = useSearchParams();
  const otp = params.get('otp') ?? '';
  const access = useAppAccess();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || otp.length < 16) return;
    sent.current = true;
    access.mutate(otp);
  }, [otp, access]);

  return (
    <Stack gap="md" maw={480} mx="auto">
      <Title order={1} size="h2">
        {t('users.appAccess.title')}
      </Title>
      {otp.length < 16 && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {t('users.appAccess.missing')}
        </Alert>
      )}
      {access.isPending && (
        <Stack align="center">
          <Loader />
          <Text>{t('users.appAccess.checking')}</Text>
        </Stack>
      )}
      {access.isSuccess && (
        <Alert color="green" icon={<IconCircleCheck />} role="status" title={t('users.appAccess.okTitle')}>
          {t('users.appAccess.ok', { name: displayName(access.data), company: access.data.aziendamap.ragione_sociale })}
        </Alert>
      )}
      {access.isError && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert" title={t('users.appAccess.failedTitle')}>
          {errorText(t, access.error)}
        </Alert>
      )}
    </Stack>
  );
}
