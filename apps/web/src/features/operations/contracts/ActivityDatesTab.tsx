import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FREQUENCIES, FREQUENCY_UNITS, type Frequency, type FrequencyUnit } from '@fs/contract';
import { DateField } from '../../../app/components/DateField';
import { formatDate } from '../../../app/format';
import type { ActivityTabProps } from './ActivityConfigTab';

/** What the preview of the generated dates holds: the dates, or the server's reason for refusing. */
export interface PreviewState {
  loading: boolean;
  dates: string[] | null;
  error: string | null;
}

const SHOWN = 24;

/** The activity's dates: fixed (every N days/weeks/months/years from a start), variable (a list), or one date; with the live preview. */
export function ActivityDatesTab({
  draft,
  set,
  errors,
  preview,
  periodKnown,
}: ActivityTabProps & { preview: PreviewState; periodKnown: boolean }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState('');
  const addDate = () => {
    if (!adding || draft.date.includes(adding)) return;
    set({ date: [...draft.date, adding].sort() });
    setAdding('');
  };
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={500} id="frequency-kind" mb={4}>
          {t('contracts.frequency.label')}
        </Text>
        <SegmentedControl
          aria-labelledby="frequency-kind"
          value={draft.tipo}
          onChange={(v) => set({ tipo: v as Frequency })}
          data={FREQUENCIES.map((f) => ({ value: f, label: t(`contracts.frequency.tipi.${f}`) }))}
          fullWidth
        />
        <Text size="xs" c="dimmed" mt={4}>
          {t(`contracts.frequency.hints.${draft.tipo}`)}
        </Text>
      </div>
      {draft.tipo === 'fissa' && (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <NumberInput
            label={t('contracts.frequency.ogni')}
            required
            value={draft.ogni}
            onChange={(v) => set({ ogni: typeof v === 'number' ? v : '' })}
            min={1}
            max={366}
            allowDecimal={false}
            error={errors['frequenza.ogni']}
          />
          <Select
            label={t('contracts.frequency.unita')}
            required
            data={FREQUENCY_UNITS.map((u) => ({ value: u, label: t(`contracts.frequency.unit.${u}`) }))}
            value={draft.unita}
            onChange={(v) => v && set({ unita: v as FrequencyUnit })}
            allowDeselect={false}
            error={errors['frequenza.unita']}
          />
          <DateField
            label={t('contracts.frequency.dal')}
            value={draft.data_inizio}
            onChange={(v) => set({ data_inizio: v })}
            clearable
            error={errors['frequenza.data_inizio']}
          />
        </SimpleGrid>
      )}
      {draft.tipo === 'variabile' && (
        <Stack gap="xs">
          <Group align="flex-end" gap="sm">
            <DateField label={t('contracts.frequency.addDate')} value={adding} onChange={setAdding} />
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={addDate} disabled={!adding}>
              {t('contracts.frequency.add')}
            </Button>
          </Group>
          {errors['frequenza.date'] && (
            <Text size="sm" c="red">
              {errors['frequenza.date']}
            </Text>
          )}
          <Group gap={6} aria-label={t('contracts.frequency.chosen')} role="list">
            {draft.date.map((d) => (
              <Badge
                key={d}
                role="listitem"
                variant="light"
                size="lg"
                rightSection={
                  <ActionIcon
                    size="xs"
                    variant="transparent"
                    aria-label={t('contracts.frequency.remove', { date: formatDate(d) })}
                    onClick={() => set({ date: draft.date.filter((x) => x !== d) })}
                  >
                    <IconX size={12} />
                  </ActionIcon>
                }
              >
                {formatDate(d)}
              </Badge>
            ))}
          </Group>
        </Stack>
      )}
      {draft.tipo === 'data_singola' && (
        <DateField
          label={t('contracts.frequency.data')}
          required
          value={draft.data}
          onChange={(v) => set({ data: v })}
          error={errors['frequenza.data']}
        />
      )}
      <Preview preview={preview} periodKnown={periodKnown} />
    </Stack>
  );
}

function Preview({ preview, periodKnown }: { preview: PreviewState; periodKnown: boolean }) {
  const { t } = useTranslation();
  if (!periodKnown)
    return (
      <Text size="sm" c="dimmed">
        {t('contracts.frequency.needPeriod')}
      </Text>
    );
  return (
    <Stack gap={6} aria-live="polite">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {t('contracts.frequency.preview')}
        </Text>
        {preview.loading && <Loader size="xs" aria-label={t('contracts.frequency.computing')} />}
      </Group>
      {preview.error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          {preview.error}
        </Alert>
      ) : preview.dates ? (
        <>
          <Text size="sm">{t('contracts.frequency.generated', { count: preview.dates.length })}</Text>
          <Group gap={6}>
            {preview.dates.slice(0, SHOWN).map((d) => (
              <Badge key={d} variant="outline" color="gray">
                {formatDate(d)}
              </Badge>
            ))}
            {preview.dates.length > SHOWN && (
              <Text size="sm" c="dimmed">
                {t('contracts.frequency.more', { count: preview.dates.length - SHOWN })}
              </Text>
            )}
          </Group>
        </>
      ) : (
        !preview.loading && (
          <Text size="sm" c="dimmed">
            {t('contracts.frequency.incomplete')}
          </Text>
        )
      )}
    </Stack>
  );
}
