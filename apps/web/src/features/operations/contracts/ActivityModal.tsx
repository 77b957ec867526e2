import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Tabs, Text } from '@mantine/core';
import { IconCalendarEvent, IconInfoCircle, IconSettings, IconUsers } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { frequencySchema } from '@fs/contract';
import { errorText, formErrorsOf } from '../../../app/api/errors';
import { useDebounced } from '../../../app/components/list-state';
import { useGuardedClose } from '../../../app/guarded-close';
import {
  dateCount,
  frequenzaOf,
  tabOfActivityField,
  validateActivity,
  type ActivityDraft,
  type ActivityTab,
} from './activity-form';
import { ActivityConfigTab } from './ActivityConfigTab';
import { ActivityDatesTab, type PreviewState } from './ActivityDatesTab';
import { useFrequencyPreview, type FrequencyBody } from './api';

export interface ContractPeriod {
  data_inizio: string;
  data_fine: string;
  mesi_rinnovo: number | null;
}

/** The preview's request for a draft: null while the period or the frequency is incomplete. */
function previewBody(d: ActivityDraft, period: ContractPeriod): FrequencyBody | null {
  if (!period.data_inizio || !period.data_fine) return null;
  const f = frequencySchema.safeParse(frequenzaOf(d));
  if (!f.success) return null;
  return {
    data_inizio: period.data_inizio,
    data_fine: period.data_fine,
    mesi_rinnovo: period.mesi_rinnovo,
    frequenza: f.data,
  };
}

/**
 * One activity's editor, tabs Configurazione, Date (with the generated dates) and Appuntamenti.
 * `onSave` answers the server's field errors (paths inside the activity) when it refuses.
 */
export function ActivityModal({
  initial,
  period,
  clienteId,
  title,
  saving = false,
  onSave,
  onClose,
}: {
  initial: ActivityDraft;
  period: ContractPeriod;
  clienteId: string | null;
  title: string;
  saving?: boolean;
  onSave: (d: ActivityDraft) => Promise<Record<string, string> | void> | void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [draft, setDraft] = useState(initial);
  const [tab, setTab] = useState<ActivityTab>('config');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (p: Partial<ActivityDraft>) => setDraft((d) => ({ ...d, ...p, anteprima: null }));
  const bodyJson = useDebounced(JSON.stringify(previewBody(draft, period)), 400);
  const body = JSON.parse(bodyJson) as FrequencyBody | null;
  const query = useFrequencyPreview(body);
  const previewError = query.error
    ? formErrorsOf(query.error)
      ? Object.values(formErrorsOf(query.error)!)[0]!
      : errorText(t, query.error)
    : null;
  const preview: PreviewState = {
    loading: query.isFetching || bodyJson !== JSON.stringify(previewBody(draft, period)),
    dates: body && query.data ? query.data : null,
    error: body ? previewError : null,
  };
  const dirty = () => JSON.stringify({ ...draft, anteprima: null }) !== JSON.stringify({ ...initial, anteprima: null });
  const close = useGuardedClose({ isDirty: dirty }, onClose);

  const save = async () => {
    const found = validateActivity(draft);
    if (Object.keys(found).length) {
      setErrors(found);
      setTab(tabOfActivityField(Object.keys(found)[0]!));
      return;
    }
    if (preview.error) {
      setTab('dates');
      return;
    }
    const refused = await onSave({ ...draft, anteprima: preview.dates ?? draft.anteprima ?? initial.anteprima });
    if (refused && Object.keys(refused).length) {
      setErrors(refused);
      setTab(tabOfActivityField(Object.keys(refused)[0]!));
    }
  };
  const tabError = (which: ActivityTab) => Object.keys(errors).some((k) => tabOfActivityField(k) === which);
  const count = preview.dates?.length ?? dateCount(draft);

  return (
    <Modal
      opened
      onClose={close}
      title={title}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('contracts.close') }}
    >
      <Stack gap="md">
        <Tabs value={tab} onChange={(v) => v && setTab(v as ActivityTab)} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab
              value="config"
              leftSection={<IconSettings size={16} />}
              color={tabError('config') ? 'red' : undefined}
            >
              {t('contracts.activity.tabs.config')}
            </Tabs.Tab>
            <Tabs.Tab
              value="dates"
              leftSection={<IconCalendarEvent size={16} />}
              color={tabError('dates') ? 'red' : undefined}
            >
              {t('contracts.activity.tabs.dates')}
            </Tabs.Tab>
            <Tabs.Tab value="appointments" leftSection={<IconUsers size={16} />}>
              {t('contracts.activity.tabs.appointments')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="config" pt="md">
            <ActivityConfigTab draft={draft} set={set} errors={errors} clienteId={clienteId} />
          </Tabs.Panel>
          <Tabs.Panel value="dates" pt="md">
            <ActivityDatesTab
              draft={draft}
              set={set}
              errors={errors}
              preview={preview}
              periodKnown={!!period.data_inizio && !!period.data_fine}
            />
          </Tabs.Panel>
          <Tabs.Panel value="appointments" pt="md">
            <Stack gap="sm">
              <Alert variant="light" icon={<IconInfoCircle size={18} />}>
                {t('contracts.activity.appointmentsText')}
              </Alert>
              <Text fw={600}>
                {count === null ? t('contracts.activity.toPlanUnknown') : t('contracts.activity.toPlan', { count })}
              </Text>
            </Stack>
          </Tabs.Panel>
        </Tabs>
        {Object.keys(errors).length > 0 && (
          <Text size="sm" c="red" role="alert">
            {t('contracts.activity.fixErrors')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void save()} loading={saving}>
            {t('contracts.activity.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
