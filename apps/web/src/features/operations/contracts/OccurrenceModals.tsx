import { useState } from 'react';
import { Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Occurrence } from '@fs/contract';
import { errorText } from '../../../app/api/errors';
import { DateField, TimeField } from '../../../app/components/DateField';
import { formatDate } from '../../../app/format';
import { notify } from '../../../app/notify';
import { appointmentInstant, appointmentTimeMissing } from '../reports/appointment';
import { useTechnicianOptions } from '../reports/use-technicians';
import { useCompanyZone } from '../../company';
import { useMakeReport, useMoveOccurrence } from './api';

/** "Crea rapportino" from an occurrence: technicians and an appointment (optional), then the report opens. */
export function MakeReportModal({
  occurrence: o,
  name,
  onClose,
}: {
  occurrence: Occurrence;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const technicians = useTechnicianOptions();
  const [tecnici, setTecnici] = useState<string[]>([]);
  const [date, setDate] = useState(o.data_pianificata ?? o.data);
  const [time, setTime] = useState('');
  const [timeError, setTimeError] = useState<string | null>(null);
  const make = useMakeReport(o.contratto_id);
  const zone = useCompanyZone();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    // A day needs its time (or no day at all): never a silent 08:00.
    if (appointmentTimeMissing(date, time)) return setTimeError(t('reports.appointmentTimeRequired'));
    make.mutate(
      { id: o.id, tecnici, data_appuntamento: appointmentInstant(date, time, zone) },
      {
        onSuccess: (rapportinoId) => {
          notify.success(t('contracts.occurrences.reportMade'));
          onClose();
          void navigate(`/interventions/${rapportinoId}`);
        },
        onError: (err) => notify.error(errorText(t, err)),
      },
    );
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('contracts.occurrences.reportTitle', { name, date: formatDate(o.data) })}
      closeButtonProps={{ 'aria-label': t('contracts.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <MultiSelect
            label={t('contracts.occurrences.tecnici')}
            data={technicians}
            value={tecnici}
            onChange={setTecnici}
            searchable
          />
          <Group grow align="flex-start" wrap="nowrap">
            <DateField
              label={t('contracts.occurrences.appuntamento')}
              value={date}
              onChange={(d) => {
                setDate(d);
                setTimeError(null);
              }}
              clearable
            />
            <TimeField
              label={t('contracts.occurrences.ora')}
              value={time}
              onChange={(h) => {
                setTime(h);
                setTimeError(null);
              }}
              disabled={!date}
              required={!!date}
              error={timeError ?? undefined}
            />
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={make.isPending}>
              {t('contracts.occurrences.reportCreate')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** "Sposta": a new day for an occurrence; beyond the activity's rules the server's warning asks to confirm. */
export function MoveDateModal({
  occurrence: o,
  name,
  onClose,
}: {
  occurrence: Occurrence;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [data, setData] = useState(o.data_pianificata ?? o.data);
  const [error, setError] = useState<string | undefined>();
  const move = useMoveOccurrence(o.contratto_id);
  const send = (conferma: boolean) =>
    move.mutate(
      { id: o.id, data, conferma },
      {
        onSuccess: (r) => {
          if (r.success) {
            notify.success(t('contracts.occurrences.moved', { date: formatDate(data) }));
            onClose();
            return;
          }
          modals.openConfirmModal({
            title: t(`contracts.occurrences.warning.${r.avviso}`),
            children: (
              <Stack gap="xs">
                <Text size="sm">{r.message}</Text>
                <Text size="sm" c="dimmed">
                  {t('contracts.occurrences.warning.detail', { giorni: r.giorni, massimo: r.massimo })}
                </Text>
              </Stack>
            ),
            labels: { confirm: t('contracts.occurrences.warning.confirm'), cancel: t('common.cancel') },
            confirmProps: { color: 'orange' },
            onConfirm: () => send(true),
          });
        },
        onError: (err) => setError(errorText(t, err)),
      },
    );
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!data) return setError(t('contracts.errors.required'));
    send(false);
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('contracts.occurrences.moveTitle', { name, date: formatDate(o.data) })}
      closeButtonProps={{ 'aria-label': t('contracts.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <DateField
            label={t('contracts.occurrences.newDate')}
            required
            value={data}
            onChange={setData}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={move.isPending}>
              {t('contracts.occurrences.move')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
