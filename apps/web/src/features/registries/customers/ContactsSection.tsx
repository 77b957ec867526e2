import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { Textarea, TextInput } from '../../../app/components/TextFields';
import { useForm } from '@mantine/form';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Customer, Contact } from '@fs/contract';
import { notify } from '../../../app/notify';
import { showSaveError } from '../../../app/form-errors';
import { confirmDelete } from '../../../app/confirm-delete';
import { useCan } from '../../../app/session/api';
import { useDeleteContact, useSaveContact } from './api';
import { mailLink, phoneLink } from '../../../app/components/contact-links';
import { useGuardedClose } from '../../../app/guarded-close';

type Values = { nome: string; ruolo: string; telefono: string; email: string; note: string };

function ContactModal({
  clienteId,
  contact,
  onClose,
}: {
  clienteId: string;
  contact: Contact | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveContact();
  const form = useForm<Values>({
    initialValues: {
      nome: contact?.nome ?? '',
      ruolo: contact?.ruolo ?? '',
      telefono: contact?.telefono ?? '',
      email: contact?.email ?? '',
      note: contact?.note ?? '',
    },
    validate: {
      nome: (v) => (v.trim() ? null : t('common.required')),
      email: (v) =>
        v.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()) ? t('customers.form.invalidEmail') : null,
    },
  });
  const close = useGuardedClose(form, onClose);
  const title = t(contact ? 'customers.contacts.editTitle' : 'customers.contacts.newTitle');
  const submit = form.onSubmit((v) =>
    save.mutate(
      { ...(contact ? { id: contact.id } : {}), clienteId, ...v },
      {
        onSuccess: () => {
          notify.success(t('customers.contacts.saved'));
          onClose();
        },
        onError: (e) => showSaveError(t, form, e),
      },
    ),
  );
  return (
    <Modal opened onClose={close} title={title}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          <TextInput
            label={t('customers.contacts.nome')}
            required
            data-autofocus
            maxLength={120}
            {...form.getInputProps('nome')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('customers.contacts.ruolo')} maxLength={80} {...form.getInputProps('ruolo')} />
            <TextInput
              label={t('customers.fields.telefono')}
              maxLength={40}
              type="tel"
              {...form.getInputProps('telefono')}
            />
          </SimpleGrid>
          <TextInput
            label={t('customers.fields.email')}
            maxLength={200}
            type="email"
            {...form.getInputProps('email')}
          />
          <Textarea
            label={t('customers.fields.note')}
            maxLength={1000}
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

/** The customer's contacts (recapiti): list, add, edit, delete after confirmation. */
export function ContactsSection({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const canWrite = useCan('anagrafica_clienti', 'write') === true;
  const remove = useDeleteContact();
  const [editing, setEditing] = useState<{ contact: Contact | null } | null>(null);
  const contacts = customer.recapiti ?? [];
  const askDelete = (r: Contact) =>
    confirmDelete(t, {
      title: t('customers.contacts.deleteTitle'),
      text: t('customers.contacts.deleteText', { name: r.nome }),
      confirm: t('customers.delete.confirm'),
      done: t('customers.contacts.deleted'),
      remove: (callbacks) => remove.mutate(r.id, callbacks),
    });
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="contacts-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id="contacts-title">
          {t('customers.contacts.title')}
        </Title>
        {canWrite && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setEditing({ contact: null })}
          >
            {t('customers.contacts.new')}
          </Button>
        )}
      </Group>
      {contacts.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('customers.contacts.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={500}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('customers.contacts.nome')}</Table.Th>
                <Table.Th>{t('customers.contacts.ruolo')}</Table.Th>
                <Table.Th>{t('customers.fields.telefono')}</Table.Th>
                <Table.Th>{t('customers.fields.email')}</Table.Th>
                {canWrite && (
                  <Table.Th>
                    <VisuallyHidden>{t('lists.actions')}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {contacts.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    {r.nome}
                    {r.note && (
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                        {r.note}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{r.ruolo}</Table.Td>
                  <Table.Td>{phoneLink(r.telefono)}</Table.Td>
                  <Table.Td>{mailLink(r.email)}</Table.Td>
                  {canWrite && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Tooltip label={t('customers.edit')}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`${t('customers.edit')}: ${r.nome}`}
                            onClick={() => setEditing({ contact: r })}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('customers.delete.confirm')}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`${t('customers.delete.confirm')}: ${r.nome}`}
                            onClick={() => askDelete(r)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && <ContactModal clienteId={customer.id} contact={editing.contact} onClose={() => setEditing(null)} />}
    </Card>
  );
}
