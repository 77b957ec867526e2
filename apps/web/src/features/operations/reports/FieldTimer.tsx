import { useEffect, useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { HoursMode } from '@fs/contract';
import { applyTimerRun, elapsedText, readTimer, writeTimer } from './field-timer';
import type { DayState } from './report-form';

const storage = () => (typeof window === 'undefined' ? null : window.localStorage);

/**
 * The field view's work timer: "Inizia" keeps the start in the browser (a reload keeps it running),
 * "Termina" writes the run into today's worked day of the technician, to be saved with the report.
 */
export function FieldTimer({
  reportId,
  days,
  onChange,
  mode,
  technician,
  zone,
  disabled,
}: {
  reportId: string;
  days: DayState[];
  onChange: (days: DayState[]) => void;
  mode: HoursMode;
  technician: string;
  zone: string;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [startedAt, setStartedAt] = useState<Date | null>(() => {
    const s = storage();
    return s ? readTimer(s, reportId) : null;
  });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!startedAt) return;
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(tick);
  }, [startedAt]);

  const start = () => {
    const at = new Date();
    const s = storage();
    if (s) writeTimer(s, reportId, at);
    setNow(at.getTime());
    setStartedAt(at);
  };
  const stop = () => {
    if (!startedAt) return;
    onChange(applyTimerRun(days, { start: startedAt, end: new Date(), zone, mode, technician }));
    const s = storage();
    if (s) writeTimer(s, reportId, null);
    setStartedAt(null);
  };

  return (
    <Paper withBorder p="sm" radius="md" bg={startedAt ? 'green.0' : undefined}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <div>
          <Text size="sm" c="dimmed">
            {t('reports.field.timer')}
          </Text>
          <Text fw={700} size="xl" ff="monospace" role="timer" aria-live="off" data-testid="field-timer">
            {startedAt ? elapsedText(now - startedAt.getTime()) : '0:00:00'}
          </Text>
        </div>
        {startedAt ? (
          <Button size="lg" color="red.9" leftSection={<IconPlayerStop size={20} />} onClick={stop} disabled={disabled}>
            {t('reports.field.stop')}
          </Button>
        ) : (
          <Button
            size="lg"
            color="teal.9"
            leftSection={<IconPlayerPlay size={20} />}
            onClick={start}
            disabled={disabled}
          >
            {t('reports.field.start')}
          </Button>
        )}
      </Group>
      {startedAt && (
        <Text size="sm" mt={4}>
          {t('reports.field.runningSince', {
            time: startedAt.toLocaleTimeString('it-IT', { hour: '2-digit', minute: '2-digit', timeZone: zone }),
          })}
        </Text>
      )}
    </Paper>
  );
}
