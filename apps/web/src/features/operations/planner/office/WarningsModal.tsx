import { useRef, useState } from 'react';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AppointmentRequest, ScheduleWarning } from '@fs/contract';
import { postAppointment, useRefreshPlanner } from '../api';
import { formatDate } from '../../../../app/format';
import { useTechnicians } from './use-technicians';
import { saveConfirming, warningText, type SaveOutcome } from './warnings';

/**
 * Saving an appointment with the server's confirmable warnings (spec 5): the first answer's
 * warnings open a modal; "Salva comunque" sends again with conferma, "Annulla" saves nothing.
 * Returns `save` and the modal element to render.
 */
export function useConfirmedSave() {
  const { t } = useTranslation();
  const refresh = useRefreshPlanner();
  const technicians = useTechnicians();
  const nameOf = (id: string) => technicians.list.find((x) => x.value === id)?.label;
  const [avvisi, setAvvisi] = useState<ScheduleWarning[] | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const [busy, setBusy] = useState(false);

  // While the modal waits for the user nothing is being sent: the form's save button stops spinning.
  const ask = (list: ScheduleWarning[]) =>
    new Promise<boolean>((resolve) => {
      resolver.current = resolve;
      setBusy(false);
      setAvvisi(list);
    });
  const answer = (ok: boolean) => {
    if (ok) setBusy(true);
    resolver.current?.(ok);
    resolver.current = null;
    setAvvisi(null);
  };

  const save = async (body: AppointmentRequest): Promise<SaveOutcome> => {
    setBusy(true);
    try {
      const out = await saveConfirming(postAppointment, body, ask);
      if (out.saved) refresh();
      return out;
    } finally {
      setBusy(false);
    }
  };

  const modal = (
    <Modal
      opened={avvisi !== null}
      onClose={() => answer(false)}
      title={t('planner.warnings.title')}
      closeButtonProps={{ 'aria-label': t('planner.close') }}
      zIndex={400}
    >
      <Stack gap="sm">
        <Alert color="yellow" variant="light">
          <List spacing={4} size="sm">
            {(avvisi ?? []).map((a, i) => (
              <List.Item key={`${a.codice}-${i}`}>
                <Text fw={600} span size="sm">
                  {t(`planner.warnings.${a.codice}`)}
                </Text>
                {': '}
                {warningText(a, t, nameOf, (d) => formatDate(d) ?? d)}
              </List.Item>
            ))}
          </List>
        </Alert>
        <Text size="sm">{t('planner.warnings.question')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => answer(false)}>
            {t('planner.cancel')}
          </Button>
          <Button color="yellow" onClick={() => answer(true)} data-autofocus>
            {t('planner.warnings.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { save, modal, busy };
}
