import { Alert, Button, Group, Text } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText, isApiError } from '../../../app/api/errors';
import { useTestSmtp } from './api';

/** Tests the saved SMTP settings with a real connection; a failure shows the server's own words. */
export function SmtpTest({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const test = useTestSmtp();
  return (
    <div>
      <Group gap="sm">
        <Button
          variant="light"
          leftSection={<IconPlugConnected size={18} />}
          onClick={() => test.mutate()}
          loading={test.isPending}
          disabled={dirty}
        >
          {t('options.smtp.test')}
        </Button>
        <Text size="sm" c="dimmed">
          {dirty ? t('options.smtp.saveFirst') : t('options.smtp.testHint')}
        </Text>
      </Group>
      {test.isSuccess && (
        <Alert mt="sm" color="green" role="status">
          {t('options.smtp.ok')}
        </Alert>
      )}
      {test.isError && (
        <Alert mt="sm" color="red" role="alert" title={errorText(t, test.error)}>
          {isApiError(test.error) && test.error.code === 'SMTP_FAILED' ? (
            <Text size="sm" ff="monospace" style={{ wordBreak: 'break-word' }}>
              {test.error.message}
            </Text>
          ) : null}
        </Alert>
      )}
    </div>
  );
}
