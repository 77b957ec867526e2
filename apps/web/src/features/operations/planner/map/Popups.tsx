import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TechnicianPosition } from '@fs/contract';
import { formatDateTime } from '../../../../app/format';
import { appointmentWhen, type Place } from './logic';

/** A place's appointments: customer, then each one's time (company zone), title, technicians and report. */
export function PlacePopup({ place, timeZone }: { place: Place; timeZone: string }) {
  const { t } = useTranslation();
  const first = place.items[0]!;
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
          {a.rapportino_id && (
            <Anchor component={Link} to={`/interventions/${a.rapportino_id}`} size="xs">
              {a.numero_assistenza
                ? t('plannerMap.openReportNumber', { numero: a.numero_assistenza })
                : t('plannerMap.openReport')}
            </Anchor>
          )}
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
