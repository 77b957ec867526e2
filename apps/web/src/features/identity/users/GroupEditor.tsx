import { Button, Checkbox, Group, Modal, MultiSelect, Stack, Table, Text } from '@mantine/core';
import { TextInput } from '../../../app/components/TextFields';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  PERMISSION_GROUP_MAX,
  groupPermissionMap,
  PAGE_KEYS,
  type PermissionGroup,
  type PagePermission,
  type PermissionMap,
  type User,
} from '@fs/contract';
import { errorText, isApiError } from '../../../app/api/errors';
import { notify } from '../../../app/notify';
import { displayName } from '../../../app/session/display-name';
import { useSaveGroup } from './api';
import { useGuardedClose } from '../../../app/guarded-close';

const COLUMNS: { scope: 'user' | 'company'; action: 'Read' | 'Write' | 'Delete' }[] = [
  { scope: 'user', action: 'Read' },
  { scope: 'user', action: 'Write' },
  { scope: 'user', action: 'Delete' },
  { scope: 'company', action: 'Read' },
  { scope: 'company', action: 'Write' },
  { scope: 'company', action: 'Delete' },
];
type Flag = keyof PagePermission;

interface Values {
  name: string;
  membri: string[];
  permissions: PermissionMap;
}

interface Props {
  group: PermissionGroup | null;
  users: User[];
  onClose: () => void;
}

/** Name, members (non-admin users not in another group) and the page × scope × action matrix. */
export function GroupEditor({ group, users, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveGroup();
  const form = useForm<Values>({
    initialValues: {
      name: group?.name ?? '',
      membri: group?.membri.map((m) => m.id) ?? [],
      permissions: group ? group.permissions : groupPermissionMap({}),
    },
    validate: { name: (v) => (v.trim() ? null : t('users.form.required')) },
  });
  const close = useGuardedClose(form, onClose);

  const candidates = users
    .filter((u) => u.role !== 'admin')
    .map((u) => {
      const elsewhere = u.gruppo && u.gruppo.id !== group?.id ? u.gruppo.name : null;
      return {
        value: u.id,
        label: elsewhere ? `${displayName(u)} (${t('users.groups.inOther', { group: elsewhere })})` : displayName(u),
        disabled: !!elsewhere,
      };
    });

  const flag = (key: (typeof PAGE_KEYS)[number], f: Flag) => ({
    checked: form.values.permissions[key][f],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const on = e.currentTarget.checked;
      const next = { ...form.values.permissions[key], [f]: on };
      // Writing or deleting needs reading; no reading means nothing else.
      const scope = f.startsWith('user') ? 'user' : 'company';
      if (on && !f.endsWith('Read')) next[`${scope}Read` as Flag] = true;
      if (!on && f.endsWith('Read')) {
        next[`${scope}Write` as Flag] = false;
        next[`${scope}Delete` as Flag] = false;
      }
      form.setFieldValue(`permissions.${key}`, next);
    },
  });

  const submit = form.onSubmit((v) =>
    save.mutate(
      { ...(group ? { id: group.id } : {}), name: v.name.trim(), membri: v.membri, permissions: v.permissions },
      {
        onSuccess: () => {
          notify.success(t('users.groups.saved'));
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.fields.length) {
            form.setErrors(
              Object.fromEntries(
                error.fields.map((f) => [f.path, t(`users.groups.server.${f.path}`, { defaultValue: f.message })]),
              ),
            );
          }
          notify.error(errorText(t, error));
        },
      },
    ),
  );

  return (
    <Modal opened onClose={close} size="xl" title={t(group ? 'users.groups.editTitle' : 'users.groups.newTitle')}>
      <form onSubmit={submit} noValidate aria-label={t(group ? 'users.groups.editTitle' : 'users.groups.newTitle')}>
        <Stack gap="md">
          <TextInput
            label={t('users.groups.name')}
            required
            data-autofocus
            maxLength={PERMISSION_GROUP_MAX.name}
            {...form.getInputProps('name')}
          />
          <MultiSelect
            label={t('users.groups.members')}
            description={t('users.groups.membersHint')}
            data={candidates}
            searchable
            clearable
            {...form.getInputProps('membri')}
          />
          <Table.ScrollContainer minWidth={640}>
            <Table striped withTableBorder verticalSpacing={4} aria-label={t('users.groups.matrix')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th rowSpan={2}>{t('users.groups.page')}</Table.Th>
                  <Table.Th colSpan={3} ta="center">
                    {t('users.groups.own')}
                  </Table.Th>
                  <Table.Th colSpan={3} ta="center">
                    {t('users.groups.company')}
                  </Table.Th>
                </Table.Tr>
                <Table.Tr>
                  {COLUMNS.map((c) => (
                    <Table.Th key={c.scope + c.action} ta="center">
                      {t(`users.groups.${c.action.toLowerCase()}`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {PAGE_KEYS.map((key) => (
                  <Table.Tr key={key}>
                    <Table.Td>
                      <Text size="sm">{t(`users.pageKeys.${key}`)}</Text>
                    </Table.Td>
                    {COLUMNS.map((c) => {
                      const f = `${c.scope}${c.action}` as Flag;
                      return (
                        <Table.Td key={f} ta="center">
                          <Checkbox
                            {...flag(key, f)}
                            styles={{ body: { justifyContent: 'center' } }}
                            aria-label={`${t(`users.pageKeys.${key}`)} – ${t(`users.groups.${c.scope === 'user' ? 'own' : 'company'}`)} – ${t(`users.groups.${c.action.toLowerCase()}`)}`}
                          />
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
