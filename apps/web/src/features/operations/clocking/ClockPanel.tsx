import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBriefcase, IconCar, IconPlayerStop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  addDays,
  formatDate,
  formatTime,
  parseDecimal,
  todayIn,
  type ClockingActionRequest,
  type ClockingKind,
} from '@fs/contract';
import { DecimalInput } from '../../../app/components/DecimalInput';
import { errorText } from '../../../app/api/errors';
import { LoadError } from '../../../app/components/LoadError';
import { notify } from '../../../app/notify';
import { useCompanyZone } from '../../company';
import { useClockAction, useClockingList, useLastClocking } from './api';
import { browserTimeZone, quickFix } from './geo';
import { clockState, clockText, effectiveStart, recordsOfDay, runningMs } from './logic';
import { IntervalList } from './IntervalList';
import classes from './clocking.module.css';

/** How many days back the clock looks for the travel in course (an outward travel not yet returned). */
const TRAVEL_LOOKBACK_DAYS = 31;

/** Re-renders every second while `on` (the running time). */
function useTicking(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [on]);
  return now;
}

/**
 * The technician's own clock (issue 26): one large button for work and one for travel (the leg
 * expected next), the running time, today's intervals with raw and calculated times. The newest
 * record (GET /timbrature/timbratura/last) restores what runs after a reload. Every entry sends the
 * phone's zone and, when the phone gives it within two seconds, its position. `compact` is the home's
 * card: the buttons and the running time, today's intervals on the full page.
 */
export function ClockPanel({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const zone = useCompanyZone();
  const today = todayIn(zone);
  const last = useLastClocking();
  const list = useClockingList({ from: addDays(today, -TRAVEL_LOOKBACK_DAYS), to: today });
  const action = useClockAction();
  const [pending, setPending] = useState<'work' | 'travel' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The outward travel's one-way km (optional): with the daily allowance on, a trip of the minimum distance earns it.
  const [km, setKm] = useState('');

  const state = clockState(last.data ?? null, list.data?.items ?? []);
  const now = useTicking(!!state.open);
  const shownZone = list.data?.timezone ?? zone;
  const geoOn = list.data?.regole.geolocalizzazione.enabled !== false;
  const allowanceOn = list.data?.regole.trasferte.enabled === true;
  const parsedKm = km.trim() ? parseDecimal(km, { decimals: 1 }) : null;
  const kmValue = parsedKm && 'value' in parsedKm && Number(parsedKm.value) <= 5000 ? Number(parsedKm.value) : null;
  const kmInvalid = parsedKm !== null && kmValue === null;
  const askKm = state.travel.action === 'start' && state.travel.leg === 'ANDATA' && allowanceOn;

  if (last.isError) return <LoadError error={last.error} onRetry={() => void last.refetch()} />;
  if (last.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('clocking.clock.loading')}>
        <Skeleton h={72} radius="md" />
        <Skeleton h={72} radius="md" />
      </Stack>
    );
  }

  const send = async (which: 'work' | 'travel', body: ClockingActionRequest, done: string) => {
    setPending(which);
    setFailure(null);
    try {
      await action.mutateAsync(body);
      notify.success(done);
    } catch (e) {
      setFailure(errorText(t, e));
    } finally {
      setPending(null);
    }
  };
  const enter = async (which: 'work' | 'travel', tipo: ClockingKind) => {
    setPending(which);
    const posizione = geoOn ? await quickFix() : undefined;
    await send(
      which,
      {
        azione: 'ENTRATA',
        tipo,
        timezone: browserTimeZone(),
        ...(posizione ? { posizione } : {}),
        ...(tipo === 'ANDATA' && kmValue !== null ? { km: kmValue } : {}),
      },
      t(`clocking.clock.started.${tipo}`),
    );
    if (tipo === 'ANDATA') setKm('');
  };
  const exit = async (which: 'work' | 'travel', tipo: ClockingKind) => {
    setPending(which);
    const posizione = geoOn ? await quickFix() : undefined;
    await send(
      which,
      { azione: 'USCITA', timezone: browserTimeZone(), ...(posizione ? { posizione } : {}) },
      t(`clocking.clock.stopped.${tipo}`),
    );
  };
  const returnNotNeeded = () => {
    const outward = state.returnOptional;
    if (!outward) return;
    modals.openConfirmModal({
      title: t('clocking.clock.returnNotNeededTitle'),
      children: <Text size="sm">{t('clocking.clock.returnNotNeededText')}</Text>,
      labels: { confirm: t('clocking.clock.returnNotNeededConfirm'), cancel: t('common.cancel') },
      onConfirm: () =>
        void send('travel', { azione: 'RITORNO_NON_NECESSARIO', id: outward.id }, t('clocking.clock.returnMarked')),
    });
  };

  const busy = pending !== null;
  const open = state.open;
  const todays = recordsOfDay(list.data?.items ?? [], today);
  const travelLeg = state.travel.leg;
  return (
    <Stack gap="md" className={classes.clock}>
      <Paper withBorder radius="md" p="md" bg={open ? (open.tipo === 'LAVORO' ? 'teal.0' : 'blue.0') : undefined}>
        <Text size="sm" c="dimmed">
          {open ? t(`clocking.clock.running.${open.tipo}`) : t('clocking.clock.idle')}
        </Text>
        <Text fw={700} fz={compact ? 32 : 44} ff="monospace" role="timer" aria-live="off" data-testid="clock-running">
          {open ? clockText(runningMs(open, now)) : '0:00:00'}
        </Text>
        {open && (
          <Text size="sm" data-testid="clock-since">
            {open.giorno === today
              ? t('clocking.clock.since', { time: formatTime(effectiveStart(open), shownZone) })
              : t('clocking.clock.sinceDay', {
                  day: formatDate(effectiveStart(open), shownZone),
                  time: formatTime(effectiveStart(open), shownZone),
                })}
          </Text>
        )}
      </Paper>
      {state.work === 'stop' ? (
        <Button
          className={classes.big}
          color="red.9"
          leftSection={<IconPlayerStop size={28} aria-hidden />}
          loading={pending === 'work'}
          disabled={busy}
          onClick={() => void exit('work', 'LAVORO')}
        >
          {t('clocking.clock.stopWork')}
        </Button>
      ) : (
        <Button
          className={classes.big}
          color="teal.9"
          leftSection={<IconBriefcase size={28} aria-hidden />}
          loading={pending === 'work'}
          disabled={busy || state.work === 'blocked'}
          onClick={() => void enter('work', 'LAVORO')}
        >
          {t('clocking.clock.startWork')}
        </Button>
      )}
      {askKm && (
        <DecimalInput
          label={t('clocking.clock.km')}
          description={t('clocking.clock.kmHint')}
          value={km}
          onChange={(e) => setKm(e.currentTarget.value)}
          error={kmInvalid ? t('clocking.office.kmInvalid') : undefined}
          size="md"
          decimals={1}
        />
      )}
      {state.travel.action === 'stop' ? (
        <Button
          className={classes.big}
          color="red.9"
          leftSection={<IconPlayerStop size={28} aria-hidden />}
          loading={pending === 'travel'}
          disabled={busy}
          onClick={() => void exit('travel', state.travel.leg)}
        >
          {t(`clocking.clock.stopTravel.${state.travel.leg}`)}
        </Button>
      ) : (
        <Button
          className={classes.big}
          color="blue.8"
          variant={state.travel.action === 'blocked' ? 'light' : 'filled'}
          leftSection={<IconCar size={28} aria-hidden />}
          loading={pending === 'travel'}
          disabled={busy || state.travel.action === 'blocked' || (askKm && kmInvalid)}
          onClick={() => void enter('travel', travelLeg)}
        >
          {t(`clocking.clock.startTravel.${travelLeg}`)}
        </Button>
      )}
      {open && (
        <Text size="sm" c="dimmed" ta="center">
          {open.tipo === 'LAVORO' ? t('clocking.clock.workBlocksTravel') : t('clocking.clock.travelBlocksWork')}
        </Text>
      )}
      {state.returnOptional && (
        <Button variant="subtle" className={classes.touch} disabled={busy} onClick={returnNotNeeded}>
          {t('clocking.clock.returnNotNeeded')}
        </Button>
      )}
      {failure && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          onClose={() => setFailure(null)}
          closeButtonLabel={t('clocking.close')}
        >
          {failure}
        </Alert>
      )}
      {compact ? (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('clocking.clock.todayCount', { count: todays.length })}
          </Text>
          <Anchor component={Link} to="/clocking-in-out" fw={600} className={classes.touch}>
            {t('clocking.clock.openPage')}
          </Anchor>
        </Group>
      ) : (
        <section aria-labelledby="clock-today">
          <Title order={2} size="h4" id="clock-today" mb="xs">
            {t('clocking.clock.today')}
          </Title>
          {list.isError ? (
            <LoadError error={list.error} onRetry={() => void list.refetch()} />
          ) : list.isPending ? (
            <Skeleton h={64} radius="md" />
          ) : (
            <IntervalList records={todays} timeZone={shownZone} now={now} />
          )}
        </section>
      )}
    </Stack>
  );
}
