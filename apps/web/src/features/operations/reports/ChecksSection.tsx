import { Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { TextInput } from '../../../app/components/TextFields';
import { useTranslation } from 'react-i18next';
import type { FormState } from './report-form';

/** The checks of the job role, each answered OK, KO or not applicable, with a note. */
export function ChecksSection({
  checks,
  onChange,
  readOnly,
  errors,
  large = false,
}: {
  checks: FormState['controlli'];
  onChange: (checks: FormState['controlli']) => void;
  readOnly: boolean;
  errors: Record<string, string>;
  /** The field view's toggles: the whole width, at least 44 px high (touch targets). */
  large?: boolean;
}) {
  const { t } = useTranslation();
  if (!checks.length) return <Text c="dimmed">{t('reports.checks.empty')}</Text>;
  const set = (i: number, patch: Partial<FormState['controlli'][number]>) =>
    onChange(checks.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  return (
    <Stack gap="xs">
      {checks.map((c, i) => (
        <Paper key={c.controllo_id} withBorder p="sm" radius="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fw={500}>{c.descrizione}</Text>
            <SegmentedControl
              aria-label={c.descrizione}
              fullWidth={large}
              size={large ? 'lg' : 'sm'}
              style={large ? { flexBasis: '100%' } : undefined}
              styles={
                large
                  ? { label: { minHeight: 44, display: 'flex', alignItems: 'center', justifyContent: 'center' } }
                  : undefined
              }
              value={c.esito ?? ''}
              onChange={(v) => set(i, { esito: (v || null) as 'ok' | 'ko' | 'na' | null })}
              disabled={readOnly}
              data={[
                { value: 'ok', label: t('reports.checks.ok') },
                { value: 'ko', label: t('reports.checks.ko') },
                { value: 'na', label: t('reports.checks.na') },
              ]}
            />
          </Group>
          {errors[`controlli.${c.controllo_id}`] && (
            <Text c="red" size="sm">
              {errors[`controlli.${c.controllo_id}`]}
            </Text>
          )}
          <TextInput
            mt="xs"
            size={large ? 'md' : 'sm'}
            placeholder={t('reports.checks.note')}
            aria-label={t('reports.checks.note')}
            value={c.note}
            onChange={(e) => set(i, { note: e.currentTarget.value })}
            disabled={readOnly}
            maxLength={500}
          />
        </Paper>
      ))}
    </Stack>
  );
}
