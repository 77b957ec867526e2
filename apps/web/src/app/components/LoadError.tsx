import { Alert, Button } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api/errors';

/** "Problemi nel caricamento della risorsa: <error>", with a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" icon={<IconAlertCircle />} role="alert" title={t('errors.loadFailedTitle')}>
      {t('errors.loadFailed', { error: errorText(t, error) })}
      {onRetry && (
        <Button size="xs" variant="light" color="red" mt="sm" display="block" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </Alert>
  );
}
