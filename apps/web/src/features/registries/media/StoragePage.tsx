import { Alert, Button, Card, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDatabasePlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRICES } from '@fs/contract';
import { LoadError } from '../../../app/components/LoadError';
import { PageLoader } from '../../../app/components/PageLoader';
import { formatDate } from '../../../app/format';
import { usePageTitle } from '../../../app/use-page-title';
import { formatBytes, formatCents, formatCount, formatDecimal } from '../../../app/numbers';
import { useStorageUsage } from './api';

/** Share of the space in use from which the bar turns yellow, then red. */
const WARN_AT = 80;
const FULL_AT = 95;

const SECTION_KEYS: Record<string, string> = {
  utente: 'media.storage.sections.utente',
  macchinario: 'media.storage.sections.macchinario',
  rapportino: 'media.storage.sections.rapportino',
  contratto: 'media.storage.sections.contratto',
  'azienda-logo': 'media.storage.sections.aziendaLogo',
};

/** The storage-space screen: used and free space, use by section, a link to buy 5 GB more. */
export function StoragePage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('media.storage.title'));
  const usage = useStorageUsage();
  const loc = i18n.language;
  const price = formatCents(PRICES.storage.yearly, loc);

  if (usage.isError) return <LoadError error={usage.error} onRetry={() => void usage.refetch()} />;
  if (usage.isPending) return <PageLoader />;
  const u = usage.data;
  const percent = u.limit_bytes > 0 ? Math.min((u.used_bytes / u.limit_bytes) * 100, 100) : 100;
  const color = percent >= FULL_AT ? 'red' : percent >= WARN_AT ? 'yellow' : 'brand';
  // A little in use never reads as 0 %.
  const pct = u.used_bytes > 0 && percent < 0.1 ? `< ${formatDecimal(0.1, loc, 1)}` : formatDecimal(percent, loc, 1);
  const recalculated = formatDate(u.recalculated_at);

  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} size="h2">
        {t('media.storage.title')}
      </Title>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Group justify="space-between" align="baseline">
            <Text fw={600} size="lg" data-testid="storage-used">
              {t('media.storage.usedOf', {
                used: formatBytes(u.used_bytes, loc),
                limit: formatBytes(u.limit_bytes, loc),
              })}
            </Text>
            <Text c="dimmed">{t('media.storage.percent', { percent: pct })}</Text>
          </Group>
          <Progress
            value={percent}
            color={color}
            size="xl"
            radius="md"
            aria-label={t('media.storage.barLabel', { percent: pct })}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <Fact label={t('media.storage.used')} value={formatBytes(u.used_bytes, loc)} />
            <Fact label={t('media.storage.free')} value={formatBytes(u.free_bytes, loc)} testId="storage-free" />
            <Fact label={t('media.storage.total')} value={formatBytes(u.limit_bytes, loc)} />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {u.slots === 0
              ? t('media.storage.planIncluded', { included: formatBytes(u.included_bytes, loc) })
              : t('media.storage.planLine', {
                  included: formatBytes(u.included_bytes, loc),
                  count: u.slots,
                  slot: formatBytes(u.slot_bytes, loc),
                })}
          </Text>
          {recalculated && (
            <Text size="sm" c="dimmed">
              {t('media.storage.recalculated', { date: recalculated })}
            </Text>
          )}
        </Stack>
      </Card>

      {percent >= WARN_AT && (
        <Alert
          color={color === 'red' ? 'red' : 'yellow'}
          icon={<IconAlertTriangle size={18} />}
          title={t(u.free_bytes === 0 ? 'media.storage.fullTitle' : 'media.storage.almostFullTitle')}
        >
          {t('media.storage.almostFullText')}
        </Alert>
      )}

      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" mb="sm">
          {t('media.storage.bySection')}
        </Title>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('media.storage.section')}</Table.Th>
              <Table.Th ta="right">{t('media.storage.files')}</Table.Th>
              <Table.Th ta="right">{t('media.storage.size')}</Table.Th>
              <Table.Th ta="right">{t('media.storage.share')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {u.sections.map((s) => (
              <Table.Tr key={s.section} data-section={s.section}>
                <Table.Td>{SECTION_KEYS[s.section] ? t(SECTION_KEYS[s.section]!) : s.section}</Table.Td>
                <Table.Td ta="right">{formatCount(s.files, loc)}</Table.Td>
                <Table.Td ta="right">{formatBytes(s.bytes, loc)}</Table.Td>
                <Table.Td ta="right">
                  {u.used_bytes > 0 ? `${formatDecimal((s.bytes / u.used_bytes) * 100, loc, 1)} %` : '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>

      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" align="center" wrap="wrap">
          <Stack gap={2}>
            <Text fw={600}>{t('media.storage.buyTitle', { slot: formatBytes(u.slot_bytes, loc) })}</Text>
            <Text size="sm" c="dimmed">
              {t('media.storage.buyText', { price })}
            </Text>
          </Stack>
          <Button
            component={Link}
            to="/subscription-plan/quote?add=storage"
            leftSection={<IconDatabasePlus size={18} />}
          >
            {t('media.storage.buy', { slot: formatBytes(u.slot_bytes, loc) })}
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}
