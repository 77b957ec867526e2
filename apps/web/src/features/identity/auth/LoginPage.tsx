import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LoginRequest } from '@fs/contract';
import { errorText, isApiError } from '../../../app/api/errors';
import { usePageTitle } from '../../../app/use-page-title';
import { useHydrated } from '../../../app/use-hydrated';
import { takeEarlySubmit } from '../../../app/early-submit';
import { useLogin } from './api';
import { SsoSection } from './sso/SsoSection';

function loginErrorText(t: ReturnType<typeof useTranslation>['t'], error: unknown): string {
  if (isApiError(error) && error.status === 429) return t('errors.rateLimited');
  return errorText(t, error);
}

export function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('login.title'));
  const login = useLogin();
  // Prerendered (decision 0043), the button submits nothing before React runs: a native submit would put the password in the address.
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const required = (value: string) => (value.trim() ? null : t('common.required'));
  const form = useForm<LoginRequest>({
    // A new registration lands here with its VAT number and username filled in.
    initialValues: { piva: params.get('piva') ?? '', username: params.get('username') ?? '', password: '' },
    validate: { piva: required, username: required, password: required },
  });
  // Prerendered, the fields take typing before React runs. Hydrating keeps what was typed on the page but not in the
  // form, and the render that follows would wipe it: it becomes the form's values first (a slow phone keeps them).
  const typed = {
    piva: useRef<HTMLInputElement>(null),
    username: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };
  useLayoutEffect(() => {
    const values: Partial<LoginRequest> = {};
    for (const key of ['piva', 'username', 'password'] as const) {
      const v = typed[key].current?.value;
      if (v && v !== form.getValues()[key]) values[key] = v;
    }
    if (Object.keys(values).length) form.setValues(values);
    // Once, on taking the page over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // A tap on the button or Enter before the app had loaded (the boot script kept it): submitted once live.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (hydrated && takeEarlySubmit()) formRef.current?.requestSubmit();
  }, [hydrated]);

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('login.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('login.subtitle')}
        </Text>
      </div>
      {login.isError && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert" title={t('login.failed')}>
          {loginErrorText(t, login.error)}
        </Alert>
      )}
      <form ref={formRef} onSubmit={form.onSubmit((values) => login.mutate(values))} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('login.piva')}
            autoComplete="organization"
            inputMode="numeric"
            required
            ref={typed.piva}
            {...form.getInputProps('piva')}
          />
          <TextInput
            label={t('login.username')}
            autoComplete="username"
            required
            ref={typed.username}
            {...form.getInputProps('username')}
          />
          <PasswordInput
            label={t('login.password')}
            autoComplete="current-password"
            required
            ref={typed.password}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/access/reset-password" size="sm">
              {t('login.forgot')}
            </Anchor>
          </Group>
          <Button type={hydrated ? 'submit' : 'button'} data-early-submit loading={login.isPending} fullWidth>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
      <Divider label={t('login.or')} labelPosition="center" />
      <SsoSection />
      <Text size="sm" ta="center">
        {t('register.noAccount')}{' '}
        <Anchor component={Link} to="/access/register" underline="always">
          {t('register.registerLink')}
        </Anchor>
      </Text>
    </Stack>
  );
}
