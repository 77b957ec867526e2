import { useState } from 'react';
import {
  Accordion,
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { Textarea, TextInput } from '../../../app/components/TextFields';
import { useForm } from '@mantine/form';
import { IconBuildingFactory2, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Plant } from '@fs/contract';
import { LoadError } from '../../../app/components/LoadError';
import { notify } from '../../../app/notify';
import { showSaveError } from '../../../app/form-errors';
import { confirmDelete } from '../../../app/confirm-delete';
import { useCan } from '../../../app/session/api';
import { useDeletePlant, usePlants, useSavePlant } from './api';
import { MachinesPanel } from './MachinesPanel';
import { useGuardedClose } from '../../../app/guarded-close';
import { mapLink, postalAddress } from '../../../app/components/contact-links';
import { NoteText } from '../../../app/components/NoteText';

type Values = { nome: string; indirizzo: string; citta: string; provincia: string; cap: string; note: string };

function PlantModal({ clienteId, plant, onClose }: { clienteId: string; plant: Plant | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSavePlant();
  const form = useForm<Values>({
    initialValues: {
      nome: plant?.nome ?? '',
      indirizzo: plant?.indirizzo ?? '',
      citta: plant?.citta ?? '',
      provincia: plant?.provincia ?? '',
      cap: plant?.cap ?? '',
      note: plant?.note ?? '',
    },
    validate: { nome: (v) => (v.trim() ? null : t('common.required')) },
  });
  const close = useGuardedClose(form, onClose);
  const title = t(plant ? 'customers.plants.editTitle' : 'customers.plants.newTitle');
  const submit = form.onSubmit((v) =>
    save.mutate(
      { ...(plant ? { id: plant.id } : {}), clienteId, ...v },
      {
        onSuccess: () => {
          notify.success(t('customers.plants.saved'));
          onClose();
        },
        onError: (e) => showSaveError(t, form, e),
      },
    ),
  );
  return (
    <Modal opened onClose={close} size="lg" title={title}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          <TextInput
            label={t('customers.plants.nome')}
            required
            data-autofocus
            maxLength={120}
            {...form.getInputProps('nome')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('customers.fields.indirizzo')} maxLength={200} {...form.getInputProps('indirizzo')} />
            <TextInput label={t('customers.fields.citta')} maxLength={100} {...form.getInputProps('citta')} />
            <TextInput label={t('customers.fields.provincia')} maxLength={10} {...form.getInputProps('provincia')} />
            <TextInput label={t('customers.fields.cap')} maxLength={10} {...form.getInputProps('cap')} />
          </SimpleGrid>
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

/** The customer's plants, each opening onto its machines. */
export function PlantsSection({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation();
  const plants = usePlants(clienteId);
  const canWrite = useCan('clienti_impianti', 'write') === true;
  const canDelete = useCan('clienti_impianti', 'delete') === true;
  const remove = useDeletePlant();
  const [editing, setEditing] = useState<{ plant: Plant | null } | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const askDelete = (p: Plant) =>
    confirmDelete(t, {
      title: t('customers.plants.deleteTitle'),
      text: t('customers.plants.deleteText', { name: p.nome, count: p.macchinari_count }),
      confirm: t('customers.delete.confirm'),
      done: t('customers.plants.deleted'),
      remove: (callbacks) => remove.mutate(p.id, callbacks),
    });
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="plants-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id="plants-title">
          {t('customers.plants.title')}
        </Title>
        {canWrite && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setEditing({ plant: null })}
          >
            {t('customers.plants.new')}
          </Button>
        )}
      </Group>
      {plants.error ? (
        <LoadError error={plants.error} onRetry={() => void plants.refetch()} />
      ) : !plants.data ? (
        <Text c="dimmed" size="sm">
          {t('common.loading')}
        </Text>
      ) : plants.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('customers.plants.empty')}
        </Text>
      ) : (
        <Accordion variant="separated" value={open} onChange={setOpen}>
          {plants.data.map((p) => (
            <Accordion.Item key={p.id} value={p.id}>
              <Group wrap="nowrap" gap={4} pr="xs">
                <Accordion.Control icon={<IconBuildingFactory2 size={18} />}>
                  <Group gap="sm">
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {p.nome}
                    </Text>
                    <Badge variant="light" size="sm">
                      {t('customers.plants.machines', { count: p.macchinari_count })}
                    </Badge>
                  </Group>
                </Accordion.Control>
                {canWrite && (
                  <Tooltip label={t('customers.edit')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`${t('customers.edit')}: ${p.nome}`}
                      onClick={() => setEditing({ plant: p })}
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
                      aria-label={`${t('customers.delete.confirm')}: ${p.nome}`}
                      onClick={() => askDelete(p)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
              {/* Where the plant is, a tap away from the phone's maps app; outside the header button it toggles. */}
              {postalAddress(p) && (
                <Text size="sm" px="md" pb="xs" style={{ overflowWrap: 'anywhere' }}>
                  {mapLink(postalAddress(p))}
                </Text>
              )}
              <Accordion.Panel>
                {p.note && (
                  <Stack gap={2} mb="sm">
                    <Text size="xs" c="dimmed" fw={600}>
                      {t('customers.fields.note')}
                    </Text>
                    <NoteText>{p.note}</NoteText>
                  </Stack>
                )}
                {open === p.id && <MachinesPanel plant={p} />}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
      {editing && <PlantModal clienteId={clienteId} plant={editing.plant} onClose={() => setEditing(null)} />}
    </Card>
  );
}
