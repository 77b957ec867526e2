import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconLock, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PermissionGroup } from '@fs/contract';
import { ErrorView } from '../../../app/components/ErrorView';
import { LoadError } from '../../../app/components/LoadError';
import { PageLoader } from '../../../app/components/PageLoader';
import { notify } from '../../../app/notify';
import { usePageTitle } from '../../../app/use-page-title';
import { useSessionUser } from '../../../app/session/api';
import { displayName } from '../../../app/session/display-name';
import { useDeleteGroup, useGroups, useUsers } from './api';
import { GroupEditor } from './GroupEditor';

/** Permission groups: administrators only (the server refuses others too). */
export function GroupsPage() {
  const { t } = useTranslation();
  usePageTitle(t('users.groups.title'));
  const me = useSessionUser().data;
  const isAdmin = me?.role === 'admin';
  const groups = useGroups(isAdmin);
  const users = useUsers(isAdmin);
  const del = useDeleteGroup();
  const [editing, setEditing] = useState<{ group: PermissionGroup | null } | null>(null);

  if (!isAdmin)
    return <ErrorView status={403} title={t('errors.forbiddenTitle')} message={t('users.groups.adminOnly')} />;

  const confirmDelete = (g: PermissionGroup) =>
    modals.openConfirmModal({
      title: t('users.groups.deleteTitle'),
      children: <Text size="sm">{t('users.groups.deleteText', { name: g.name, members: g.membri.length })}</Text>,
      labels: { confirm: t('users.groups.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => del.mutate(g.id, { onSuccess: () => notify.success(t('users.groups.deleted')) }),
    });

  const failed = groups.isError ? groups : users.isError ? users : null;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('users.groups.title')}</Title>
          <Text c="dimmed">{t('users.groups.subtitle')}</Text>
        </div>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ group: null })} disabled={!users.data}>
          {t('users.groups.new')}
        </Button>
      </Group>
      <Alert color="blue" icon={<IconLock />}>
        {t('users.groups.explain')}
      </Alert>
      {failed && <LoadError error={failed.error} onRetry={() => void failed.refetch()} />}
      {(groups.isPending || users.isPending) && <PageLoader />}
      {groups.data &&
        users.data &&
        (groups.data.length === 0 ? (
          <Alert color="gray">{t('users.groups.empty')}</Alert>
        ) : (
          <Table striped highlightOnHover aria-label={t('users.groups.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('users.groups.name')}</Table.Th>
                <Table.Th>{t('users.groups.members')}</Table.Th>
                <Table.Th w={100}>{t('users.technicians.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {groups.data.map((g) => (
                <Table.Tr key={g.id}>
                  <Table.Td fw={500}>{g.name}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {g.membri.length === 0 && (
                        <Text size="sm" c="dimmed">
                          {t('users.groups.noMembers')}
                        </Text>
                      )}
                      {g.membri.map((m) => (
                        <Badge key={m.id} variant="light">
                          {displayName(m)}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label={t('users.groups.edit')}>
                        <ActionIcon
                          variant="subtle"
                          onClick={() => setEditing({ group: g })}
                          aria-label={t('users.groups.editNamed', { name: g.name })}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('users.groups.delete')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          onClick={() => confirmDelete(g)}
                          aria-label={t('users.groups.deleteNamed', { name: g.name })}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ))}
      {editing && users.data && (
        <GroupEditor
          key={editing.group?.id ?? 'new'}
          group={editing.group}
          users={users.data.items}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
