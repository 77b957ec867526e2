import { useEffect, useRef } from 'react';
import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../../../app/api/errors';
import { notify } from '../../../../app/notify';
import { usePageTitle } from '../../../../app/use-page-title';
import { ACCOUNTING_TAB_PATH, useFicLogin } from './api';

/**
 * /oauth20/fattureincloud: Fatture in Cloud sends the admin back here with `code` and `state` (or `error`); the login
 * is completed once and the page goes back to the accounting tab.
 */
export function FicReturnPage() {
  const { t } = useTranslation();
  usePageTitle('Fatture in Cloud');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useFicLogin();
  const sent = useRef(false);
  const code = params.get('code');
  const state = params.get('state');
  const refused = params.get('error');

  useEffect(() => {
    if (sent.current || !code || !state) return;
    sent.current = true;
    login.mutate(
      { code, state },
      {
        onSuccess: () => {
          notify.success(t('accounting.fic.connectedNow'));
          void navigate(ACCOUNTING_TAB_PATH, { replace: true });
        },
      },
    );
  }, [code, state, login, navigate, t]);

  const problem = refused
    ? t('accounting.fic.refused', { error: params.get('error_description') ?? refused })
    : !code || !state
      ? t('accounting.fic.missingCode')
      : login.isError
        ? errorText(t, login.error)
        : null;
  return (
    <Stack gap="md" maw={560}>
      {problem ? (
        <>
          <Alert color="red" title={t('accounting.fic.failedTitle')}>
            {problem}
          </Alert>
          <Anchor component={Link} to={ACCOUNTING_TAB_PATH}>
            {t('accounting.fic.back')}
          </Anchor>
        </>
      ) : (
        <>
          <Loader />
          <Text>{t('accounting.fic.completing')}</Text>
        </>
      )}
    </Stack>
  );
}
