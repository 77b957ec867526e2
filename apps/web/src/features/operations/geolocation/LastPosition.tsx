import { Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TechnicianPosition } from '@fs/contract';

/** "12 min ago", with the coordinates and accuracy on hover; a dash when there is none. */
export function LastPosition({
  position,
  now = Date.now(),
}: {
  position: TechnicianPosition | undefined;
  now?: number;
}) {
  const { t } = useTranslation();
  if (!position)
    return (
      <Text size="sm" c="dimmed">
        {t('geolocation.noPosition')}
      </Text>
    );
  const minutes = Math.max(0, Math.round((now - Date.parse(position.recordedAt)) / 60_000));
  const coordinates = t('geolocation.coordinates', {
    lat: position.latitude.toFixed(5),
    lng: position.longitude.toFixed(5),
    acc: position.accuracyM === null ? '—' : `${position.accuracyM} m`,
  });
  return (
    <Tooltip label={coordinates}>
      <Text size="sm" tabIndex={0} aria-label={`${t('geolocation.minutesAgo', { count: minutes })}. ${coordinates}`}>
        {t('geolocation.minutesAgo', { count: minutes })}
      </Text>
    </Tooltip>
  );
}
