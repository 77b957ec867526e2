import { useState } from 'react';
import {
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCalendarEvent, IconMapPin, IconPlus, IconTools } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatTime, type ReportListRow } from '@fs/contract';
import { formatDate } from '../../../app/format';
import { useCan } from '../../../app/session/api';
import { useCompanyZone } from '../../company';
import { useTodos } from './api';
import { StateBadge } from './StateBadge';

/** One report as a large touch target: number and state, customer, place, appointment (on the company's clock), request. */
function TodoItem({ r, zone }: { r: ReportListRow; zone: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <UnstyledButton
      onClick={() => navigate(`/interventions/${r.id}`)}
      aria-label={t('reports.todos.openOne', { numero: r.numero_assistenza, cliente: r.cliente })}
      p="sm"
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8, minHeight: 64 }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600} truncate style={{ flex: 1, minWidth: 0 }}>
          {r.cliente}
        </Text>
        <div style={{ flexShrink: 0 }}>
          <StateBadge stato={r.stato} />
        </div>
      </Group>
      <Text size="sm" c="dimmed">
        {t('reports.todos.number', { numero: r.numero_assistenza })}
        {r.tipo_intervento ? ` · ${t(`reports.tipi.${r.tipo_intervento}`, { defaultValue: r.tipo_intervento })}` : ''}
      </Text>
      {r.data_appuntamento && (
        <Group gap={4} wrap="nowrap">
          <IconCalendarEvent size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm">
            {t('reports.todos.appointment', {
              date: formatDate(r.data_appuntamento, zone),
              time: formatTime(r.data_appuntamento, zone) ?? '',
            })}
          </Text>
        </Group>
      )}
      {r.luogo && (
        <Group gap={4} wrap="nowrap">
          <IconMapPin size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" truncate>
            {r.luogo}
          </Text>
        </Group>
      )}
      {r.richiesta_iniziale && (
        <Text size="sm" lineClamp={2}>
          {r.richiesta_iniziale}
        </Text>
      )}
    </UnstyledButton>
  );
}

/**
 * The home card of the reports assigned to the user: today's (opened or appointed today) and all
 * open ones. `hideWhenEmpty`: for the office, whose home has other cards, nothing assigned shows nothing.
 */
export function TodoCard({ hideWhenEmpty = false }: { hideWhenEmpty?: boolean }) {
  const { t } = useTranslation();
  const zone = useCompanyZone();
  const canWrite = useCan('gestione_interventi', 'write') === true;
  const oggi = useTodos('oggi');
  const aperti = useTodos('aperti');
  const [which, setWhich] = useState<'oggi' | 'aperti' | null>(null);
  // Today's when there is something today, else every open one.
  const shown = which ?? (oggi.data && oggi.data.length === 0 ? 'aperti' : 'oggi');
  const query = shown === 'oggi' ? oggi : aperti;
  const count = (q: typeof oggi) => (q.data ? ` (${q.data.length})` : '');
  if (hideWhenEmpty && aperti.data?.length === 0 && oggi.data?.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconTools size={22} aria-hidden />
          <Title order={2} size="h4">
            {t('reports.todos.title')}
          </Title>
        </Group>
        <SegmentedControl
          value={shown}
          onChange={(v) => setWhich(v as 'oggi' | 'aperti')}
          aria-label={t('reports.todos.title')}
          data={[
            { value: 'oggi', label: `${t('reports.todos.today')}${count(oggi)}` },
            { value: 'aperti', label: `${t('reports.todos.open')}${count(aperti)}` },
          ]}
        />
      </Group>
      {query.isLoading ? (
        <Group justify="center" p="md">
          <Loader size="sm" aria-label={t('reports.todos.loading')} />
        </Group>
      ) : query.isError ? (
        <Text c="red">{t('reports.todos.error')}</Text>
      ) : (query.data ?? []).length === 0 ? (
        <Text c="dimmed">{shown === 'oggi' ? t('reports.todos.emptyToday') : t('reports.todos.empty')}</Text>
      ) : (
        <Stack gap="xs">
          {query.data!.map((r) => (
            <TodoItem key={r.id} r={r} zone={zone} />
          ))}
        </Stack>
      )}
      <Group justify="space-between" mt="md">
        <Anchor component={Link} to="/interventions">
          {t('reports.todos.all')}
        </Anchor>
        {canWrite && (
          <Button component={Link} to="/new-intervention" leftSection={<IconPlus size={18} />} size="md">
            {t('reports.new')}
          </Button>
        )}
      </Group>
    </Card>
  );
}
