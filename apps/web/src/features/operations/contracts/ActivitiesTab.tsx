import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Activity, Contract, Occurrence } from '@fs/contract';
import { errorText, formErrorsOf } from '../../../app/api/errors';
import { confirmDelete } from '../../../app/confirm-delete';
import { LoadError } from '../../../app/components/LoadError';
import { notify } from '../../../app/notify';
import { useCan } from '../../../app/session/api';
import {
  activityDraftOf,
  activityErrorsOf,
  activityInputOf,
  emptyActivity,
  frequencyText,
  type ActivityDraft,
} from './activity-form';
import { ActivityModal } from './ActivityModal';
import { useActivities, useDeleteActivities, useSaveActivities } from './api';
import { OccurrencesTable } from './OccurrencesTable';
import { MakeReportModal, MoveDateModal } from './OccurrenceModals';

/** The contract's activities with their dates: to do, or the whole history with done and overdue dates and their reports. */
export function ActivitiesTab({ contract: c }: { contract: Contract }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const list = useActivities(c.id, all);
  const canWrite = useCan('contratti', 'write') === true && !c.cessato;
  const canDelete = useCan('contratti', 'delete') === true;
  const canReport = useCan('gestione_interventi', 'write') === true;
  const save = useSaveActivities(c.id);
  const remove = useDeleteActivities(c.id);
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<ActivityDraft | null>(null);
  const [reporting, setReporting] = useState<{ o: Occurrence; name: string } | null>(null);
  const [moving, setMoving] = useState<{ o: Occurrence; name: string } | null>(null);
  const period = {
    data_inizio: c.data_inizio ?? '',
    data_fine: c.data_fine ?? '',
    mesi_rinnovo: c.rinnovo_automatico ? c.mesi_rinnovo : null,
  };

  const onSave = async (d: ActivityDraft): Promise<Record<string, string> | void> => {
    try {
      await save.mutateAsync([activityInputOf(d)]);
      notify.success(d.id ? t('contracts.activities.saved') : t('contracts.activities.added'));
      setEditing(null);
    } catch (err) {
      const fields = formErrorsOf(err);
      if (fields) return activityErrorsOf(fields);
      notify.error(errorText(t, err));
    }
  };
  const askDelete = (ids: string[], name?: string) =>
    confirmDelete(t, {
      title: t('contracts.activities.deleteTitle', { count: ids.length }),
      text: name
        ? t('contracts.activities.deleteOne', { name })
        : t('contracts.activities.deleteMany', { count: ids.length }),
      confirm: t('contracts.activities.deleteConfirm'),
      done: t('contracts.activities.deleted', { count: ids.length }),
      remove: ({ onSuccess, onError }) =>
        remove.mutate(ids, {
          onSuccess: () => {
            setSelected((s) => s.filter((x) => !ids.includes(x)));
            onSuccess();
          },
          onError,
        }),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          aria-label={t('contracts.activities.view')}
          value={all ? 'all' : 'todo'}
          onChange={(v) => setAll(v === 'all')}
          data={[
            { value: 'todo', label: t('contracts.activities.todo') },
            { value: 'all', label: t('contracts.activities.history') },
          ]}
        />
        <Group gap="sm">
          {canDelete && selected.length > 0 && (
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => askDelete(selected)}
            >
              {t('contracts.activities.deleteSelected', { count: selected.length })}
            </Button>
          )}
          {canWrite && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(emptyActivity())}>
              {t('contracts.activities.add')}
            </Button>
          )}
        </Group>
      </Group>
      {list.error && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      {list.isPending && (
        <Center py="lg">
          <Loader aria-label={t('common.loading')} />
        </Center>
      )}
      {list.data?.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('contracts.activities.empty')}
        </Text>
      )}
      {list.data?.map((a) => (
        <ActivityCard
          key={a.id}
          a={a}
          selectable={canDelete}
          selected={selected.includes(a.id)}
          onSelect={(on) => setSelected((s) => (on ? [...s, a.id] : s.filter((x) => x !== a.id)))}
          onEdit={canWrite ? () => setEditing(activityDraftOf(a)) : undefined}
          onDelete={canDelete ? () => askDelete([a.id], a.nome) : undefined}
        >
          <OccurrencesTable
            items={a.contratto_date}
            name={a.nome}
            canReport={canReport && !c.cessato}
            canMove={canWrite}
            onReport={(o) => setReporting({ o, name: a.nome })}
            onMove={(o) => setMoving({ o, name: a.nome })}
          />
        </ActivityCard>
      ))}
      {editing && (
        <ActivityModal
          initial={editing}
          period={period}
          clienteId={c.cliente_id}
          title={editing.id ? t('contracts.activities.editTitle') : t('contracts.activities.newTitle')}
          saving={save.isPending}
          onSave={onSave}
          onClose={() => setEditing(null)}
        />
      )}
      {reporting && (
        <MakeReportModal occurrence={reporting.o} name={reporting.name} onClose={() => setReporting(null)} />
      )}
      {moving && <MoveDateModal occurrence={moving.o} name={moving.name} onClose={() => setMoving(null)} />}
    </Stack>
  );
}

function ActivityCard({
  a,
  selectable,
  selected,
  onSelect,
  onEdit,
  onDelete,
  children,
}: {
  a: Activity;
  selectable: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onEdit?: () => void;
  onDelete?: () => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const details = [
    frequencyText(a.frequenza, t),
    a.mansione?.nome,
    a.impianto?.nome,
    a.macchinari.length ? t('contracts.activities.machines', { count: a.macchinari.length }) : null,
    a.controlli.length ? t('contracts.activities.checks', { count: a.controlli.length }) : null,
    t('contracts.activities.minutes', { count: a.durata_minuti }),
  ].filter(Boolean);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={a.nome}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Group gap="sm" align="flex-start" wrap="nowrap">
          {selectable && (
            <Checkbox
              mt={4}
              aria-label={t('contracts.activities.select', { name: a.nome })}
              checked={selected}
              onChange={(e) => onSelect(e.currentTarget.checked)}
            />
          )}
          <div>
            <Text fw={600}>{a.nome}</Text>
            <Text size="sm" c="dimmed">
              {details.join(' · ')}
            </Text>
            {a.note && (
              <Text size="sm" mt={2} style={{ whiteSpace: 'pre-wrap' }}>
                {a.note}
              </Text>
            )}
          </div>
        </Group>
        <Group gap={4} wrap="nowrap">
          {onEdit && (
            <Tooltip label={t('contracts.activities.edit')}>
              <ActionIcon
                variant="subtle"
                size="lg"
                aria-label={t('contracts.activities.editName', { name: a.nome })}
                onClick={onEdit}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {onDelete && (
            <Tooltip label={t('contracts.activities.remove')}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('contracts.activities.removeName', { name: a.nome })}
                onClick={onDelete}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      {children}
    </Paper>
  );
}
