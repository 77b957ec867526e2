import { useState } from 'react';
import { Button, Group, Modal, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ActivityRangeItem } from '@fs/contract';
import { errorText } from '../../../../app/api/errors';
import { DateField, TimeField } from '../../../../app/components/DateField';
import { formatDate } from '../../../../app/format';
import { notify } from '../../../../app/notify';
import { activityRequest } from './events';
import { useConfirmedSave } from './WarningsModal';
import { instantIn } from './zone';

/**
 * Plans a contract activity occurrence: an appointment with its customer, job role and duration
 * at the chosen (or dropped) day and time, for the chosen technicians.
 */
export function PlanActivityModal({
  item,
  at,
  timeZone,
  technicians,
  initialTechnicians,
  onClose,
}: {
  item: ActivityRangeItem;
  at: { date: string; time: string };
  timeZone: string;
  technicians: { value: string; label: string }[];
  initialTechnicians: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [tecnici, setTecnici] = useState(initialTechnicians);
  const [titolo, setTitolo] = useState(item.nome);
  const [date, setDate] = useState(at.date);
  const [time, setTime] = useState(at.time || '08:00');
  const [shown, setShown] = useState(false);
  const { save, modal, busy } = useConfirmedSave();
  const start = instantIn(date, time, timeZone);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setShown(true);
    if (!start || tecnici.length === 0 || !titolo.trim()) return;
    try {
      const out = await save(activityRequest(item, new Date(start), tecnici, titolo.trim()));
      if (out.saved) {
        notify.success(t('planner.activities.planned'));
        onClose();
      }
    } catch (error) {
      notify.error(errorText(t, error));
    }
  };

  return (
    <>
      <Modal
        opened
        onClose={onClose}
        title={t('planner.activities.planTitle')}
        closeButtonProps={{ 'aria-label': t('planner.close') }}
      >
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="sm">
            <Text size="sm">
              {item.cliente} · {t('planner.activities.due', { date: formatDate(item.data) })} · {item.durata_minuti} min
              {item.mansione ? ` · ${item.mansione}` : ''}
            </Text>
            <TextInput
              label={t('planner.form.titolo')}
              value={titolo}
              onChange={(e) => setTitolo(e.currentTarget.value)}
              error={shown && !titolo.trim() ? t('planner.form.required') : undefined}
              required
              data-autofocus
            />
            <MultiSelect
              label={t('planner.form.tecnici')}
              data={technicians}
              value={tecnici}
              onChange={setTecnici}
              error={shown && tecnici.length === 0 ? t('planner.form.oneTechnician') : undefined}
              required
              searchable
            />
            <Group grow align="flex-start">
              <DateField
                label={t('planner.form.startDate')}
                value={date}
                onChange={setDate}
                error={shown && !date ? t('planner.form.required') : undefined}
                required
              />
              <TimeField
                label={t('planner.form.startTime')}
                value={time}
                onChange={setTime}
                error={shown && !time ? t('planner.form.required') : undefined}
                required
              />
            </Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('planner.cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('planner.activities.planConfirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      {modal}
    </>
  );
}
