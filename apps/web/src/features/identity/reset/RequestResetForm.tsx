import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/api/errors';
import { useRequestReset } from './api';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function RequestResetForm() {
  const { t } = useTranslation();
  const request = useRequestReset();
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (v) => (EMAIL.test(v.trim()) ? null : t('reset.invalidEmail')) },
  });

  if (request.isSuccess) {
    return (
      <Alert color="green" icon={<IconMailCheck />} role="status" title={t('reset.sentTitle')}>
        {t('reset.neutral')}
      </Alert>
    );
  }
  return (
    <form onSubmit={form.onSubmit(({ email }) => request.mutate(email.trim()))} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('reset.requestIntro')}
        </Text>
        {request.isError && (
          <Alert color="red" icon={<IconAlertCircle />} role="alert">
            {errorText(t, request.error)}
          </Alert>
        )}
        <TextInput
          label={t('reset.email')}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={request.isPending} fullWidth>
          {t('reset.send')}
        </Button>
      </Stack>
    </form>
  );
}
