import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDecimal, type ClockingRecord } from '@fs/contract';
import { AnomalyBadges, KindBadge } from './badges';
import { effectiveEnd, effectiveStart, isOpen, minutesText, runningMs, spanText } from './logic';
import classes from './clocking.module.css';

/**
 * Intervals as cards (the phone): kind, the raw times as clocked, the office's correction when there
 * is one, the calculated times and their duration (the running time while open).
 */
export function IntervalList({ records, timeZone, now }: { records: ClockingRecord[]; timeZone: string; now: number }) {
  const { t, i18n } = useTranslation();
  if (records.length === 0) {
    return (
      <Paper withBorder radius="md" p="md">
        <Text c="dimmed" ta="center">
          {t('clocking.clock.emptyToday')}
        </Text>
      </Paper>
    );
  }
  return (
    <Stack gap="xs" component="ul" className={classes.list} aria-label={t('clocking.clock.today')}>
      {records.map((r) => {
        const open = isOpen(r);
        return (
          <Paper component="li" key={r.id} withBorder radius="md" p="sm" data-testid="clock-interval">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2}>
                <Group gap="xs">
                  <KindBadge kind={r.tipo} />
                  {r.ritornoNonNecessario && (
                    <Badge variant="outline" color="gray" size="sm">
                      {t('clocking.returnNotNeededShort')}
                    </Badge>
                  )}
                </Group>
                <Text size="sm">
                  {t('clocking.raw')}: {spanText(r.timbraturaStart, r.timbraturaEnd, timeZone)}
                </Text>
                {r.versione > 0 && (
                  <Text size="sm" c="violet.9" fw={600}>
                    {t('clocking.corrected')}: {spanText(effectiveStart(r), effectiveEnd(r), timeZone)}
                  </Text>
                )}
                <Text size="sm" c="dimmed">
                  {t('clocking.calculated')}: {spanText(r.timbraturaStartCalcolata, r.timbraturaEndCalcolata, timeZone)}
                </Text>
                {r.tipo !== 'LAVORO' && (r.clienteNome || r.km !== null) && (
                  <Text size="sm">
                    {[r.clienteNome, r.km !== null ? `${formatDecimal(r.km, i18n.language)} km` : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                )}
                <AnomalyBadges anomalies={r.anomalie.filter((a) => !(open && a === 'APERTA'))} />
              </Stack>
              <Text fw={700} ff="monospace" aria-label={t('clocking.duration')}>
                {open ? minutesText(Math.floor(runningMs(r, now) / 60_000)) : minutesText(r.minutiCalcolati)}
              </Text>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
