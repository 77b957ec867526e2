import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Textarea, TextInput } from '../../../app/components/TextFields';
import { useForm } from '@mantine/form';
import { IconPaperclip, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isValidMachineName, isValidSerialNumber, optionValue, type Plant, type Machine } from '@fs/contract';
import { MediaFiles } from '../../../app/components/MediaFiles';
import { NoteText } from '../../../app/components/NoteText';
import { errorText, isApiError, formErrorsOf } from '../../../app/api/errors';
import { notify } from '../../../app/notify';
import { confirmDelete } from '../../../app/confirm-delete';
import { useCan } from '../../../app/session/api';
import { useOptions } from '../../company';
import { useDeleteMachine, useMachines, useSaveMachine } from './api';
import { useGuardedClose } from '../../../app/guarded-close';

/** Machinery levels of the options: level 1 is the plant; machines take levels 2..n with their names. */
function useLevels() {
  const { t } = useTranslation();
  const options = useOptions();
  const n = Number(optionValue(options.data, 'livelli_macchinari', 'numero_livelli') ?? 2);
  const count = Number.isInteger(n) && n >= 1 && n <= 5 ? n : 2;
  const levels: { value: string; label: string }[] = [];
  for (let l = 2; l <= count; l++) {
    const name = optionValue(options.data, 'livelli_macchinari', `livello_${l}`);
    levels.push({ value: String(l), label: name ? `${l} · ${name}` : t('customers.machines.level', { level: l }) });
  }
  return levels;
}

type Values = { nome: string; matricola: string; livello: string; parentId: string | null; note: string };

function MachineModal({
  plant,
  machine,
  machines,
  onClose,
}: {
  plant: Plant;
  machine: Machine | null;
  machines: Machine[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveMachine();
  const levels = useLevels();
  const form = useForm<Values>({
    initialValues: {
      nome: machine?.nome ?? '',
      matricola: machine?.matricola ?? '',
      livello: String(machine?.livello ?? 2),
      parentId: machine?.parentId ?? null,
      note: machine?.note ?? '',
    },
    validate: {
      nome: (v) => (isValidMachineName(v) ? null : t('customers.machines.invalidNome')),
      matricola: (v) => (isValidSerialNumber(v) ? null : t('customers.machines.invalidMatricola')),
      parentId: (v, all) => (Number(all.livello) > 2 && !v ? t('common.required') : null),
    },
  });
  const close = useGuardedClose(form, onClose);
  const livello = Number(form.values.livello);
  const parents = machines
    .filter((m) => m.livello === livello - 1 && m.id !== machine?.id)
    .map((m) => ({ value: m.id, label: `${m.nome} (${m.matricola})` }));
  const title = t(machine ? 'customers.machines.editTitle' : 'customers.machines.newTitle');
  const submit = form.onSubmit(
    (v) =>
      save.mutate(
        {
          ...(machine ? { id: machine.id } : {}),
          impiantiId: plant.id,
          livello,
          parentId: livello > 2 ? v.parentId : null,
          nome: v.nome,
          matricola: v.matricola,
          note: v.note,
        },
        {
          onSuccess: () => {
            notify.success(t('customers.machines.saved'));
            onClose();
          },
          onError: (e) => {
            const errors = formErrorsOf(e, (f) => (isApiError(e) && e.code === '0029' ? t('alerts.0029') : f.message));
            if (errors) form.setErrors(errors);
            notify.error(errorText(t, e));
          },
        },
      ),
    () => notify.warning(t('alerts.0029')),
  );
  return (
    <Modal opened onClose={close} title={title}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          <TextInput
            label={t('customers.machines.nome')}
            required
            data-autofocus
            maxLength={120}
            {...form.getInputProps('nome')}
          />
          <TextInput
            label={t('customers.machines.matricola')}
            required
            maxLength={50}
            description={t('customers.machines.matricolaHint')}
            {...form.getInputProps('matricola')}
          />
          {levels.length > 1 && (
            <Select
              label={t('customers.machines.livello')}
              data={levels}
              allowDeselect={false}
              {...form.getInputProps('livello')}
            />
          )}
          {livello > 2 && (
            <Select
              label={t('customers.machines.parent')}
              data={parents}
              required
              nothingFoundMessage={t('customers.machines.noParent')}
              {...form.getInputProps('parentId')}
            />
          )}
          <Textarea
            label={t('customers.fields.note')}
            maxLength={4000}
            autosize
            minRows={2}
            {...form.getInputProps('note')}
          />
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

/** The machines of a plant: list by level (cards on a phone), add, edit, delete, photos and documents (media), notes. */
export function MachinesPanel({ plant }: { plant: Plant }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const machines = useMachines(plant.id);
  const canWrite = useCan('clienti_macchinari', 'write') === true;
  const canDelete = useCan('clienti_macchinari', 'delete') === true;
  const remove = useDeleteMachine();
  const [editing, setEditing] = useState<{ machine: Machine | null } | null>(null);
  const [files, setFiles] = useState<Machine | null>(null);
  const list = machines.data ?? [];
  const levels = useLevels();
  const levelName = (l: number) => levels.find((x) => x.value === String(l))?.label ?? String(l);
  const nameOf = (id: string | null) => list.find((m) => m.id === id)?.nome ?? '';
  const askDelete = (m: Machine) =>
    confirmDelete(t, {
      title: t('customers.machines.deleteTitle'),
      text: t('customers.machines.deleteText', { name: m.nome, matricola: m.matricola }),
      confirm: t('customers.delete.confirm'),
      done: t('customers.machines.deleted'),
      remove: (callbacks) => remove.mutate(m.id, callbacks),
    });
  const actions = (m: Machine) => (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t('customers.machines.files')}>
        <ActionIcon
          variant="subtle"
          aria-label={`${t('customers.machines.files')}: ${m.nome}`}
          onClick={() => setFiles(m)}
        >
          <IconPaperclip size={16} />
        </ActionIcon>
      </Tooltip>
      {canWrite && (
        <Tooltip label={t('customers.edit')}>
          <ActionIcon
            variant="subtle"
            aria-label={`${t('customers.edit')}: ${m.nome}`}
            onClick={() => setEditing({ machine: m })}
          >
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {canDelete && (
        <Tooltip label={t('customers.delete.confirm')}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`${t('customers.delete.confirm')}: ${m.nome}`}
            onClick={() => askDelete(m)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          {t('customers.machines.title')}
        </Text>
        {canWrite && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setEditing({ machine: null })}
          >
            {t('customers.machines.new')}
          </Button>
        )}
      </Group>
      {machines.isPending ? (
        <Text size="sm" c="dimmed">
          {t('common.loading')}
        </Text>
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('customers.machines.empty')}
        </Text>
      ) : phone ? (
        <Stack gap="xs" role="list" aria-label={t('customers.machines.title')}>
          {list.map((m) => (
            <Card key={m.id} withBorder radius="md" padding="sm" role="listitem">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {m.nome}
                  </Text>
                  {m.parentId && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {t('customers.machines.parent')}: {nameOf(m.parentId)}
                    </Text>
                  )}
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    <Text span c="dimmed" size="sm">
                      {t('customers.machines.matricola')}:{' '}
                    </Text>
                    {m.matricola}
                  </Text>
                  {levels.length > 1 && (
                    <Text size="sm">
                      <Text span c="dimmed" size="sm">
                        {t('customers.machines.livello')}:{' '}
                      </Text>
                      {levelName(m.livello)}
                    </Text>
                  )}
                </Stack>
                {actions(m)}
              </Group>
              {m.note && <NoteText mt={4}>{m.note}</NoteText>}
            </Card>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={500}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('customers.machines.nome')}</Table.Th>
                <Table.Th>{t('customers.machines.matricola')}</Table.Th>
                <Table.Th>{t('customers.machines.livello')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('lists.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>
                    {m.nome}
                    {m.parentId && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        · {nameOf(m.parentId)}
                      </Text>
                    )}
                    {m.note && (
                      <NoteText size="xs" c="dimmed" maw={420}>
                        {m.note}
                      </NoteText>
                    )}
                  </Table.Td>
                  <Table.Td>{m.matricola}</Table.Td>
                  <Table.Td>{levelName(m.livello)}</Table.Td>
                  <Table.Td>{actions(m)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && (
        <MachineModal plant={plant} machine={editing.machine} machines={list} onClose={() => setEditing(null)} />
      )}
      {files && (
        <Modal
          opened
          size="lg"
          onClose={() => setFiles(null)}
          title={t('customers.machines.filesOf', { name: files.nome })}
        >
          <MediaFiles section="macchinario" ownerId={files.id} canWrite={canWrite} canDelete={canDelete} />
        </Modal>
      )}
    </Stack>
  );
}
