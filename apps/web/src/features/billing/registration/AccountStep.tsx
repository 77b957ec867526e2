import { PasswordInput, SimpleGrid, Stack } from '@mantine/core';
import { TextInput } from '../../../app/components/TextFields';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN, REGISTER_MAX } from '@fs/contract';
import type { RegisterValues } from './form';

/** Step 1: the administrator's account. */
export function AccountStep({ form }: { form: UseFormReturnType<RegisterValues> }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('register.fields.name')}
          autoComplete="given-name"
          required
          data-autofocus
          maxLength={REGISTER_MAX.name}
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('register.fields.surname')}
          autoComplete="family-name"
          required
          maxLength={REGISTER_MAX.surname}
          {...form.getInputProps('surname')}
        />
      </SimpleGrid>
      <TextInput
        label={t('register.fields.email')}
        description={t('register.hints.email')}
        type="email"
        autoComplete="email"
        required
        maxLength={REGISTER_MAX.email}
        {...form.getInputProps('email')}
      />
      <TextInput
        label={t('register.fields.username')}
        description={t('register.hints.username')}
        autoComplete="username"
        required
        maxLength={REGISTER_MAX.username}
        {...form.getInputProps('username')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <PasswordInput
          label={t('register.fields.password')}
          description={t('register.hints.password', { min: PASSWORD_MIN })}
          autoComplete="new-password"
          required
          maxLength={REGISTER_MAX.password}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={t('register.fields.passwordConfirm')}
          description={t('register.hints.passwordConfirm')}
          autoComplete="new-password"
          required
          maxLength={REGISTER_MAX.password}
          {...form.getInputProps('password_confirm')}
        />
      </SimpleGrid>
    </Stack>
  );
}
