import { useState } from 'react';
import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CLOCKING_KINDS, type ClockingKind } from '@fs/contract';
import { errorText } from '../../../../app/api/errors';
import { notify } from '../../../../app/notify';
import { useOfficeSave } from '../api';
import { readTimes, TimesFields, type TimesDraft, type TimesErrors } from './TimesFields';

/**
 * The office enters an interval (work or travel) for the selected technician (POST
 * /timbrature/timbrature, INSERISCI): raw times written by the office (origin UFFICIO), a reason.
 */
export function EntryModal({
  utenteId,
  technician,
  day,
  kind,
  timeZone,
  onClose,
}: {
  utenteId: string;
  technician: string;
  day: string;
  kind: ClockingKind;
  timeZone: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useOfficeSave();
  const [tipo, setTipo] = useState<ClockingKind>(kind);
  const [draft, setDraft] = useState<TimesDraft>({ day, start: '', end: '', motivo: '', km: '' });
  const [errors, setErrors] = useState<TimesErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = () => {
    const read = readTimes(draft, timeZone, t);
    if ('errors' in read) return setErrors(read.errors);
    setErrors({});
    setFailure(null);
    save.mutate(
      {
        utenteId,
        operazioni: [
          {
            op: 'INSERISCI',
            tipo,
            start: read.start,
            end: read.end,
            motivo: read.motivo,
            ...(tipo !== 'LAVORO' && read.km !== null ? { km: read.km } : {}),
          },
        ],
      },
      {
        onSuccess: () => {
          notify.success(t('clocking.office.entered'));
          onClose();
        },
        onError: (e) => setFailure(errorText(t, e)),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('clocking.office.enterTitle', { name: technician })} size="md">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <div>
            <Text size="sm" fw={500} mb={4} id="entry-kind">
              {t('clocking.office.kind')}
            </Text>
            <SegmentedControl
              aria-labelledby="entry-kind"
              fullWidth
              value={tipo}
              onChange={(v) => setTipo(v as ClockingKind)}
              data={CLOCKING_KINDS.map((k) => ({ value: k, label: t(`clocking.kinds.${k}`) }))}
            />
          </div>
          <TimesFields draft={draft} onChange={setDraft} errors={errors} travel={tipo !== 'LAVORO'} />
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
              {t('clocking.office.enter')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
