import type { ReactNode } from 'react';
import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

interface ErrorViewProps {
  status?: number | string;
  title: string;
  message: ReactNode;
  action?: ReactNode;
}

/** A full-page error: status, title, message and a way out. */
export function ErrorView({ status, title, message, action }: ErrorViewProps) {
  const { t } = useTranslation();
  return (
    <Stack align="center" ta="center" gap="md" py="xl" role="alert">
      <ThemeIcon size={64} radius="xl" variant="light" color="brand">
        <IconAlertTriangle size={36} aria-hidden />
      </ThemeIcon>
      {status !== undefined && (
        <Text fz={48} fw={800} c="brand" lh={1}>
          {status}
        </Text>
      )}
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed" maw={520}>
        {message}
      </Text>
      {action ?? (
        <Button component={Link} to="/">
          {t('common.backHome')}
        </Button>
      )}
    </Stack>
  );
}
