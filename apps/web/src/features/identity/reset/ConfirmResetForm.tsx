import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText, isApiError } from '../../../app/api/errors';
import { useConfirmReset } from './api';

const MIN_LENGTH = 8;

/**
 * A used or expired link answers 401; a token that is not even well-formed (a truncated or
 * edited link) is refused by the request schema with 400 on the field `token`. Both are a bad
 * link for the user, not a form to correct.
 */
export function isInvalidLink(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status === 401 || (error.status === 400 && error.fields.some((f) => f.path === 'token'));
}

export function ConfirmResetForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const confirm = useConfirmReset();
  const form = useForm({
    initialValues: { password: '', repeat: '' },
    validate: {
      password: (v) => (v.length >= MIN_LENGTH ? null : t('reset.minLength', { count: MIN_LENGTH })),
      repeat: (v, values) => (v === values.password ? null : t('reset.mismatch')),
    },
  });

  if (confirm.isSuccess) {
    return (
      <Alert color="green" icon={<IconCircleCheck />} role="status" title={t('reset.doneTitle')}>
        <Text size="sm" mb="xs">
          {t('reset.done')}
        </Text>
        <Anchor component={Link} to="/login">
          {t('reset.backToLogin')}
        </Anchor>
      </Alert>
    );
  }
  const invalidLink = isInvalidLink(confirm.error);
  return (
    <form onSubmit={form.onSubmit(({ password }) => confirm.mutate({ token, password }))} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('reset.confirmIntro')}
        </Text>
        {confirm.isError && (
          <Alert color="red" icon={<IconAlertCircle />} role="alert">
            <Text size="sm">{invalidLink ? t('reset.problem') : errorText(t, confirm.error)}</Text>
            {invalidLink && (
              <Anchor component={Link} to="/access/reset-password" size="sm">
                {t('reset.requestNew')}
              </Anchor>
            )}
          </Alert>
        )}
        {/* Mantine marks the wrapper, not the <input>, as invalid: say it on the input too. */}
        <PasswordInput
          label={t('reset.newPassword')}
          autoComplete="new-password"
          required
          aria-invalid={form.errors.password ? true : undefined}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={t('reset.repeatPassword')}
          autoComplete="new-password"
          required
          aria-invalid={form.errors.repeat ? true : undefined}
          {...form.getInputProps('repeat')}
        />
        <Button type="submit" loading={confirm.isPending} fullWidth>
          {t('reset.save')}
        </Button>
      </Stack>
    </form>
  );
}
