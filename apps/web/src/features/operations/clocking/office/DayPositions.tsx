import { lazy, Suspense, useMemo } from 'react';
import { Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatDay, formatTime, type ClockingRecord, type TechnicianPosition } from '@fs/contract';
import { usePublicConfig } from '../../../shell';

// The planner's map component, loaded with its own chunk only when a day's positions are shown.
const MapCanvas = lazy(() => import('../../planner/map/MapCanvas').then((m) => ({ default: m.MapCanvas })));

/**
 * Where a day's clockings were taken (entry and exit fixes within the geolocation option's
 * validity), on the planner's map; stale fixes are counted, never placed.
 */
export function dayPositions(
  records: ClockingRecord[],
  names: Map<string, string>,
  timeZone: string,
  t: TFunction,
): { positions: TechnicianPosition[]; titles: string[]; stale: number } {
  const positions: TechnicianPosition[] = [];
  const titles: string[] = [];
  let stale = 0;
  for (const r of records) {
    for (const [which, p] of [
      ['start', r.posizioneStart],
      ['end', r.posizioneEnd],
    ] as const) {
      if (!p) continue;
      if (p.stale) {
        stale++;
        continue;
      }
      const name = names.get(r.utenteId) ?? '';
      const pos: TechnicianPosition = {
        utenteId: r.utenteId,
        name,
        surname: null,
        username: name,
        latitude: p.latitude,
        longitude: p.longitude,
        accuracyM: p.accuracyM,
        recordedAt: p.fixAt,
      };
      positions.push(pos);
      titles.push(
        t(`clocking.office.mapTitle.${which}`, {
          name,
          kind: t(`clocking.kinds.${r.tipo}`),
          time: formatTime(which === 'start' ? r.timbraturaStart : r.timbraturaEnd, timeZone) ?? '',
        }),
      );
    }
  }
  return { positions, titles, stale };
}

export function DayPositions({
  day,
  records,
  names,
  colours,
  timeZone,
}: {
  day: string;
  records: ClockingRecord[];
  names: Map<string, string>;
  colours: Map<string, number>;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const { positions, titles, stale } = useMemo(
    () => dayPositions(records, names, timeZone, t),
    [records, names, timeZone, t],
  );
  return (
    <Stack gap="xs" component="section" aria-labelledby="clocking-map">
      <Text fw={600} id="clocking-map">
        {t('clocking.office.mapHeading', { day: formatDay(day) })}
      </Text>
      {positions.length === 0 ? (
        <Text c="dimmed">{t('clocking.office.mapEmpty')}</Text>
      ) : (
        <Suspense fallback={<Loader size="sm" aria-label={t('clocking.office.mapLoading')} />}>
          <MapCanvas
            places={[]}
            positions={positions}
            colours={colours}
            timeZone={timeZone}
            tiles={config.data?.mapTiles ?? null}
            height="360px"
            positionTitle={(_p, i) => titles[i] ?? ''}
          />
        </Suspense>
      )}
      {stale > 0 && (
        <Text size="sm" fw={600}>
          {t('clocking.office.mapStale', { count: stale })}
        </Text>
      )}
    </Stack>
  );
}
