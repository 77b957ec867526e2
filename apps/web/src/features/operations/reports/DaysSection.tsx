import { ActionIcon, Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { HoursMode } from '@fs/contract';
import { DateField, TimeField } from '../../../app/components/DateField';
import { DecimalInput } from '../../../app/components/DecimalInput';
import { useCompanyZone } from '../../company';
import { emptyDay, todayIso, type DayState } from './report-form';
import type { Option } from './api';

/** Worked days: one card per technician and day; the hour fields follow the company's entry mode. */
export function DaysSection({
  days,
  onChange,
  mode,
  technicians,
  defaultTechnician,
  readOnly,
  returnOnly,
  errors,
  showPrice,
}: {
  days: DayState[];
  onChange: (days: DayState[]) => void;
  mode: HoursMode;
  technicians: Option[];
  defaultTechnician: string;
  readOnly: boolean;
  /** A closed report: only return travel may be added. */
  returnOnly: boolean;
  errors: Record<string, string>;
  showPrice: boolean;
}) {
  const { t } = useTranslation();
  const zone = useCompanyZone();
  // A new day follows the last one; the first is today in the company's zone.
  const nextDay = () => days.at(-1)?.data ?? todayIso(zone);
  const set = (i: number, patch: Partial<DayState>) => onChange(days.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  const err = (i: number, f: string) => errors[`giornate.${i}.${f}`];
  const locked = (i: number) => readOnly || (returnOnly && i < days.length - extraCount(days, returnOnly));
  return (
    <Stack gap="sm">
      {days.length === 0 && <Text c="dimmed">{t('reports.days.empty')}</Text>}
      {days.map((d, i) => {
        const ro = locked(i);
        const dec = (f: keyof DayState, label: string, decimals = 2) => (
          <DecimalInput
            label={label}
            decimals={decimals}
            value={d[f] as string}
            onChange={(e) => set(i, { [f]: e.currentTarget.value })}
            error={err(i, f)}
            disabled={ro}
          />
        );
        const time = (f: keyof DayState, label: string) => (
          <TimeField
            label={label}
            value={d[f] as string}
            onChange={(v) => set(i, { [f]: v })}
            error={err(i, f)}
            disabled={ro}
          />
        );
        return (
          <Paper key={i} withBorder p="sm" radius="md" role="group" aria-label={t('reports.days.card', { n: i + 1 })}>
            <Group justify="space-between" mb="xs">
              <Text fw={600}>{d.ritorno ? t('reports.days.returnTitle') : t('reports.days.title', { n: i + 1 })}</Text>
              {!ro && (
                <Tooltip label={t('reports.days.remove')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    onClick={() => onChange(days.filter((_, j) => j !== i))}
                    aria-label={t('reports.days.remove')}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
              <DateField
                label={t('reports.days.data')}
                value={d.data}
                onChange={(v) => set(i, { data: v })}
                error={err(i, 'data')}
                disabled={ro}
              />
              <Select
                label={t('reports.days.tecnico')}
                data={technicians}
                value={d.tecnico_id || null}
                onChange={(v) => set(i, { tecnico_id: v ?? '' })}
                error={err(i, 'tecnico_id')}
                disabled={ro}
                searchable
              />
              {!d.ritorno && mode === 'libero' && dec('totale_ore', t('reports.days.totale_ore'))}
              {!d.ritorno && mode === 'mattina_pomeriggio' && (
                <>
                  {dec('ore_mattina', t('reports.days.ore_mattina'))}
                  {dec('ore_pomeriggio', t('reports.days.ore_pomeriggio'))}
                </>
              )}
              {!d.ritorno && mode === 'inizio_fine' && (
                <>
                  {time('inizio_mattina', t('reports.days.inizio_mattina'))}
                  {time('fine_mattina', t('reports.days.fine_mattina'))}
                  {time('inizio_pomeriggio', t('reports.days.inizio_pomeriggio'))}
                  {time('fine_pomeriggio', t('reports.days.fine_pomeriggio'))}
                </>
              )}
              {dec('km_viaggio', t('reports.days.km_viaggio'), 1)}
              {dec('ore_viaggio', t('reports.days.ore_viaggio'))}
              {showPrice && !d.ritorno && (
                <DecimalInput
                  money
                  label={t('reports.days.prezzoImpostato')}
                  value={d.prezzoImpostato}
                  onChange={(e) => set(i, { prezzoImpostato: e.currentTarget.value })}
                  error={err(i, 'prezzoImpostato')}
                  disabled={ro}
                />
              )}
            </SimpleGrid>
            {!d.ritorno && (
              <Group mt="sm" gap="lg">
                {(['pranzo', 'cena', 'pernottamento'] as const).map((f) => (
                  <Checkbox
                    key={f}
                    size="md"
                    label={t(`reports.days.${f}`)}
                    checked={d[f]}
                    onChange={(e) => set(i, { [f]: e.currentTarget.checked })}
                    disabled={ro}
                  />
                ))}
              </Group>
            )}
          </Paper>
        );
      })}
      {!readOnly && (
        <Group>
          {!returnOnly && (
            <Button
              variant="light"
              leftSection={<IconPlus size={18} />}
              onClick={() => onChange([...days, emptyDay(defaultTechnician, nextDay())])}
            >
              {t('reports.days.add')}
            </Button>
          )}
          <Button
            variant={returnOnly ? 'light' : 'subtle'}
            leftSection={<IconPlus size={18} />}
            onClick={() =>
              onChange([...days, { ...emptyDay(defaultTechnician, nextDay()), ritorno: true, totale_ore: '0' }])
            }
          >
            {t('reports.days.addReturn')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Days added after closing (return travel), at the end. */
function extraCount(days: DayState[], returnOnly: boolean): number {
  if (!returnOnly) return days.length;
  let n = 0;
  for (let i = days.length - 1; i >= 0 && days[i]!.ritorno && days[i]!.totale_ore === '0'; i--) n++;
  return n;
}
