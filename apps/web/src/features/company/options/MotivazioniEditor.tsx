import { useState } from 'react';
import { ActionIcon, Button, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { TextInput } from '../../../app/components/TextFields';
import { modals } from '@mantine/modals';
import { IconCheck, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Reason } from '@fs/contract';
import { errorText } from '../../../app/api/errors';
import { LoadError } from '../../../app/components/LoadError';
import { notify } from '../../../app/notify';
import { useCan } from '../../../app/session/api';
import { useDeleteMotivazione, useMotivazioni, useSaveMotivazione } from './api';

/** The reasons suggested for an intervention (motivazioni), edited in the reporting section. */
export function MotivazioniEditor() {
  const { t } = useTranslation();
  const list = useMotivazioni();
  const save = useSaveMotivazione();
  const canWrite = useCan('personalizza_interventi', 'write') === true;
  const canDelete = useCan('personalizza_interventi', 'delete') === true;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = () => {
    if (!text.trim()) return setError(t('options.invalid.required'));
    save.mutate(
      { testo: text.trim() },
      {
        onSuccess: () => {
          setText('');
          setError(null);
          notify.success(t('options.reasons.added'));
        },
        onError: (e) => setError(errorText(t, e)),
      },
    );
  };

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('options.reasons.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('options.reasons.hint')}
      </Text>
      {list.isError && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      {list.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
      {list.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('options.reasons.empty')}
        </Text>
      )}
      {list.data && list.data.length > 0 && (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('options.reasons.title')}>
          {list.data.map((m) => (
            <ReasonRow key={m.id} m={m} canWrite={canWrite} canDelete={canDelete} />
          ))}
        </Stack>
      )}
      {canWrite && (
        <Group align="flex-start" gap="xs">
          <TextInput
            aria-label={t('options.reasons.new')}
            placeholder={t('options.reasons.new')}
            value={text}
            maxLength={200}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), add())}
            error={error}
            w={340}
          />
          <Button leftSection={<IconPlus size={16} />} onClick={add} loading={save.isPending} variant="light">
            {t('options.reasons.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function ReasonRow({ m, canWrite, canDelete }: { m: Reason; canWrite: boolean; canDelete: boolean }) {
  const { t } = useTranslation();
  const save = useSaveMotivazione();
  const remove = useDeleteMotivazione();
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const commit = () => {
    if (editing === null) return;
    if (!editing.trim()) return setError(t('options.invalid.required'));
    save.mutate(
      { id: m.id, testo: editing.trim() },
      {
        onSuccess: () => {
          setEditing(null);
          setError(null);
        },
        onError: (e) => setError(errorText(t, e)),
      },
    );
  };
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('options.reasons.deleteTitle'),
      children: <Text size="sm">{t('options.reasons.deleteText', { text: m.testo })}</Text>,
      labels: { confirm: t('options.reasons.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(m.id, {
          onSuccess: () => notify.success(t('options.reasons.deleted')),
          onError: (e) => notify.error(errorText(t, e)),
        }),
    });

  return (
    <Group component="li" gap="xs" wrap="nowrap" align="flex-start">
      {editing === null ? (
        <Text size="sm" style={{ flex: 1 }} py={4}>
          {m.testo}
        </Text>
      ) : (
        <TextInput
          size="xs"
          value={editing}
          maxLength={200}
          autoFocus
          style={{ flex: 1 }}
          maw={340}
          aria-label={t('options.reasons.edit')}
          error={error}
          onChange={(e) => setEditing(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
            if (e.key === 'Escape') setEditing(null);
          }}
        />
      )}
      {editing === null && canWrite && (
        <Tooltip label={t('options.reasons.edit')}>
          <ActionIcon
            variant="subtle"
            aria-label={`${t('options.reasons.edit')}: ${m.testo}`}
            onClick={() => setEditing(m.testo)}
          >
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {editing !== null && (
        <>
          <ActionIcon
            variant="subtle"
            color="green"
            aria-label={t('common.save')}
            onClick={commit}
            loading={save.isPending}
          >
            <IconCheck size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="gray" aria-label={t('common.cancel')} onClick={() => setEditing(null)}>
            <IconX size={16} />
          </ActionIcon>
        </>
      )}
      {editing === null && canDelete && (
        <Tooltip label={t('options.reasons.delete')}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`${t('options.reasons.delete')}: ${m.testo}`}
            onClick={confirmDelete}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
