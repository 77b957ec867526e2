import type { ReactNode } from 'react';
import { Alert, Box, LoadingOverlay, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { STATS_RANGE_TOO_WIDE } from '@fs/contract';
import { LoadError } from '../../../app/components/LoadError';
import { errorText, isApiError } from '../../../app/api/errors';

interface QueryLike {
  data?: unknown;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  isPlaceholderData?: boolean;
  refetch: () => unknown;
}

/** The range the server refused as over 12 months (code -2): the spec's message, no retry. */
export function RangeAlert({ message }: { message: string }) {
  return (
    <Alert color="orange" icon={<IconAlertTriangle />} role="alert" data-testid="stats-range-error">
      {message}
    </Alert>
  );
}

/**
 * A tab's loading, error and empty states around its content: skeletons while the first answer is
 * on its way, the error (the -2 range refusal as its own message) with a retry, "nothing in this
 * range" when `empty`, and an overlay while a new range replaces the shown one.
 */
export function TabState(p: { queries: QueryLike[]; empty: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const failed = p.queries.find((q) => q.isError);
  if (failed) {
    if (isApiError(failed.error) && failed.error.code === STATS_RANGE_TOO_WIDE)
      return <RangeAlert message={errorText(t, failed.error)} />;
    return <LoadError error={failed.error} onRetry={() => p.queries.forEach((q) => void q.refetch())} />;
  }
  if (p.queries.some((q) => q.data === undefined))
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('statistics.loading')} data-testid="stats-loading">
        <Skeleton h={90} />
        <Skeleton h={260} />
      </Stack>
    );
  const refreshing = p.queries.some((q) => q.isFetching && q.isPlaceholderData);
  return (
    <Box pos="relative">
      <LoadingOverlay
        visible={refreshing}
        zIndex={5}
        loaderProps={{ 'aria-label': t('statistics.loading') } as never}
      />
      {p.empty ? (
        <Paper withBorder radius="md" p="xl" data-testid="stats-empty">
          <Text ta="center" fw={600}>
            {t('statistics.empty')}
          </Text>
          <Text ta="center" c="dimmed" size="sm">
            {t('statistics.emptyHint')}
          </Text>
        </Paper>
      ) : (
        p.children
      )}
    </Box>
  );
}
