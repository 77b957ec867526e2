import { Button } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ALERT_CODES, isAlertCode } from '@fs/contract';
import { ErrorView } from '../../../app/components/ErrorView';
import { usePageTitle } from '../../../app/use-page-title';

/** /public/error?key=<alert code>: the translated alert, e.g. 0017 (another device). */
export function PublicErrorPage() {
  const { t } = useTranslation();
  usePageTitle(t('publicError.title'));
  const [params] = useSearchParams();
  const key = params.get('key');
  const message = isAlertCode(key) ? t(ALERT_CODES[key].key) : t('errors.unknown');
  return (
    <ErrorView
      title={t('publicError.title')}
      message={message}
      action={
        <Button component={Link} to="/login">
          {t('publicError.login')}
        </Button>
      }
    />
  );
}
