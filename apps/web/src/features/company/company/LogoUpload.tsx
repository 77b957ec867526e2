import { useEffect, useState } from 'react';
import { Button, Center, FileInput, Image, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/api/errors';
import { notify } from '../../../app/notify';
import { useCompanyLogo, useUploadLogo } from './api';

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** The reason a file cannot be a logo, as a translation key; null when it can. */
export function logoProblem(file: File): string | null {
  if (!LOGO_TYPES.includes(file.type)) return 'company.logo.badType';
  if (file.size > LOGO_MAX_BYTES) return 'company.logo.tooLarge';
  return null;
}

export function LogoUpload({ logoId, readOnly }: { logoId: string | null; readOnly: boolean }) {
  const { t } = useTranslation();
  const current = useCompanyLogo(logoId);
  const upload = useUploadLogo();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const problem = file ? logoProblem(file) : null;

  useEffect(() => {
    if (!file || problem) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file, problem]);

  const send = () => {
    if (!file || problem) return;
    upload.mutate(file, {
      onSuccess: () => {
        setFile(null);
        notify.success(t('company.logo.uploaded'));
      },
      onError: (error) => notify.error(errorText(t, error)),
    });
  };
  const confirmAndSend = () => {
    if (!current.url) return send();
    modals.openConfirmModal({
      title: t('company.logo.replaceTitle'),
      children: <Text size="sm">{t('company.logo.replaceText')}</Text>,
      labels: { confirm: t('company.logo.replace'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: send,
    });
  };

  const shown = preview ?? current.url;
  return (
    <Stack gap="sm">
      <Center h={140} bg="gray.0" style={{ borderRadius: 8, border: '1px dashed var(--mantine-color-gray-4)' }}>
        {shown ? (
          <Image
            src={shown}
            alt={t(preview ? 'company.logo.previewAlt' : 'company.logo.currentAlt')}
            mah={120}
            maw="90%"
            fit="contain"
          />
        ) : (
          <Stack align="center" gap={4}>
            <IconPhoto size={32} color="var(--mantine-color-gray-5)" aria-hidden />
            <Text size="sm" c="dimmed">
              {t('company.logo.none')}
            </Text>
          </Stack>
        )}
      </Center>
      {!readOnly && (
        <>
          <FileInput
            label={t('company.logo.choose')}
            description={t('company.logo.hint')}
            placeholder={t('company.logo.placeholder')}
            accept={LOGO_TYPES.join(',')}
            value={file}
            onChange={setFile}
            clearable
            error={problem ? t(problem) : undefined}
            leftSection={<IconPhoto size={16} />}
          />
          <Button
            onClick={confirmAndSend}
            disabled={!file || !!problem}
            loading={upload.isPending}
            leftSection={<IconUpload size={16} />}
          >
            {t('company.logo.upload')}
          </Button>
        </>
      )}
    </Stack>
  );
}
