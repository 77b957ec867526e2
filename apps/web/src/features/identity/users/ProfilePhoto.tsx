import { useState } from 'react';
import { Avatar, Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPhoto, IconTrash, IconUpload, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/api/errors';
import { routes } from '@fs/contract';
import { api } from '../../../app/api/client';
import { useBlobUrl } from '../../../app/api/use-blob-url';
import { notify } from '../../../app/notify';
import { useDeleteMedia, useUploadPhoto } from './api';

export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

export function photoProblem(file: File): string | null {
  if (!PHOTO_TYPES.includes(file.type)) return 'users.photo.badType';
  if (file.size > PHOTO_MAX_BYTES) return 'users.photo.tooLarge';
  return null;
}

/** A user's profile photo through the media endpoints (section utente). */
export function ProfilePhoto({ userId, mediaId, name }: { userId: string; mediaId: string | null; name: string }) {
  const { t } = useTranslation();
  // Same cache key as the header, so both update together.
  const photo = useBlobUrl(
    ['media', mediaId],
    mediaId ? () => api.call(routes.media.content, { params: { id: mediaId } }) : null,
    Infinity,
  );
  const upload = useUploadPhoto();
  const remove = useDeleteMedia();
  const [file, setFile] = useState<File | null>(null);
  const problem = file ? photoProblem(file) : null;

  const send = () =>
    file &&
    !problem &&
    upload.mutate(
      { userId, file },
      {
        onSuccess: () => {
          setFile(null);
          notify.success(t('users.photo.uploaded'));
        },
        onError: (error) => notify.error(errorText(t, error)),
      },
    );
  const confirmRemove = () =>
    mediaId &&
    modals.openConfirmModal({
      title: t('users.photo.removeTitle'),
      children: <Text size="sm">{t('users.photo.removeText')}</Text>,
      labels: { confirm: t('users.photo.remove'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(mediaId, { onSuccess: () => notify.success(t('users.photo.removed')) }),
    });

  return (
    <Stack align="center" gap="sm">
      <Avatar src={photo.url} size={120} radius={120} color="brand" alt={t('users.photo.alt', { name })}>
        <IconUser size={56} aria-hidden />
      </Avatar>
      <FileInput
        w="100%"
        label={t('users.photo.choose')}
        description={t('users.photo.hint')}
        placeholder={t('users.photo.placeholder')}
        accept={PHOTO_TYPES.join(',')}
        value={file}
        onChange={setFile}
        clearable
        error={problem ? t(problem) : undefined}
        leftSection={<IconPhoto size={16} />}
      />
      <Group gap="xs">
        <Button
          onClick={send}
          disabled={!file || !!problem}
          loading={upload.isPending}
          leftSection={<IconUpload size={16} />}
        >
          {t('users.photo.upload')}
        </Button>
        {mediaId && (
          <Button
            variant="light"
            color="red"
            onClick={confirmRemove}
            loading={remove.isPending}
            leftSection={<IconTrash size={16} />}
          >
            {t('users.photo.remove')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
