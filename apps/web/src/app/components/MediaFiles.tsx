import { useState } from 'react';
import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  Image,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { TextInput, Textarea } from './TextFields';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconCamera, IconDownload, IconFileText, IconPencil, IconTrash, IconUpload } from '@tabler/icons-react';
import { api } from '../api/client';
import { useBlobUrl } from '../api/use-blob-url';
import { useTranslation } from 'react-i18next';
import {
  DESCRIPTION_MAX,
  FILENAME_MAX,
  routes,
  type MediaItem,
  type MediaListSection,
  type MediaUrlSection,
} from '@fs/contract';
import { errorText } from '../api/errors';
import { notify } from '../notify';
import { formatDate } from '../format';
import { formatBytes } from '../numbers';
import {
  downloadMedia,
  useDeleteMedia,
  useMediaList,
  useUpdateMedia,
  useUploadMedia,
  type MediaOwnerSection,
} from '../../features/registries';

/** What the file picker offers; the server sniffs the content whatever the browser says. */
export const DOCUMENT_ACCEPT =
  'image/png,image/jpeg,image/webp,image/gif,application/pdf,.docx,.xlsx,.pptx,.odt,.ods,.odp';

export interface MediaFilesProps {
  section: MediaOwnerSection;
  /** The list's section when its path differs from the upload's (a contract: `contratti`). */
  listSection?: MediaListSection | MediaUrlSection;
  ownerId: string;
  canWrite: boolean;
  canDelete: boolean;
}

/**
 * The files of one owner (a machine's photos and documents): list, upload,
 * rename with a description, download and delete after confirmation.
 */
export function MediaFiles({ section, listSection, ownerId, canWrite, canDelete }: MediaFilesProps) {
  const { t, i18n } = useTranslation();
  const list = useMediaList(section, ownerId, listSection);
  const upload = useUploadMedia(section, ownerId);
  const remove = useDeleteMedia(section, ownerId);
  const [editing, setEditing] = useState<MediaItem | null>(null);
  // On a phone the files are a list of cards: a table would scroll sideways.
  const phone = useMediaQuery('(max-width: 48em)') ?? false;

  const send = (file: File | null) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => notify.success(t('media.files.uploaded', { name: file.name })),
      onError: (error) => notify.error(errorText(t, error)),
    });
  };
  const confirmDelete = (m: MediaItem) =>
    modals.openConfirmModal({
      title: t('media.files.deleteTitle'),
      children: <Text size="sm">{t('media.files.deleteText', { name: m.filename })}</Text>,
      labels: { confirm: t('media.files.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(m.id, {
          onSuccess: () => notify.success(t('media.files.deleted')),
          onError: (error) => notify.error(errorText(t, error)),
        }),
    });
  const download = (m: MediaItem) => void downloadMedia(m).catch((error) => notify.error(errorText(t, error)));
  const actions = (m: MediaItem) => (
    <FileActions
      m={m}
      canWrite={canWrite}
      canDelete={canDelete}
      onDownload={download}
      onEdit={setEditing}
      onDelete={confirmDelete}
    />
  );

  return (
    <Stack gap="sm">
      {canWrite && (
        <Group>
          <FileButton onChange={send} accept={DOCUMENT_ACCEPT}>
            {(props) => (
              <Button {...props} leftSection={<IconUpload size={16} />} loading={upload.isPending} variant="light">
                {t('media.files.add')}
              </Button>
            )}
          </FileButton>
          {/* On a phone this opens the camera (the back one); elsewhere it picks an image. */}
          <FileButton onChange={send} accept="image/*" capture="environment">
            {(props) => (
              <Button {...props} leftSection={<IconCamera size={16} />} loading={upload.isPending} variant="light">
                {t('media.files.photo')}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {t('media.files.hint')}
          </Text>
        </Group>
      )}
      {list.isPending && <Loader size="sm" aria-label={t('media.files.loading')} />}
      {list.isError && (
        <Text c="red" size="sm">
          {errorText(t, list.error)}
        </Text>
      )}
      {list.data?.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('media.files.empty')}
        </Text>
      )}
      {!!list.data?.length && phone && (
        <Stack gap="xs">
          {list.data.map((m) => (
            <Paper key={m.id} withBorder p="xs" radius="md" data-media={m.id}>
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Thumb item={m} />
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {m.filename}
                  </Text>
                  {m.descrizione && <Text size="sm">{m.descrizione}</Text>}
                  <Text size="xs" c="dimmed">
                    {formatBytes(m.size, i18n.language)} · {formatDate(m.created_at)}
                  </Text>
                </Stack>
              </Group>
              <Group justify="flex-end" mt={4}>
                {actions(m)}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {!!list.data?.length && !phone && (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('media.files.name')}</Table.Th>
              <Table.Th>{t('media.files.description')}</Table.Th>
              <Table.Th ta="right">{t('media.files.size')}</Table.Th>
              <Table.Th>{t('media.files.date')}</Table.Th>
              <Table.Th w={120} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((m) => (
              <Table.Tr key={m.id} data-media={m.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Thumb item={m} />
                    <Text size="sm" style={{ wordBreak: 'break-all' }}>
                      {m.filename}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td>{m.descrizione ?? ''}</Table.Td>
                <Table.Td ta="right">{formatBytes(m.size, i18n.language)}</Table.Td>
                <Table.Td>{formatDate(m.created_at)}</Table.Td>
                <Table.Td>{actions(m)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing && <EditModal item={editing} section={section} ownerId={ownerId} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

/** Download, rename and delete of one file, as icon buttons. */
function FileActions({
  m,
  canWrite,
  canDelete,
  onDownload,
  onEdit,
  onDelete,
}: {
  m: MediaItem;
  canWrite: boolean;
  canDelete: boolean;
  onDownload: (m: MediaItem) => void;
  onEdit: (m: MediaItem) => void;
  onDelete: (m: MediaItem) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label={t('media.files.download')}>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={t('media.files.downloadName', { name: m.filename })}
          onClick={() => onDownload(m)}
        >
          <IconDownload size={18} />
        </ActionIcon>
      </Tooltip>
      {canWrite && (
        <Tooltip label={t('media.files.edit')}>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t('media.files.editName', { name: m.filename })}
            onClick={() => onEdit(m)}
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {canDelete && (
        <Tooltip label={t('media.files.delete')}>
          <ActionIcon
            variant="subtle"
            size="lg"
            color="red"
            aria-label={t('media.files.deleteName', { name: m.filename })}
            onClick={() => onDelete(m)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/** A small preview of an image; a document icon otherwise. */
function Thumb({ item }: { item: MediaItem }) {
  const { t } = useTranslation();
  const image = item.content_type.startsWith('image/');
  const { url } = useBlobUrl(
    ['media', 'content', item.id],
    image ? () => api.call(routes.media.content, { params: { id: item.id } }) : null,
    10 * 60_000,
  );
  const [open, setOpen] = useState(false);
  if (image && url)
    return (
      <>
        <UnstyledButton onClick={() => setOpen(true)} aria-label={t('media.files.preview', { name: item.filename })}>
          <Image
            src={url}
            alt={t('media.files.previewAlt', { name: item.filename })}
            w={40}
            h={40}
            radius="sm"
            fit="cover"
          />
        </UnstyledButton>
        <Modal opened={open} onClose={() => setOpen(false)} title={item.filename} size="xl" centered>
          <Image src={url} alt={t('media.files.previewAlt', { name: item.filename })} fit="contain" mah="75vh" />
          {item.descrizione && (
            <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {item.descrizione}
            </Text>
          )}
        </Modal>
      </>
    );
  return (
    <ThemeIcon variant="light" size={40} radius="sm" aria-hidden>
      <IconFileText size={20} />
    </ThemeIcon>
  );
}

function EditModal({
  item,
  section,
  ownerId,
  onClose,
}: {
  item: MediaItem;
  section: MediaOwnerSection;
  ownerId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateMedia(section, ownerId);
  const [filename, setFilename] = useState(item.filename);
  const [descrizione, setDescrizione] = useState(item.descrizione ?? '');
  const nameError = filename.trim() === '' ? t('media.files.nameRequired') : null;
  const save = () => {
    if (nameError) return;
    update.mutate(
      { id: item.id, filename: filename.trim(), descrizione: descrizione.trim() || null },
      {
        onSuccess: () => {
          notify.success(t('media.files.saved'));
          onClose();
        },
        onError: (error) => notify.error(errorText(t, error)),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('media.files.editTitle')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Stack>
          <TextInput
            label={t('media.files.name')}
            value={filename}
            onChange={(e) => setFilename(e.currentTarget.value)}
            maxLength={FILENAME_MAX}
            error={nameError}
            required
            data-autofocus
          />
          <Textarea
            label={t('media.files.description')}
            value={descrizione}
            onChange={(e) => setDescrizione(e.currentTarget.value)}
            maxLength={DESCRIPTION_MAX}
            autosize
            minRows={2}
          />
          <Text size="xs" c="dimmed">
            {t('media.files.extensionKept')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
