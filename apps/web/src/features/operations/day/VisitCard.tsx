import { Badge, Button, Group, Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconFileText, IconMapPin, IconNavigation, IconPhone, IconPlus } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatTime, REPORT_STATE_COLORS, type DayVisit } from '@fs/contract';
import { errorText } from '../../../app/api/errors';
import { notify } from '../../../app/notify';
import { useCreateVisitReport } from './api';
import { addressText, navigateUrl, reportPath, telUrl } from './visit-links';
import classes from './day.module.css';

/** "09:00–10:30", "Tutto il giorno", or "Senza data" (an open report without an appointment). */
function visitTime(t: (key: string) => string, v: DayVisit, zone: string): string {
  if (v.tutto_il_giorno) return t('agenda.allDay');
  const from = formatTime(v.inizio, zone);
  const to = formatTime(v.fine, zone);
  if (!from) return t('visits.noDate');
  return to ? `${from}–${to}` : from;
}

/** The visit's report: open it, make it from the appointment, or say the office makes it. */
function ReportAction({ visit }: { visit: DayVisit }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateVisitReport();
  if (visit.rapportino_id) {
    return (
      <Button
        component={Link}
        to={reportPath(visit.rapportino_id)}
        className={`${classes.action} ${classes.wide}`}
        leftSection={<IconFileText size={20} aria-hidden />}
      >
        {t('visits.openReport')}
        <VisuallyHidden>{` ${t('visits.ofCustomer', { cliente: visit.cliente })}`}</VisuallyHidden>
      </Button>
    );
  }
  if (visit.appuntamento_id && visit.rapportino_creabile) {
    const appointmentId = visit.appuntamento_id;
    return (
      <Button
        className={`${classes.action} ${classes.wide}`}
        leftSection={<IconPlus size={20} aria-hidden />}
        loading={create.isPending}
        disabled={create.isPending}
        onClick={() =>
          create.mutate(appointmentId, {
            onSuccess: (report) => void navigate(reportPath(report.id)),
            onError: (error) => notify.error(errorText(t, error), t('visits.createFailed')),
          })
        }
      >
        {t('visits.createReport')}
        <VisuallyHidden>{` ${t('visits.ofCustomer', { cliente: visit.cliente })}`}</VisuallyHidden>
      </Button>
    );
  }
  return (
    <Text size="sm" c="dimmed" className={classes.wide}>
      {t('visits.officeMakesReport')}
    </Text>
  );
}

/**
 * One visit of the technician's day, made for a phone: when, the customer, where (with the maps
 * app's directions), the job role and the request; then its report, navigate and call, 48 px tall.
 */
export function VisitCard({ visit, zone }: { visit: DayVisit; zone: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const address = addressText(visit.luogo);
  const maps = navigateUrl(visit);
  const tel = telUrl(visit.telefono);
  return (
    <Paper component="article" withBorder radius="md" p="sm" aria-labelledby={headingId}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={700}>{visitTime(t, visit, zone)}</Text>
        {visit.stato_rapportino && (
          <Badge size="sm" variant="light" color={REPORT_STATE_COLORS[visit.stato_rapportino]}>
            {visit.numero_assistenza ?? t(`reports.stati.${visit.stato_rapportino}`)}
          </Badge>
        )}
      </Group>
      <Title order={3} size="h5" id={headingId} className={classes.wrap}>
        {visit.cliente}
      </Title>
      {(visit.impianto || visit.titolo) && (
        <Text size="sm" className={classes.wrap}>
          {[visit.titolo, visit.impianto].filter(Boolean).join(' · ')}
        </Text>
      )}
      <Group gap={4} wrap="nowrap" align="flex-start">
        <IconMapPin size={16} className={classes.icon} aria-hidden />
        <Text size="sm" c="dimmed" className={classes.wrap}>
          {address ?? t('agenda.noPlace')}
        </Text>
      </Group>
      {visit.mansione && (
        <Text size="sm" c="dimmed">
          {t('agenda.jobRole')}: {visit.mansione}
        </Text>
      )}
      {visit.richiesta && (
        <Text size="sm" lineClamp={3} className={classes.wrap} mt={4}>
          {visit.richiesta}
        </Text>
      )}
      <div className={classes.actions}>
        <ReportAction visit={visit} />
        {maps && (
          <Button
            component="a"
            href={maps}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            className={classes.action}
            leftSection={<IconNavigation size={20} aria-hidden />}
          >
            {t('visits.navigate')}
            <VisuallyHidden>{` ${t('visits.toPlace', { luogo: address ?? visit.cliente })}`}</VisuallyHidden>
          </Button>
        )}
        {tel && (
          <Button
            component="a"
            href={tel}
            variant="light"
            className={classes.action}
            leftSection={<IconPhone size={20} aria-hidden />}
          >
            {t('visits.call')}
            <VisuallyHidden>{` ${visit.cliente}`}</VisuallyHidden>
          </Button>
        )}
      </div>
    </Paper>
  );
}
