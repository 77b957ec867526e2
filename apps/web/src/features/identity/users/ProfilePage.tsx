import { Button, Card, Grid, Group, Image, Select, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CLIENT, LANGUAGES, type User } from '@fs/contract';
import { Facts } from '../../../app/components/Facts';
import { LoadError } from '../../../app/components/LoadError';
import { PageLoader } from '../../../app/components/PageLoader';
import { errorText } from '../../../app/api/errors';
import { localeOfLingua, writeLocaleCookie } from '../../../app/i18n';
import { notify } from '../../../app/notify';
import { usePageTitle } from '../../../app/use-page-title';
import { useCan, useSessionUser } from '../../../app/session/api';
import { displayName } from '../../../app/session/display-name';
import { useDeleteSignature, useSaveUser, useUser } from './api';
import { AppAccessQr } from '../../../app/components/AppAccessQr';
import { ProfilePhoto } from './ProfilePhoto';
import { timeZones, toRequest, toValues } from './user-form';
import { formatMoney } from '../../../app/numbers';
import { useUnsavedChangesGuard } from '../../../app/guarded-close';

function Preferences({ user }: { user: User }) {
  const { t } = useTranslation();
  const save = useSaveUser();
  const form = useForm({ initialValues: { lingua: user.lingua, timezone: user.timezone } });
  useUnsavedChangesGuard(form.isDirty());
  const submit = form.onSubmit((v) =>
    save.mutate(
      { ...toRequest(toValues(user), user.id), lingua: v.lingua as 'IT', timezone: v.timezone },
      {
        onSuccess: (saved) => {
          notify.success(t('users.profile.saved'));
          form.resetDirty(v);
          if (saved.lingua !== user.lingua) {
            const locale = localeOfLingua(saved.lingua);
            if (locale) writeLocaleCookie(locale);
            setTimeout(() => window.location.reload(), CLIENT.languageReloadDelayMs);
          }
        },
        onError: (error) => notify.error(errorText(t, error)),
      },
    ),
  );
  return (
    <form onSubmit={submit} aria-label={t('users.profile.preferences')}>
      <Stack gap="md">
        <Select
          label={t('users.fields.lingua')}
          data={LANGUAGES.map((l) => ({ value: l.codice, label: l.nome }))}
          allowDeselect={false}
          {...form.getInputProps('lingua')}
        />
        <Select
          label={t('users.fields.timezone')}
          data={timeZones(form.values.timezone)}
          searchable
          limit={50}
          allowDeselect={false}
          {...form.getInputProps('timezone')}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={save.isPending}
            disabled={!form.isDirty()}
            leftSection={<IconDeviceFloppy size={18} />}
          >
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Signature({ user }: { user: User }) {
  const { t } = useTranslation();
  const del = useDeleteSignature();
  if (!user.signature)
    return (
      <Text size="sm" c="dimmed">
        {t('users.signature.none')}
      </Text>
    );
  const confirm = () =>
    modals.openConfirmModal({
      title: t('users.signature.deleteTitle'),
      children: <Text size="sm">{t('users.signature.deleteText')}</Text>,
      labels: { confirm: t('users.signature.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => del.mutate(undefined, { onSuccess: () => notify.success(t('users.signature.deleted')) }),
    });
  return (
    <Stack gap="sm">
      {user.signature.startsWith('data:image/') ? (
        <Image src={user.signature} alt={t('users.signature.alt')} mah={120} fit="contain" bg="gray.0" />
      ) : (
        <Text size="sm">{t('users.signature.present')}</Text>
      )}
      <Button
        variant="light"
        color="red"
        onClick={confirm}
        loading={del.isPending}
        leftSection={<IconTrash size={16} />}
      >
        {t('users.signature.delete')}
      </Button>
    </Stack>
  );
}

export function ProfilePage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('users.profile.title'));
  const me = useSessionUser().data;
  const user = useUser(me?.id ?? null);
  const appAllowed = useCan('app_mobile', 'read') === true;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('users.profile.title')}</Title>
        <Text c="dimmed">{t('users.profile.subtitle')}</Text>
      </div>
      {user.isError && <LoadError error={user.error} onRetry={() => void user.refetch()} />}
      {user.isPending && <PageLoader />}
      {user.data && (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Card withBorder radius="md" padding="lg">
              <Title order={2} size="h4" mb="sm">
                {t('users.photo.title')}
              </Title>
              <ProfilePhoto userId={user.data.id} mediaId={user.data.media?.id ?? null} name={displayName(user.data)} />
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <Card withBorder radius="md" padding="lg">
                <Title order={2} size="h4" mb="sm">
                  {t('users.profile.account')}
                </Title>
                <Facts
                  items={[
                    { label: t('users.fields.fullName'), value: displayName(user.data) },
                    { label: t('users.fields.username'), value: user.data.username },
                    { label: t('users.fields.email'), value: user.data.email },
                    { label: t('users.fields.role'), value: t(`users.roles.${user.data.role}`) },
                    { label: t('users.fields.group'), value: user.data.gruppo?.name },
                  ]}
                />
              </Card>
              <Card withBorder radius="md" padding="lg">
                <Title order={2} size="h4" mb="sm">
                  {t('users.profile.preferences')}
                </Title>
                <Preferences key={`${user.data.lingua}-${user.data.timezone}`} user={user.data} />
              </Card>
              <Card withBorder radius="md" padding="lg">
                <Title order={2} size="h4" mb="sm">
                  {t('users.form.prices')}
                </Title>
                <Facts
                  items={[
                    {
                      label: t('users.fields.netPriceKm'),
                      value: user.data.netPriceKm && formatMoney(user.data.netPriceKm, i18n.language),
                    },
                    {
                      label: t('users.fields.netPriceOreViaggio'),
                      value: user.data.netPriceOreViaggio && formatMoney(user.data.netPriceOreViaggio, i18n.language),
                    },
                    {
                      label: t('users.fields.netPriceTecnico'),
                      value: user.data.netPriceTecnico && formatMoney(user.data.netPriceTecnico, i18n.language),
                    },
                  ]}
                />
                <Text size="xs" c="dimmed" mt="xs">
                  {t('users.profile.pricesReadOnly')}
                </Text>
              </Card>
              <Card withBorder radius="md" padding="lg">
                <Title order={2} size="h4" mb="sm">
                  {t('users.signature.title')}
                </Title>
                <Signature user={user.data} />
              </Card>
              {appAllowed && (
                <Card withBorder radius="md" padding="lg">
                  <Title order={2} size="h4" mb="xs">
                    {t('users.qr.title')}
                  </Title>
                  <Text size="sm" c="dimmed" mb="md">
                    {t('users.qr.help')}
                  </Text>
                  <AppAccessQr autoStart={false} />
                </Card>
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
