import { Alert, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileText, IconInfoCircle, IconNavigation, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { REPORT_STATE_COLORS, type Appointment } from '@fs/contract';
import { errorText } from '../../../../app/api/errors';
import { Facts } from '../../../../app/components/Facts';
import { NoteText } from '../../../../app/components/NoteText';
import { notify } from '../../../../app/notify';
import { useCan } from '../../../../app/session/api';
import { daysCovered, wallClock } from './agenda-time';
import { useStartReport } from './api';
import { dayTitle } from './entry-text';
import { directionsUrl, placeOf } from './place';

/** When, on the zone's clock: "lunedì 23 novembre, 09:00–11:00" (or the days of an all-day one). */
function whenText(a: Appointment, zone: string, locale: string, allDay: string): string {
  const days = daysCovered(a, zone);
  if (!days) return '';
  const span =
    days.first === days.last
      ? dayTitle(days.first, locale)
      : `${dayTitle(days.first, locale)} – ${dayTitle(days.last, locale)}`;
  if (a.tutto_il_giorno) return `${span}, ${allDay.toLowerCase()}`;
  const start = wallClock(a.inizio!, zone);
  const end = wallClock(a.fine!, zone);
  return days.first === days.last
    ? `${span}, ${start.time}–${end.time}`
    : `${dayTitle(days.first, locale)} ${start.time} – ${dayTitle(days.last, locale)} ${end.time}`;
}

/** One appointment: where, when and what, the way there, and its report (opened, or made when allowed). */
export function AppointmentDetails({
  appointment: a,
  zone,
  onClose,
}: {
  appointment: Appointment | null;
  zone: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const navigate = useNavigate();
  const start = useStartReport();
  // Making the report from the visit: who may write reports (the server checks the appointment is theirs).
  const mayStart = useCan('gestione_interventi', 'write') === true;
  const directions = a ? directionsUrl(a) : null;
  const create = (x: Appointment) =>
    start.mutate(x, {
      onSuccess: (item) => {
        notify.success(t('agenda.reportCreated', { numero: item.numero_assistenza }));
        void navigate(`/interventions/${item.id}`);
      },
      onError: (e) => notify.error(errorText(t, e)),
    });
  return (
    <Modal opened={a !== null} onClose={onClose} title={a?.titolo} fullScreen={phone} size="lg">
      {a && (
        <Stack gap="md">
          <Facts
            items={[
              { label: t('agenda.when'), value: whenText(a, zone, i18n.language, t('agenda.allDay')) },
              { label: t('agenda.customer'), value: a.cliente },
              { label: t('agenda.place'), value: placeOf(a) },
              { label: t('agenda.plant'), value: a.impianto },
              { label: t('agenda.jobRole'), value: a.mansione },
              { label: t('agenda.technicians'), value: a.tecnici.map((x) => x.nome).join(', ') },
              { label: t('agenda.notes'), value: a.note ? <NoteText>{a.note}</NoteText> : null },
              {
                label: t('agenda.report'),
                value: a.rapportino_id ? (
                  <Group gap="xs">
                    {a.numero_assistenza && <span>{t('agenda.reportNumber', { numero: a.numero_assistenza })}</span>}
                    {a.stato_rapportino && (
                      <Badge color={REPORT_STATE_COLORS[a.stato_rapportino]} variant="light">
                        {t(`reports.stati.${a.stato_rapportino}`)}
                      </Badge>
                    )}
                  </Group>
                ) : null,
              },
            ]}
          />
          {directions && (
            <Button
              component="a"
              href={directions}
              target="_blank"
              rel="noreferrer noopener"
              variant="light"
              size="md"
              fullWidth
              leftSection={<IconNavigation size={20} />}
            >
              {t('agenda.navigate')}
            </Button>
          )}
          {a.rapportino_id ? (
            <Button
              component={Link}
              to={`/interventions/${a.rapportino_id}`}
              onClick={onClose}
              size="md"
              fullWidth
              leftSection={<IconFileText size={20} />}
            >
              {t('agenda.openReport')}
            </Button>
          ) : mayStart ? (
            <Stack gap={4}>
              <Button
                size="md"
                fullWidth
                leftSection={<IconPlus size={20} />}
                loading={start.isPending}
                onClick={() => create(a)}
              >
                {t('agenda.startReport')}
              </Button>
              <Text size="sm" c="dimmed">
                {t('agenda.startReportHint')}
              </Text>
            </Stack>
          ) : (
            <Alert color="gray" icon={<IconInfoCircle />}>
              {t('agenda.noReport')} {t('agenda.noReportAsk')}
            </Alert>
          )}
          <Button variant="default" size="md" fullWidth onClick={onClose}>
            {t('agenda.close')}
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
