import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Group,
  Loader,
  LoadingOverlay,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { MAP_RANGES, type Appointment } from '@fs/contract';
import { usePublicConfig } from '../../../shell';
import { useCompanyZone } from '../../../company';
import type { PlannerFilters } from '../api';
import { useTechnicianPositions } from '../../geolocation/api';
import { useMapRange, useRangeAppointments } from './api';
import { Legend } from './Legend';
import {
  countWithoutPosition,
  initialRange,
  legendTechnicians,
  placesOf,
  RANGE_STORAGE_KEY,
  scheduleDayLabel,
  validPositions,
  type MapRange,
} from './logic';

const MapCanvas = lazy(() => import('./MapCanvas').then((m) => ({ default: m.MapCanvas })));

function storedRange(): string | null {
  try {
    return sessionStorage.getItem(RANGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Re-renders every minute, so positions past their validity leave the map between refreshes. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

/**
 * The planner's map view: the chosen range's appointments at their customers' places, the
 * technicians' last positions within the geolocation option's validity, a legend and the count
 * of appointments whose customer has no coordinates, all under the calendar's filters (technician,
 * job role, customer). A place's popup opens an appointment (`onOpen`) and gives directions. Tiles
 * when the server names a source (MAP_TILE_URL), else the offline basemap of Italy's regions and
 * provinces.
 */
export function PlannerMap({
  filters = {},
  onOpen,
}: {
  filters?: PlannerFilters;
  onOpen?: (a: Appointment) => void;
} = {}) {
  const { t } = useTranslation();
  const companyZone = useCompanyZone();
  const phone = useMediaQuery('(max-width: 48em)');
  const [range, setRange] = useState<MapRange>(() => initialRange(storedRange()));
  const map = useMapRange(range, filters);
  const days = map.data ? { start: map.data.start, end: map.data.end } : undefined;
  const all = useRangeAppointments(days, filters);
  const live = useTechnicianPositions();
  const config = usePublicConfig();
  const now = useNow();

  const places = useMemo(() => placesOf(map.data?.items ?? []), [map.data]);
  const technicians = useMemo(() => legendTechnicians(map.data?.items ?? []), [map.data]);
  const colours = useMemo(() => new Map(technicians.map((x) => [x.id, x.colore])), [technicians]);
  const positionsSource = live.data ?? map.data?.posizioni;
  const positions = useMemo(() => validPositions(positionsSource, now), [positionsSource, now]);
  const missing = all.data ? countWithoutPosition(all.data.items) : null;

  const choose = (value: string) => {
    const next = initialRange(value);
    setRange(next);
    try {
      sessionStorage.setItem(RANGE_STORAGE_KEY, next);
    } catch {
      // Private mode without storage: the choice lasts until the page closes.
    }
  };

  const ranges = MAP_RANGES.map((r) => ({ value: r, label: t(`plannerMap.ranges.${r}`) }));
  const height = phone ? '60vh' : 'max(400px, calc(100vh - 400px))';
  const waiting = (
    <Group h={height} justify="center">
      <Loader aria-label={t('plannerMap.loading')} />
    </Group>
  );
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center" gap="xs">
        {phone ? (
          // Four ranges do not fit a phone's width side by side.
          <Select
            value={range}
            onChange={(v) => v && choose(v)}
            aria-label={t('plannerMap.rangeLabel')}
            data={ranges}
            allowDeselect={false}
            w="100%"
          />
        ) : (
          <SegmentedControl value={range} onChange={choose} aria-label={t('plannerMap.rangeLabel')} data={ranges} />
        )}
        {map.data && (
          <Text size="sm" c="dimmed">
            {t('plannerMap.days', { start: scheduleDayLabel(map.data.start), end: scheduleDayLabel(map.data.end) })}
          </Text>
        )}
      </Group>
      {map.isError ? (
        <Alert color="red" title={t('plannerMap.error')}>
          <Button size="xs" variant="light" onClick={() => void map.refetch()}>
            {t('plannerMap.retry')}
          </Button>
        </Alert>
      ) : (
        <>
          <Group gap="md" aria-live="polite">
            {map.data && (
              <Text size="sm" fw={600}>
                {map.data.items.length
                  ? t('plannerMap.shown', { count: map.data.items.length })
                  : t('plannerMap.empty')}
              </Text>
            )}
            {missing !== null && missing > 0 && (
              <Text size="sm" c="orange.9">
                {t('plannerMap.withoutPosition', { count: missing })}
              </Text>
            )}
          </Group>
          <Box pos="relative">
            <LoadingOverlay visible={map.isLoading || map.isPlaceholderData} zIndex={1000} />
            <Suspense fallback={waiting}>
              {/* The tile source first: the offline basemap is fetched only when there is none. */}
              {config.isPending ? (
                waiting
              ) : (
                <MapCanvas
                  places={places}
                  positions={positions}
                  colours={colours}
                  timeZone={map.data?.timezone ?? companyZone}
                  tiles={config.data?.mapTiles ?? null}
                  height={height}
                  onOpen={onOpen}
                />
              )}
            </Suspense>
          </Box>
          <Legend
            technicians={technicians}
            positions={
              positionsSource
                ? {
                    enabled: positionsSource.enabled,
                    minutes: positionsSource.validityMinutes,
                    shown: positions.length,
                  }
                : null
            }
          />
        </>
      )}
    </Stack>
  );
}
