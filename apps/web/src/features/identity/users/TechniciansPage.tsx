import { searchMatcher } from '../../../app/search-match';
import { useListParams } from '../../../app/components/list-url';

/** The list is the company's technicians in their order: only the search is in its address. */
const LIST = { sort: '' };
import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Progress,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconArrowDown,
  IconArrowUp,
  IconCalendarShare,
  IconPencil,
  IconPlus,
  IconSearch,
  IconUserCheck,
  IconUserOff,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Licences, User } from '@fs/contract';
import { LoadError } from '../../../app/components/LoadError';
import { PageLoader } from '../../../app/components/PageLoader';
import { errorText } from '../../../app/api/errors';
import { notify } from '../../../app/notify';
import { usePageTitle } from '../../../app/use-page-title';
import { useCan, useSessionUser } from '../../../app/session/api';
import { displayName } from '../../../app/session/display-name';
import { useSaveUser, useSwapOrder, useUsers } from './api';
import { toRequest, toValues } from './user-form';
import { UserFormModal } from './UserFormModal';
import { useTechnicianPositions } from '../../operations';
import { LastPosition } from '../../operations';
import { CalendarFeedModal } from '../../operations';

const BUY_PATH = '/subscription-plan/technicians';

function LicencesCard({ licences, isAdmin }: { licences: Licences; isAdmin: boolean }) {
  const { t } = useTranslation();
  const full = licences.used >= licences.allowed;
  return (
    <Card withBorder radius="md" padding="md" aria-label={t('users.licences.title')}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Text fw={600}>{t('users.licences.title')}</Text>
          <Text size="sm" c="dimmed">
            {t('users.licences.used', { used: licences.used, allowed: licences.allowed })}
            {licences.planLimit !== null && ` · ${t('users.licences.liteLimit', { limit: licences.planLimit })}`}
          </Text>
        </div>
        {isAdmin ? (
          <Anchor component={Link} to={BUY_PATH} underline="always">
            {t('users.licences.buy')}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {t('users.licences.askAdmin')}
          </Text>
        )}
      </Group>
      <Progress
        mt="sm"
        value={licences.allowed ? (100 * licences.used) / licences.allowed : 100}
        color={full ? 'red' : 'brand'}
        aria-hidden
      />
    </Card>
  );
}

export function TechniciansPage() {
  const { t } = useTranslation();
  usePageTitle(t('users.technicians.title'));
  const users = useUsers();
  const me = useSessionUser().data;
  const canWrite = useCan('gestione_tecnici', 'write') === true;
  const isAdmin = me?.role === 'admin';
  const navigate = useNavigate();
  const save = useSaveUser();
  const swap = useSwapOrder();
  // The search stays in the address (`q`), as every list's does: a reload or Back keeps it.
  const { search, setSearch } = useListParams(LIST);
  const [editing, setEditing] = useState<{ user: User | null } | null>(null);
  // An administrator makes or revokes a technician's calendar feed address (the planner's iCalendar).
  const [feedOf, setFeedOf] = useState<User | null>(null);

  const rows = useMemo(() => {
    const all = users.data?.items ?? [];
    const matches = searchMatcher(search);
    return all.filter((u) => matches([u.name, u.surname, u.username, u.email]));
  }, [users.data, search]);

  const licenceRefused = () =>
    modals.open({
      title: t('users.licences.refusedTitle'),
      children: (
        <Stack gap="sm">
          <Text size="sm">
            {t(users.data?.licences.planLimit !== null ? 'users.licences.refusedLite' : 'users.licences.refusedText')}
          </Text>
          {isAdmin ? (
            // Modals render outside the router: navigate by hand.
            <Button
              component="a"
              href={BUY_PATH}
              onClick={(e: React.MouseEvent) => {
                e.preventDefault();
                modals.closeAll();
                void navigate(BUY_PATH);
              }}
            >
              {t('users.licences.buy')}
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              {t('users.licences.askAdmin')}
            </Text>
          )}
        </Stack>
      ),
    });

  const toggleStatus = (u: User) => {
    const disabling = u.status === 'ACTIVE';
    modals.openConfirmModal({
      title: t(disabling ? 'users.technicians.disableTitle' : 'users.technicians.enableTitle'),
      children: (
        <Text size="sm">
          {t(disabling ? 'users.technicians.disableText' : 'users.technicians.enableText', { name: displayName(u) })}
        </Text>
      ),
      labels: {
        confirm: t(disabling ? 'users.technicians.disable' : 'users.technicians.enable'),
        cancel: t('common.cancel'),
      },
      confirmProps: { color: disabling ? 'red' : 'brand' },
      onConfirm: () =>
        save.mutate(
          { ...toRequest(toValues(u), u.id), status: disabling ? 'DISABLED' : 'ACTIVE' },
          {
            onSuccess: () => notify.success(t(disabling ? 'users.technicians.disabled' : 'users.technicians.enabled')),
            onError: (error) => {
              notify.error(errorText(t, error));
              if ((error as { code?: string }).code === '0006') licenceRefused();
            },
          },
        ),
    });
  };

  const positions = useTechnicianPositions();
  const showPositions = positions.data?.enabled === true;
  const positionOf = new Map((positions.data?.items ?? []).map((p) => [p.utenteId, p]));

  const move = (index: number, by: -1 | 1) => {
    const a = rows[index];
    const b = rows[index + by];
    if (a && b) swap.mutate({ id1: a.id, id2: b.id });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('users.technicians.title')}</Title>
          <Text c="dimmed">{t('users.technicians.subtitle')}</Text>
        </div>
        {canWrite && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ user: null })}>
            {t('users.technicians.new')}
          </Button>
        )}
      </Group>
      {users.isError && <LoadError error={users.error} onRetry={() => void users.refetch()} />}
      {users.isPending && <PageLoader />}
      {users.data && (
        <>
          <LicencesCard licences={users.data.licences} isAdmin={isAdmin} />
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t('users.technicians.search')}
            aria-label={t('users.technicians.search')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            maw={360}
          />
          {rows.length === 0 ? (
            <Alert color="gray">{t(search ? 'users.technicians.noMatch' : 'users.technicians.empty')}</Alert>
          ) : (
            <Table.ScrollContainer minWidth={760}>
              <Table striped highlightOnHover verticalSpacing="xs" aria-label={t('users.technicians.title')}>
                <Table.Thead>
                  <Table.Tr>
                    {canWrite && <Table.Th w={80}>{t('users.technicians.order')}</Table.Th>}
                    <Table.Th>{t('users.fields.fullName')}</Table.Th>
                    <Table.Th>{t('users.fields.username')}</Table.Th>
                    <Table.Th>{t('users.fields.email')}</Table.Th>
                    <Table.Th>{t('users.fields.role')}</Table.Th>
                    <Table.Th>{t('users.fields.group')}</Table.Th>
                    <Table.Th>{t('users.fields.status')}</Table.Th>
                    {showPositions && <Table.Th>{t('geolocation.lastPosition')}</Table.Th>}
                    {canWrite && (
                      <Table.Th w={100}>
                        <VisuallyHidden>{t('users.technicians.actions')}</VisuallyHidden>
                      </Table.Th>
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((u, i) => (
                    <Table.Tr key={u.id}>
                      {canWrite && (
                        <Table.Td>
                          <Group gap={2} wrap="nowrap">
                            <ActionIcon
                              variant="subtle"
                              size="sm"
                              disabled={!!search || i === 0 || swap.isPending}
                              onClick={() => move(i, -1)}
                              aria-label={t('users.technicians.moveUp', { name: displayName(u) })}
                            >
                              <IconArrowUp size={14} />
                            </ActionIcon>
                            <ActionIcon
                              variant="subtle"
                              size="sm"
                              disabled={!!search || i === rows.length - 1 || swap.isPending}
                              onClick={() => move(i, 1)}
                              aria-label={t('users.technicians.moveDown', { name: displayName(u) })}
                            >
                              <IconArrowDown size={14} />
                            </ActionIcon>
                          </Group>
                        </Table.Td>
                      )}
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {displayName(u)}
                        </Text>
                        {u.scheduleenabled === 'Y' && (
                          <Badge size="xs" variant="light">
                            {t('users.technicians.technician')}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>{u.username}</Table.Td>
                      <Table.Td>{u.email ?? '—'}</Table.Td>
                      <Table.Td>{t(`users.roles.${u.role}`)}</Table.Td>
                      <Table.Td>{u.gruppo?.name ?? '—'}</Table.Td>
                      <Table.Td>
                        <Badge color={u.status === 'ACTIVE' ? 'green' : 'gray'} variant="light">
                          {t(`users.status.${u.status}`)}
                        </Badge>
                      </Table.Td>
                      {showPositions && (
                        <Table.Td>
                          <LastPosition position={positionOf.get(u.id)} />
                        </Table.Td>
                      )}
                      {canWrite && (
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <Tooltip label={t('users.technicians.edit')}>
                              <ActionIcon
                                variant="subtle"
                                onClick={() => setEditing({ user: u })}
                                aria-label={t('users.technicians.editUser', { name: displayName(u) })}
                                disabled={u.role === 'admin' && !isAdmin}
                              >
                                <IconPencil size={16} />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip
                              label={t(
                                u.status === 'ACTIVE' ? 'users.technicians.disable' : 'users.technicians.enable',
                              )}
                            >
                              <ActionIcon
                                variant="subtle"
                                color={u.status === 'ACTIVE' ? 'red' : 'green'}
                                onClick={() => toggleStatus(u)}
                                disabled={u.id === me?.id || (u.role === 'admin' && !isAdmin)}
                                aria-label={t(
                                  u.status === 'ACTIVE'
                                    ? 'users.technicians.disableUser'
                                    : 'users.technicians.enableUser',
                                  { name: displayName(u) },
                                )}
                              >
                                {u.status === 'ACTIVE' ? <IconUserOff size={16} /> : <IconUserCheck size={16} />}
                              </ActionIcon>
                            </Tooltip>
                            {isAdmin && u.scheduleenabled === 'Y' && (
                              <Tooltip label={t('agenda.feed.titleFor', { name: displayName(u) })}>
                                <ActionIcon
                                  variant="subtle"
                                  onClick={() => setFeedOf(u)}
                                  aria-label={t('agenda.feed.titleFor', { name: displayName(u) })}
                                >
                                  <IconCalendarShare size={16} />
                                </ActionIcon>
                              </Tooltip>
                            )}
                          </Group>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      )}
      {editing && (
        <UserFormModal
          key={editing.user?.id ?? 'new'}
          user={editing.user}
          opened
          onClose={() => setEditing(null)}
          isAdmin={isAdmin}
          onLicenceRefused={licenceRefused}
        />
      )}
      <CalendarFeedModal
        key={feedOf?.id ?? 'none'}
        opened={feedOf !== null}
        onClose={() => setFeedOf(null)}
        utenteId={feedOf?.id}
        name={feedOf ? displayName(feedOf) : undefined}
      />
    </Stack>
  );
}
