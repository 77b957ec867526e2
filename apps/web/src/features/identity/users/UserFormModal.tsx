import {
  Button,
  Group,
  Modal,
  MultiSelect,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Title,
} from '@mantine/core';
import { TextInput } from '../../../app/components/TextFields';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, USER_MAX, type User } from '@fs/contract';
import { errorText, isApiError } from '../../../app/api/errors';
import { notify } from '../../../app/notify';
import { useSaveUser } from './api';
import { useGuardedClose } from '../../../app/guarded-close';
import { useSessionUser } from '../../../app/session/api';
import { useJobs } from '../../registries';
import { timeZones, toRequest, toValues, userValidation, type UserValues } from './user-form';
import { DecimalInput } from '../../../app/components/DecimalInput';

interface Props {
  /** The user to edit; null creates one. */
  user: User | null;
  opened: boolean;
  onClose: () => void;
  /** Whether the signed-in user is an administrator (only they give the admin role). */
  isAdmin: boolean;
  onLicenceRefused: () => void;
}

export function UserFormModal({ user, opened, onClose, isAdmin, onLicenceRefused }: Props) {
  const { t } = useTranslation();
  const save = useSaveUser();
  const creating = user === null;
  const me = useSessionUser();
  const isSelf = !!user && me.data?.id === user.id;
  const form = useForm<UserValues>({ initialValues: toValues(user), validate: userValidation(t, creating) });
  const close = useGuardedClose(form, onClose);
  // Job roles: offered when the user may read them (loaded with mansioni read only).
  const jobs = useJobs();

  const submit = form.onSubmit(
    (values) =>
      save.mutate(toRequest(values, user?.id), {
        onSuccess: () => {
          notify.success(t(creating ? 'users.form.created' : 'users.form.saved'));
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.fields.length) {
            form.setErrors(
              Object.fromEntries(
                error.fields.map((f) => [f.path, t(`users.form.server.${f.path}`, { defaultValue: f.message })]),
              ),
            );
            notify.warning(t('users.form.invalid'));
          } else if (isApiError(error) && error.code === '0006') {
            notify.error(errorText(t, error));
            onLicenceRefused();
          } else notify.error(errorText(t, error));
        },
      }),
    () => notify.warning(t('users.form.invalid')),
  );

  const languages = LANGUAGES.map((l) => ({ value: l.codice, label: l.nome }));
  return (
    <Modal
      opened={opened}
      onClose={close}
      size="lg"
      title={t(creating ? 'users.form.newTitle' : 'users.form.editTitle')}
    >
      <form onSubmit={submit} noValidate aria-label={t(creating ? 'users.form.newTitle' : 'users.form.editTitle')}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('users.fields.name')}
              maxLength={USER_MAX.name}
              {...form.getInputProps('name')}
              data-autofocus
            />
            <TextInput
              label={t('users.fields.surname')}
              maxLength={USER_MAX.surname}
              {...form.getInputProps('surname')}
            />
            <TextInput
              label={t('users.fields.username')}
              required
              autoComplete="off"
              maxLength={USER_MAX.username}
              {...form.getInputProps('username')}
            />
            <TextInput
              label={t('users.fields.email')}
              type="email"
              maxLength={USER_MAX.email}
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label={t('users.fields.password')}
              maxLength={USER_MAX.password}
              required={creating}
              description={creating ? undefined : t('users.form.passwordHint')}
              autoComplete="new-password"
              {...form.getInputProps('password')}
            />
            {isSelf && form.values.password && (
              <PasswordInput
                label={t('users.fields.passwordAttuale')}
                maxLength={USER_MAX.password}
                description={t('users.form.currentPasswordHint')}
                required
                autoComplete="current-password"
                {...form.getInputProps('passwordAttuale')}
              />
            )}
            <Select
              label={t('users.fields.role')}
              data={[
                { value: 'user', label: t('users.roles.user') },
                { value: 'admin', label: t('users.roles.admin') },
              ]}
              allowDeselect={false}
              disabled={!isAdmin}
              {...form.getInputProps('role')}
            />
            <Select
              label={t('users.fields.lingua')}
              data={languages}
              placeholder={t('users.form.companyLanguage')}
              allowDeselect={false}
              {...form.getInputProps('lingua')}
            />
            <Select
              label={t('users.fields.timezone')}
              data={timeZones(form.values.timezone)}
              placeholder={t('users.form.companyTimezone')}
              searchable
              limit={50}
              allowDeselect={false}
              {...form.getInputProps('timezone')}
            />
          </SimpleGrid>
          <Switch
            label={t('users.fields.scheduleenabled')}
            description={t('users.form.scheduleHint')}
            {...form.getInputProps('scheduleenabled', { type: 'checkbox' })}
          />
          {jobs.data && (
            <MultiSelect
              label={t('jobs.userField')}
              description={t('jobs.userFieldHint')}
              data={[
                ...jobs.data.map((j) => ({ value: j.id, label: j.nome })),
                // A held job role the list does not know yet (cache) stays visible.
                ...(user?.mansioni ?? [])
                  .filter((m) => !jobs.data.some((j) => j.id === m.id))
                  .map((m) => ({ value: m.id, label: m.nome })),
              ]}
              searchable
              clearable
              nothingFoundMessage={t('jobs.none')}
              {...form.getInputProps('mansioni')}
            />
          )}
          <Title order={3} size="h5">
            {t('users.form.prices')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <DecimalInput money label={t('users.fields.netPriceKm')} {...form.getInputProps('netPriceKm')} />
            <DecimalInput
              money
              label={t('users.fields.netPriceOreViaggio')}
              {...form.getInputProps('netPriceOreViaggio')}
            />
            <DecimalInput money label={t('users.fields.netPriceTecnico')} {...form.getInputProps('netPriceTecnico')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
