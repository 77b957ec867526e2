import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconNavigation } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Appointment, TechnicianPosition } from '@fs/contract';
import { formatDateTime } from '../../../../app/format';
import { directionsUrl } from '../agenda/place';
import { appointmentWhen, type Place } from './logic';

/**
 * A place's appointments: customer and "Naviga" (a directions link for the maps app, built from the
 * place; nothing is fetched), then each one's time (company zone), title, technicians, the
 * appointment itself (opened in its form over the map) and its report.
 */
export function PlacePopup({
  place,
  timeZone,
  onOpen,
}: {
  place: Place;
  timeZone: string;
  /** Opens an appointment's form (absent: no link). */
  onOpen?: ((a: Appointment) => void) | undefined;
}) {
  const { t } = useTranslation();
  const first = place.items[0]!;
  const directions = directionsUrl(first);
  return (
    <Stack gap={6}>
      <div>
        <Text component="div" fw={700} size="sm">
          {first.cliente}
        </Text>
        {(first.luogo.indirizzo || first.luogo.citta) && (
          <Text component="div" size="xs" c="dimmed">
            {[first.luogo.indirizzo, first.luogo.citta].filter(Boolean).join(', ')}
          </Text>
        )}
        {directions && (
          <Anchor
            href={directions}
            target="_blank"
            rel="noopener noreferrer"
            size="xs"
            fw={600}
            aria-label={t('plannerMap.navigateTo', { cliente: first.cliente })}
          >
            <Group gap={4} component="span" wrap="nowrap">
              <IconNavigation size={14} aria-hidden />
              {t('plannerMap.navigate')}
            </Group>
          </Anchor>
        )}
      </div>
      {place.items.map((a) => (
        <div key={a.id}>
          <Text component="div" size="sm" fw={600}>
            {appointmentWhen(a, timeZone, t('plannerMap.allDay'))}
          </Text>
          <Text component="div" size="sm">
            {a.titolo}
          </Text>
          {a.impianto && (
            <Text component="div" size="xs" c="dimmed">
              {a.impianto}
            </Text>
          )}
          <Text component="div" size="xs">
            {t('plannerMap.technicians', { nomi: a.tecnici.map((x) => x.nome).join(', ') })}
          </Text>
          <Group gap="sm" mt={2}>
            {onOpen && (
              <Button
                variant="subtle"
                size="compact-xs"
                px={0}
                onClick={() => onOpen(a)}
                aria-label={t('plannerMap.openAppointmentOf', {
                  titolo: a.titolo,
                  quando: appointmentWhen(a, timeZone, t('plannerMap.allDay')),
                })}
              >
                {t('plannerMap.openAppointment')}
              </Button>
            )}
            {a.rapportino_id && (
              <Anchor component={Link} to={`/interventions/${a.rapportino_id}`} size="xs" underline="always">
                {a.numero_assistenza
                  ? t('plannerMap.openReportNumber', { numero: a.numero_assistenza })
                  : t('plannerMap.openReport')}
              </Anchor>
            )}
          </Group>
        </div>
      ))}
    </Stack>
  );
}

/** A technician's last position: who, when (company zone) and how precise. */
export function PositionPopup({ position: p, timeZone }: { position: TechnicianPosition; timeZone: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Text component="div" fw={700} size="sm">
        {[p.name, p.surname].filter(Boolean).join(' ') || p.username}
      </Text>
      <Text component="div" size="xs">
        {t('plannerMap.positionAt', { when: formatDateTime(p.recordedAt, timeZone) })}
      </Text>
      {p.accuracyM !== null && (
        <Text component="div" size="xs">
          {t('plannerMap.accuracy', { metri: p.accuracyM })}
        </Text>
      )}
    </Stack>
  );
}
