import { useState } from 'react';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Switch,
  TextInput,
  Textarea,
} from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SCHEDULE_MAX } from '@fs/contract';
import { errorText } from '../../../../app/api/errors';
import { DateField, TimeField } from '../../../../app/components/DateField';
import { confirmDelete } from '../../../../app/confirm-delete';
import { notify } from '../../../../app/notify';
import { useCan } from '../../../../app/session/api';
import { useJobs } from '../../../registries';
import { useMachines, usePlants } from '../../reports/api';
import { useDeleteAppointment, useSaveTodo } from '../api';
import { CustomerPicker } from './CustomerPicker';
import { draftProblems, requestOf, todoOf, type Draft } from './draft';
import { useConfirmedSave } from './WarningsModal';

const REMINDERS = ['15', '30', '60', '120', '1440'];

/** Create or edit an appointment (or a to-do): every field of the contract's request. */
export function AppointmentModal({
  initial,
  timeZone,
  technicians,
  onClose,
}: {
  initial: Draft;
  timeZone: string;
  technicians: { value: string; label: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [d, setD] = useState<Draft>(initial);
  const [shown, setShown] = useState(false);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((x) => ({ ...x, [k]: v }));
  const { save, modal, busy } = useConfirmedSave();
  const saveTodo = useSaveTodo();
  const remove = useDeleteAppointment();
  const jobs = useJobs();
  const plants = usePlants(d.cliente?.id ?? null);
  const machines = useMachines(d.impianto_id);
  const mayMakeReport = useCan('gestione_interventi', 'write') === true;
  const mayDelete = useCan('pianificazione_interventi', 'delete') === true;
  const editing = !!d.id;
  // A to-do (new from "Nuovo da fare" or opened from the list) has no dates and may have no technician yet.
  const asTodo = d.todo;
  const problems = draftProblems(d, timeZone, asTodo);
  const err = (k: keyof Draft) => (shown && problems[k] ? t(`planner.form.${problems[k]}`) : undefined);

  const submit = async (e?: React.FormEvent) => {
    e?.preventDefault();
    setShown(true);
    if (Object.keys(problems).length > 0) return;
    try {
      if (asTodo) {
        await saveTodo.mutateAsync(todoOf(d));
        notify.success(t('planner.todo.saved'));
        onClose();
        return;
      }
      const out = await save(requestOf(d, timeZone));
      if (out.saved) {
        notify.success(t('planner.saved'));
        onClose();
      }
    } catch (error) {
      notify.error(errorText(t, error));
    }
  };

  const saveAsTodo = async () => {
    setShown(true);
    if (problems.titolo || problems.cliente) return;
    try {
      await saveTodo.mutateAsync(todoOf(d));
      notify.success(t('planner.todo.saved'));
      onClose();
    } catch (error) {
      notify.error(errorText(t, error));
    }
  };

  const askDelete = () =>
    confirmDelete(t, {
      title: t('planner.delete.title'),
      text: t('planner.delete.text', { title: d.titolo }),
      confirm: t('planner.delete.confirm'),
      done: t('planner.delete.done'),
      remove: (cb) => remove.mutate(d.id!, { ...cb, onSuccess: () => (cb.onSuccess(), onClose()) }),
    });

  const title = asTodo
    ? editing
      ? t('planner.todo.edit')
      : t('planner.todo.new')
    : editing
      ? t('planner.form.edit')
      : t('planner.form.new');
  return (
    <>
      <Modal opened onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': t('planner.close') }}>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('planner.form.titolo')}
              value={d.titolo}
              onChange={(e) => set('titolo', e.currentTarget.value)}
              maxLength={SCHEDULE_MAX.titolo}
              error={err('titolo')}
              required
              data-autofocus
            />
            <CustomerPicker
              value={d.cliente}
              onChange={(c) => setD((x) => ({ ...x, cliente: c, impianto_id: null, macchinari_ids: [] }))}
              error={err('cliente')}
            />
            <Group grow align="flex-start">
              <Select
                label={t('planner.form.impianto')}
                data={(plants.data ?? []).map((p) => ({ value: p.id, label: p.nome }))}
                value={d.impianto_id}
                onChange={(v) => setD((x) => ({ ...x, impianto_id: v, macchinari_ids: [] }))}
                disabled={!d.cliente}
                clearable
                searchable
              />
              <MultiSelect
                label={t('planner.form.macchinari')}
                data={(machines.data ?? []).map((m) => ({
                  value: m.id,
                  label: `${m.nome} ${m.matricola ?? ''}`.trim(),
                }))}
                value={d.macchinari_ids}
                onChange={(v) => set('macchinari_ids', v)}
                disabled={!d.impianto_id}
                searchable
              />
            </Group>
            <MultiSelect
              label={t('planner.form.tecnici')}
              data={technicians}
              value={d.tecnici_ids}
              onChange={(v) => set('tecnici_ids', v)}
              error={err('tecnici_ids')}
              maxValues={SCHEDULE_MAX.tecnici}
              required={!asTodo}
              searchable
            />
            {!asTodo && (
              <>
                <Switch
                  label={t('planner.form.allDay')}
                  checked={d.allDay}
                  onChange={(e) => set('allDay', e.currentTarget.checked)}
                />
                <Group grow align="flex-start">
                  <DateField
                    label={t('planner.form.startDate')}
                    value={d.startDate}
                    onChange={(v) => setD((x) => ({ ...x, startDate: v, endDate: x.endDate < v ? v : x.endDate }))}
                    error={err('startDate')}
                    required
                  />
                  {!d.allDay && (
                    <TimeField
                      label={t('planner.form.startTime')}
                      value={d.startTime}
                      onChange={(v) => set('startTime', v)}
                      error={err('startTime')}
                      required
                    />
                  )}
                </Group>
                <Group grow align="flex-start">
                  <DateField
                    label={t('planner.form.endDate')}
                    value={d.endDate}
                    onChange={(v) => set('endDate', v)}
                    error={err('endDate')}
                    required
                  />
                  {!d.allDay && (
                    <TimeField
                      label={t('planner.form.endTime')}
                      value={d.endTime}
                      onChange={(v) => set('endTime', v)}
                      error={err('endTime')}
                      required
                    />
                  )}
                </Group>
              </>
            )}
            <Select
              label={t('planner.form.mansione')}
              data={(jobs.data ?? []).map((j) => ({ value: j.id, label: j.nome }))}
              value={d.mansione_id}
              onChange={(v) => set('mansione_id', v)}
              clearable
              searchable
            />
            <Textarea
              label={t('planner.form.note')}
              value={d.note}
              onChange={(e) => set('note', e.currentTarget.value)}
              maxLength={SCHEDULE_MAX.note}
              autosize
              minRows={2}
            />
            {!asTodo && (
              <Select
                label={t('planner.form.promemoria')}
                data={[
                  { value: '', label: t('planner.form.noReminder') },
                  ...REMINDERS.map((m) => ({ value: m, label: t(`planner.form.reminder.${m}`) })),
                ]}
                value={d.promemoria}
                onChange={(v) => set('promemoria', v ?? '')}
                allowDeselect={false}
              />
            )}
            {!editing && !asTodo && mayMakeReport && (
              <Checkbox
                label={t('planner.form.creaRapportino')}
                checked={d.crea_rapportino}
                onChange={(e) => set('crea_rapportino', e.currentTarget.checked)}
              />
            )}
            {d.rapportino_id && (
              <Anchor component={Link} to={`/interventions/${d.rapportino_id}`}>
                {t('planner.form.openReport')}
              </Anchor>
            )}
            <Group justify="space-between" mt="xs">
              <Group gap="xs">
                {editing && mayDelete && (
                  <Button color="red" variant="light" onClick={askDelete}>
                    {t('planner.delete.button')}
                  </Button>
                )}
              </Group>
              <Group gap="xs">
                <Button variant="default" onClick={onClose}>
                  {t('planner.cancel')}
                </Button>
                {!editing && !asTodo && (
                  <Button variant="light" onClick={() => void saveAsTodo()} loading={saveTodo.isPending}>
                    {t('planner.todo.saveAs')}
                  </Button>
                )}
                <Button type="submit" loading={busy || saveTodo.isPending}>
                  {asTodo ? t('planner.todo.save') : t('planner.form.save')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Modal>
      {modal}
    </>
  );
}
