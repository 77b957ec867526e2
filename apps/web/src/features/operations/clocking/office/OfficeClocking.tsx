import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Box,
  Button,
  Group,
  LoadingOverlay,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconClockPlus,
  IconFileSpreadsheet,
  IconFileTypeCsv,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDay, todayIn, type ClockingRecord } from '@fs/contract';
import { LoadError } from '../../../../app/components/LoadError';
import { displayName } from '../../../../app/session/display-name';
import { notify } from '../../../../app/notify';
import { useCan } from '../../../../app/session/api';
import { useDownload } from '../../../../app/use-download';
import { useCompanyZone } from '../../../company';
import { useTechnicians } from '../../planner/office/use-technicians';
import { exportClockings, exportTravel, useClockingList } from '../api';
import { nextTravelLeg, shiftAnchor, viewRange, type ClockingView } from '../logic';
import { CorrectionModal } from './CorrectionModal';
import { DayPositions } from './DayPositions';
import { EntryModal } from './EntryModal';
import { RecordsTable } from './RecordsTable';
import { TotalsTable } from './TotalsTable';
import classes from '../clocking.module.css';

const VIEWS: ClockingView[] = ['day', 'week', 'month'];
const isDay = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** Outward travels of each technician not yet returned (the newest travel of each is an outward one). */
function returnableOf(records: ClockingRecord[]): Set<string> {
  const byUser = new Map<string, ClockingRecord[]>();
  for (const r of records) byUser.set(r.utenteId, [...(byUser.get(r.utenteId) ?? []), r]);
  const out = new Set<string>();
  for (const list of byUser.values()) {
    const { outward } = nextTravelLeg(list);
    if (outward) out.add(outward.id);
  }
  return out;
}

/** The day a new interval starts on: the shown day, else today when shown, else the range's first. */
function entryDay(view: ClockingView, anchor: string, range: { from: string; to: string }, today: string): string {
  if (view === 'day') return anchor;
  return today >= range.from && today <= range.to ? today : range.from;
}

/**
 * The office's clocking (issue 26): one technician or all, by day, week or month, with raw and
 * calculated times, each technician's totals and month approval, anomalies, corrections with their
 * history, intervals entered for the selected technician, the day's positions on the planner's map
 * and the two exports of the shown range. The view lives in the address (?vista, giorno, tecnico).
 */
export function OfficeClocking() {
  const { t } = useTranslation();
  const zone = useCompanyZone();
  const mayWrite = useCan('amministrazione_timbrature', 'write') === true;
  const [params, setParams] = useSearchParams();
  const view = (VIEWS as string[]).includes(params.get('vista') ?? '')
    ? (params.get('vista') as ClockingView)
    : 'month';
  const anchor = isDay(params.get('giorno')) ? params.get('giorno')! : todayIn(zone);
  const technicianId = params.get('tecnico') ?? '';
  const range = viewRange(view, anchor);
  // Every technician over a week or a month: the overview (totals, allowances, anomalies, approvals), whose
  // records open by choosing a technician; a day, or one technician, lists the records too.
  const overview = !technicianId && view !== 'day';
  const list = useClockingList({
    ...range,
    ...(technicianId ? { utenteId: technicianId } : { tutti: '1' }),
    ...(overview ? { forma: 'totali' as const } : {}),
  });
  const technicians = useTechnicians();
  const { busy, download } = useDownload();
  const [correcting, setCorrecting] = useState<ClockingRecord | null>(null);
  const [entering, setEntering] = useState(false);

  const set = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { preventScrollReset: true, replace: true });
  };

  const data = list.data;
  const timeZone = data?.timezone ?? zone;
  const names = useMemo(() => {
    const m = new Map<string, string>(technicians.list.map((o) => [o.value, o.label]));
    for (const tot of data?.totali ?? []) if (!m.has(tot.utente.id)) m.set(tot.utente.id, displayName(tot.utente));
    return m;
  }, [technicians.list, data]);
  const colours = useMemo(() => new Map(technicians.list.map((o) => [o.value, o.indice])), [technicians.list]);
  const options = [...names.entries()].map(([value, label]) => ({ value, label }));
  const records = useMemo(
    () =>
      [...(data?.items ?? [])].sort(
        (a, b) => a.giorno.localeCompare(b.giorno) || a.timbraturaStart.localeCompare(b.timbraturaStart),
      ),
    [data],
  );
  const returnable = useMemo(() => returnableOf(records), [records]);
  const selectedName = technicianId ? (names.get(technicianId) ?? '') : '';
  const month = anchor.slice(0, 7);
  const periodLabel = view === 'day' ? formatDay(range.from) : `${formatDay(range.from)} – ${formatDay(range.to)}`;
  const exportQuery = { ...range, ...(technicianId ? { utenteId: technicianId } : {}) };
  const startEntry = () => {
    if (!technicianId) return notify.warning(t('clocking.errors.technicianRequired'));
    setEntering(true);
  };

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap" className={classes.toolbar}>
        <Select
          label={t('clocking.office.technician')}
          placeholder={t('clocking.office.allTechnicians')}
          data={options}
          value={technicianId || null}
          onChange={(v) => set({ tecnico: v })}
          clearable
          searchable
          w={240}
          size="md"
        />
        <SegmentedControl
          aria-label={t('clocking.office.view')}
          value={view}
          onChange={(v) => set({ vista: v })}
          data={VIEWS.map((v) => ({ value: v, label: t(`clocking.office.views.${v}`) }))}
          size="md"
        />
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="default"
            size={42}
            onClick={() => set({ giorno: shiftAnchor(view, anchor, -1) })}
            aria-label={t('clocking.office.previous')}
          >
            <IconChevronLeft size={20} />
          </ActionIcon>
          <Button variant="default" size="md" onClick={() => set({ giorno: null })}>
            {t('clocking.office.today')}
          </Button>
          <ActionIcon
            variant="default"
            size={42}
            onClick={() => set({ giorno: shiftAnchor(view, anchor, 1) })}
            aria-label={t('clocking.office.next')}
          >
            <IconChevronRight size={20} />
          </ActionIcon>
        </Group>
        <Text fw={600} aria-live="polite" data-testid="clocking-period" py={8}>
          {periodLabel}
        </Text>
      </Group>
      <Group gap="sm" wrap="wrap">
        {mayWrite && (
          <Button leftSection={<IconClockPlus size={18} aria-hidden />} onClick={startEntry} variant="light">
            {t('clocking.office.enterAction')}
          </Button>
        )}
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          loading={busy}
          onClick={() => download(() => exportTravel(exportQuery), `trasferte_${range.from}_${range.to}.xlsx`)}
        >
          {t('clocking.office.exportXlsx')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconFileTypeCsv size={18} aria-hidden />}
          loading={busy}
          onClick={() => download(() => exportClockings(exportQuery), `timbrature_${range.from}_${range.to}.csv`)}
        >
          {t('clocking.office.exportCsv')}
        </Button>
      </Group>
      {list.isError && !data ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : !data ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('clocking.office.loading')}>
          <Skeleton h={80} />
          <Skeleton h={240} />
        </Stack>
      ) : (
        <Box pos="relative">
          <LoadingOverlay visible={list.isFetching && list.isPlaceholderData} zIndex={5} />
          <Stack gap="lg">
            {data.totali.length > 0 && (
              <TotalsTable
                totals={data.totali}
                months={data.mesi}
                month={month}
                timeZone={timeZone}
                mayWrite={mayWrite}
                onSelect={technicianId ? undefined : (id) => set({ tecnico: id })}
              />
            )}
            {overview && data.totali.length > 0 ? (
              <Text c="dimmed" size="sm" data-testid="clocking-overview-hint">
                {t('clocking.office.overviewHint')}
              </Text>
            ) : records.length === 0 ? (
              <Paper withBorder radius="md" p="xl">
                <Text ta="center" fw={600}>
                  {t('clocking.office.empty')}
                </Text>
                <Text ta="center" c="dimmed" size="sm">
                  {technicianId
                    ? t('clocking.office.emptyTechnician', { name: selectedName, period: periodLabel })
                    : t('clocking.office.emptyAll', { period: periodLabel })}
                </Text>
              </Paper>
            ) : (
              <RecordsTable
                records={records}
                names={names}
                showTechnician={!technicianId}
                timeZone={timeZone}
                mayWrite={mayWrite}
                returnable={returnable}
                onCorrect={setCorrecting}
              />
            )}
            {view === 'day' && data.regole.geolocalizzazione.enabled && (
              <DayPositions day={anchor} records={records} names={names} colours={colours} timeZone={timeZone} />
            )}
          </Stack>
        </Box>
      )}
      {correcting && (
        <CorrectionModal
          record={correcting}
          timeZone={timeZone}
          technician={names.get(correcting.utenteId) ?? ''}
          onClose={() => setCorrecting(null)}
        />
      )}
      {entering && technicianId && (
        <EntryModal
          utenteId={technicianId}
          technician={selectedName}
          day={entryDay(view, anchor, range, todayIn(timeZone))}
          kind="ANDATA"
          timeZone={timeZone}
          onClose={() => setEntering(false)}
        />
      )}
      <Text size="xs" c="dimmed">
        {t('clocking.office.rules', {
          tolerance: data?.regole.tolleranzaMinuti ?? 0,
          rounding: data?.regole.arrotondamentoMinuti ?? 0,
        })}
      </Text>
    </Stack>
  );
}
