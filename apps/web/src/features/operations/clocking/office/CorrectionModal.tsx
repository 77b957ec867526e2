import { useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatTime, type ClockingRecord } from '@fs/contract';
import { errorText } from '../../../../app/api/errors';
import { displayName } from '../../../../app/session/display-name';
import { notify } from '../../../../app/notify';
import { useClockingRecord, useOfficeSave } from '../api';
import { KindBadge } from '../badges';
import { effectiveEnd, effectiveStart, spanText } from '../logic';
import { readTimes, TimesFields, type TimesDraft, type TimesErrors } from './TimesFields';

function draftOf(r: ClockingRecord, timeZone: string): TimesDraft {
  return {
    day: r.giorno,
    start: formatTime(effectiveStart(r), timeZone) ?? '',
    end: formatTime(effectiveEnd(r), timeZone) ?? '',
    motivo: '',
    km: r.km === null ? '' : String(r.km).replace('.', ','),
  };
}

/** The record's history: the raw times as clocked, then every correction with who, when and why. */
function History({ id, timeZone }: { id: string; timeZone: string }) {
  const { t } = useTranslation();
  const detail = useClockingRecord(id);
  if (detail.isPending) return <Loader size="sm" aria-label={t('clocking.office.historyLoading')} />;
  if (detail.isError) return <Text c="red">{errorText(t, detail.error)}</Text>;
  const r = detail.data;
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table striped fz="sm" aria-label={t('clocking.office.history')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('clocking.office.version')}</Table.Th>
            <Table.Th>{t('clocking.office.times')}</Table.Th>
            <Table.Th>{t('clocking.office.reason')}</Table.Th>
            <Table.Th>{t('clocking.office.byWhen')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>{t('clocking.office.asClocked')}</Table.Td>
            <Table.Td>{spanText(r.timbraturaStart, r.timbraturaEnd, timeZone)}</Table.Td>
            <Table.Td>{t(`clocking.origins.${r.origine}`)}</Table.Td>
            <Table.Td>{formatDateTime(r.timbraturaStart, timeZone)}</Table.Td>
          </Table.Tr>
          {r.correzioni.map((c) => (
            <Table.Tr key={c.versione} data-testid="correction-row">
              <Table.Td>{c.versione}</Table.Td>
              <Table.Td>{spanText(c.timbraturaStart, c.timbraturaEnd, timeZone)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.motivo}</Table.Td>
              <Table.Td>
                {c.correttoDa ? displayName(c.correttoDa) : ''} · {formatDateTime(c.correttoIl, timeZone)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The office's correction of one record (POST /timbrature/timbrature, CORREGGI): new start and end
 * with a mandatory reason; the raw times stay, the history below shows every version.
 */
export function CorrectionModal({
  record,
  timeZone,
  technician,
  onClose,
}: {
  record: ClockingRecord;
  timeZone: string;
  technician: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useOfficeSave();
  const [draft, setDraft] = useState(() => draftOf(record, timeZone));
  const [errors, setErrors] = useState<TimesErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const travel = record.tipo !== 'LAVORO';

  const submit = () => {
    const read = readTimes(draft, timeZone, t);
    if ('errors' in read) return setErrors(read.errors);
    setErrors({});
    setFailure(null);
    save.mutate(
      {
        utenteId: record.utenteId,
        operazioni: [
          {
            op: 'CORREGGI',
            id: record.id,
            start: read.start,
            end: read.end,
            motivo: read.motivo,
            ...(travel ? { km: read.km } : {}),
          },
        ],
      },
      {
        onSuccess: () => {
          notify.success(t('clocking.office.corrected'));
          onClose();
        },
        onError: (e) => setFailure(errorText(t, e)),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('clocking.office.correctTitle', { name: technician })} size="lg">
      <Stack gap="md">
        <Group gap="xs">
          <KindBadge kind={record.tipo} />
          <Text size="sm">
            {t('clocking.raw')}: {spanText(record.timbraturaStart, record.timbraturaEnd, timeZone)}
          </Text>
        </Group>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            <TimesFields draft={draft} onChange={setDraft} errors={errors} travel={travel} />
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('clocking.office.saveCorrection')}
              </Button>
            </Group>
          </Stack>
        </form>
        <div>
          <Title order={3} size="h5" mb="xs">
            {t('clocking.office.history')}
          </Title>
          <History id={record.id} timeZone={timeZone} />
        </div>
      </Stack>
    </Modal>
  );
}
