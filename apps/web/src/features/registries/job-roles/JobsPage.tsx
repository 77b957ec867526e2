import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  CloseButton,
  Group,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChecklistItem, JobRole } from '@fs/contract';
import { errorText, isApiError } from '../../../app/api/errors';
import { LoadError } from '../../../app/components/LoadError';
import { PageLoader } from '../../../app/components/PageLoader';
import { notify } from '../../../app/notify';
import { usePageTitle } from '../../../app/use-page-title';
import { useCan } from '../../../app/session/api';
import { displayName } from '../../../app/session/display-name';
import { useDeleteCheck, useDeleteJob, useJobs } from './api';
import { CheckFormModal, JobFormModal } from './JobModals';

type Editing =
  { kind: 'job'; job: JobRole | null } | { kind: 'check'; job: JobRole; check: ChecklistItem | null } | null;

/** /jobs: job roles with their checklists; a delete refused because of a use shows its alert (0032..0035). */
export function JobsPage() {
  const { t } = useTranslation();
  usePageTitle(t('jobs.title'));
  const canWrite = useCan('mansioni', 'write') === true;
  const canDelete = useCan('mansioni', 'delete') === true;
  const jobs = useJobs();
  const delJob = useDeleteJob();
  const delCheck = useDeleteCheck();
  const [editing, setEditing] = useState<Editing>(null);
  /** The refusal of the last delete, shown on the job role's card: which row and the alert text. */
  const [refusal, setRefusal] = useState<{ jobId: string; text: string } | null>(null);

  const refused = (jobId: string) => (e: unknown) => {
    const text = errorText(t, e);
    if (isApiError(e) && e.status === 403 && e.code && ['0032', '0033', '0034', '0035'].includes(e.code))
      setRefusal({ jobId, text });
    notify.error(text);
  };

  const confirmDeleteJob = (job: JobRole) =>
    modals.openConfirmModal({
      title: t('jobs.delete.title'),
      children: <Text size="sm">{t('jobs.delete.text', { name: job.nome, count: job.controlli.length })}</Text>,
      labels: { confirm: t('jobs.delete.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setRefusal(null);
        delJob.mutate(job.id, { onSuccess: () => notify.success(t('jobs.delete.done')), onError: refused(job.id) });
      },
    });

  const confirmDeleteCheck = (job: JobRole, check: ChecklistItem) =>
    modals.openConfirmModal({
      title: t('jobs.checks.deleteTitle'),
      children: <Text size="sm">{t('jobs.checks.deleteText', { name: check.nome_campo, job: job.nome })}</Text>,
      labels: { confirm: t('jobs.checks.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setRefusal(null);
        delCheck.mutate(check.id, {
          onSuccess: () => notify.success(t('jobs.checks.deleted')),
          onError: refused(job.id),
        });
      },
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('jobs.title')}</Title>
          <Text c="dimmed">{t('jobs.subtitle')}</Text>
        </div>
        {canWrite && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ kind: 'job', job: null })}>
            {t('jobs.new')}
          </Button>
        )}
      </Group>
      {jobs.isError && <LoadError error={jobs.error} onRetry={() => void jobs.refetch()} />}
      {jobs.isPending && <PageLoader />}
      {jobs.data?.length === 0 && <Alert color="gray">{t('jobs.empty')}</Alert>}
      {jobs.data?.map((job) => (
        <Card key={job.id} withBorder padding="md" component="section" aria-label={job.nome}>
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <div>
                <Title order={2} size="h4">
                  {job.nome}
                </Title>
                {job.descrizione && (
                  <Text size="sm" c="dimmed">
                    {job.descrizione}
                  </Text>
                )}
              </div>
              <Group gap={4} wrap="nowrap">
                {canWrite && (
                  <Tooltip label={t('jobs.edit')}>
                    <ActionIcon
                      variant="subtle"
                      onClick={() => setEditing({ kind: 'job', job })}
                      aria-label={t('jobs.editNamed', { name: job.nome })}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
                {canDelete && (
                  <Tooltip label={t('jobs.delete.confirm')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => confirmDeleteJob(job)}
                      aria-label={t('jobs.deleteNamed', { name: job.nome })}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Group>
            {refusal?.jobId === job.id && (
              <Alert
                color="red"
                icon={<IconAlertCircle />}
                role="alert"
                title={t('jobs.delete.refused')}
                withCloseButton={false}
              >
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text size="sm">{refusal.text}</Text>
                  <CloseButton size="sm" onClick={() => setRefusal(null)} aria-label={t('jobs.dismiss')} />
                </Group>
              </Alert>
            )}
            <Group gap={4}>
              <Text size="sm" fw={500}>
                {t('jobs.holders')}:
              </Text>
              {job.utenti.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('jobs.noHolders')}
                </Text>
              ) : (
                job.utenti.map((u) => (
                  <Badge key={u.id} variant="light">
                    {displayName(u)}
                  </Badge>
                ))
              )}
            </Group>
            {job.controlli.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('jobs.checks.empty')}
              </Text>
            ) : (
              <Table striped layout="fixed" aria-label={t('jobs.checks.tableLabel', { name: job.nome })}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('jobs.fields.nome_campo')}</Table.Th>
                    {/* Fixed widths: the checklists of every job role line up. */}
                    <Table.Th w="28%">{t('jobs.fields.tipo_campo')}</Table.Th>
                    <Table.Th w={130}>{t('jobs.fields.obbligatorio')}</Table.Th>
                    {(canWrite || canDelete) && <Table.Th w={90}>{t('lists.actions')}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {job.controlli.map((c) => (
                    <Table.Tr key={c.id}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {c.nome_campo}
                        </Text>
                        {c.descrizione && (
                          <Text size="xs" c="dimmed">
                            {c.descrizione}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {t(`jobs.types.${c.tipo_campo}`)}
                        {c.tipo_campo === 'select' && (
                          <Text size="xs" c="dimmed">
                            {c.valori.join(' · ')}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{c.obbligatorio ? t('jobs.yes') : t('jobs.no')}</Table.Td>
                      {(canWrite || canDelete) && (
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            {canWrite && (
                              <ActionIcon
                                variant="subtle"
                                onClick={() => setEditing({ kind: 'check', job, check: c })}
                                aria-label={t('jobs.checks.editNamed', { name: c.nome_campo })}
                              >
                                <IconPencil size={16} />
                              </ActionIcon>
                            )}
                            {canDelete && (
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                onClick={() => confirmDeleteCheck(job, c)}
                                aria-label={t('jobs.checks.deleteNamed', { name: c.nome_campo })}
                              >
                                <IconTrash size={16} />
                              </ActionIcon>
                            )}
                          </Group>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {canWrite && (
              <Group>
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => setEditing({ kind: 'check', job, check: null })}
                >
                  {t('jobs.checks.add')}
                </Button>
              </Group>
            )}
          </Stack>
        </Card>
      ))}
      {editing?.kind === 'job' && (
        <JobFormModal key={editing.job?.id ?? 'new'} job={editing.job} onClose={() => setEditing(null)} />
      )}
      {editing?.kind === 'check' && (
        <CheckFormModal
          key={editing.check?.id ?? `new-${editing.job.id}`}
          job={editing.job}
          check={editing.check}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
