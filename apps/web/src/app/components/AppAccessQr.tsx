import { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Button, Center, Image, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconQrcode, IconRefresh } from '@tabler/icons-react';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api/errors';
import { useGenerateOtp } from '../../features/identity';

/** Seconds as mm:ss. */
export function mmss(totalSeconds: number): string {
  const s = Math.max(0, Math.ceil(totalSeconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

interface Props {
  /** Generate a code as soon as the component shows (default); otherwise on the first click. */
  autoStart?: boolean;
  /** Side of the QR image in pixels. */
  size?: number;
}

/**
 * The app-access QR code: a one-time code from GET /utenti/utente/generate-otp,
 * encoded as `${PUBLIC_URL}/public/app-access?otp=...` and drawn in the browser.
 * A mm:ss countdown runs to tokenAccessDurationInSec; at the end the QR goes
 * away and a click makes a new one. Reused by the first-access tour.
 */
export function AppAccessQr({ autoStart = true, size = 220 }: Props) {
  const { t } = useTranslation();
  const generate = useGenerateOtp();
  const [image, setImage] = useState<string | null>(null);
  const [expiresAt, setExpiresAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const started = useRef(false);

  const start = useCallback(() => {
    setImage(null);
    generate.mutate(undefined, {
      onSuccess: (r) => {
        void QRCode.toDataURL(r.url, { width: size, margin: 1, errorCorrectionLevel: 'M' }).then((url) => {
          setImage(url);
          setExpiresAt(Date.now() + r.expiresInSec * 1000);
          setNow(Date.now());
        });
      },
    });
  }, [generate, size]);

  useEffect(() => {
    if (autoStart && !started.current) {
      started.current = true;
      start();
    }
  }, [autoStart, start]);

  useEffect(() => {
    if (expiresAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [expiresAt]);

  const left = expiresAt === null ? 0 : (expiresAt - now) / 1000;
  const live = image !== null && left > 0;

  return (
    <Stack align="center" gap="xs">
      <Box w={size} h={size} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
        {live ? (
          <Image src={image} alt={t('users.qr.alt')} w={size} h={size} />
        ) : (
          <UnstyledButton
            onClick={start}
            w="100%"
            h="100%"
            aria-label={t('users.qr.generate')}
            disabled={generate.isPending}
          >
            <Center h="100%">
              {generate.isPending ? (
                <Loader aria-label={t('users.qr.loading')} />
              ) : (
                <Stack align="center" gap={4} p="md">
                  <IconQrcode size={48} color="var(--mantine-color-gray-5)" aria-hidden />
                  <Text size="sm" c="dimmed" ta="center">
                    {expiresAt !== null ? t('users.qr.expired') : t('users.qr.clickToShow')}
                  </Text>
                </Stack>
              )}
            </Center>
          </UnstyledButton>
        )}
      </Box>
      {live && (
        <Text size="sm" role="timer" aria-live="off" aria-label={t('users.qr.countdownLabel')}>
          {t('users.qr.expiresIn', { time: mmss(left) })}
        </Text>
      )}
      {generate.isError && (
        <Text size="sm" c="red" role="alert">
          {errorText(t, generate.error)}
        </Text>
      )}
      {live && (
        <Button variant="subtle" size="xs" leftSection={<IconRefresh size={14} />} onClick={start}>
          {t('users.qr.regenerate')}
        </Button>
      )}
    </Stack>
  );
}
