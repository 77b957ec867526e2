import { useRef, useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { focusFirstInvalid, showSaveError } from '../../../app/form-errors';
import { useUnsavedChangesGuard } from '../../../app/guarded-close';
import { notify } from '../../../app/notify';
import { useSessionUser } from '../../../app/session/api';
import { usePageTitle } from '../../../app/use-page-title';
import { useCompanyZone } from '../../company';
import { useSaveReport } from './api';
import { HeaderMore } from './HeaderMore';
import { HeaderSection } from './HeaderSection';
import { bodyOf, emptyForm, errorsAfterChange, formProblems, type FormState } from './report-form';
import { useTechnicianOptions } from './use-technicians';

/** /new-intervention: who, where and why; the report then opens for hours, materials and the rest. */
export function NewReportPage() {
  const { t } = useTranslation();
  usePageTitle(t('reports.newTitle'));
  const navigate = useNavigate();
  const me = useSessionUser().data;
  const technicians = useTechnicianOptions();
  const zone = useCompanyZone();
  const [form, setForm] = useState<FormState>(() => ({
    ...emptyForm(zone),
    tecnici_ids: me?.scheduleenabled === 'Y' ? [me.id] : [],
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveReport();
  const created = useRef(false);
  const initial = useRef(form);
  useUnsavedChangesGuard(() => !created.current && JSON.stringify(form) !== JSON.stringify(initial.current));
  // A changed field drops its error ("Scegli il cliente" goes once a customer is chosen).
  const set = (patch: Partial<FormState>) => {
    setErrors((e) => errorsAfterChange(e, form, patch));
    setForm((f) => ({ ...f, ...patch }));
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problems = formProblems(form);
    if (Object.keys(problems).length) {
      setErrors({
        ...(problems.cliente_id ? { cliente_id: t('reports.customerRequired') } : {}),
        ...(problems.ora_appuntamento ? { ora_appuntamento: t('reports.appointmentTimeRequired') } : {}),
      });
      focusFirstInvalid();
      return;
    }
    save.mutate(bodyOf(form, zone), {
      onSuccess: (item) => {
        created.current = true;
        notify.success(t('reports.created', { numero: item.numero_assistenza }));
        void navigate(`/interventions/${item.id}`, { replace: true });
      },
      onError: (err) => {
        showSaveError(t, { setErrors }, err);
        focusFirstInvalid();
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg" maw={960}>
        <div>
          <Title order={1}>{t('reports.newTitle')}</Title>
          <Text c="dimmed">{t('reports.newSubtitle')}</Text>
        </div>
        <Paper withBorder p="md" radius="md">
          <HeaderSection form={form} set={set} technicians={technicians} readOnly={false} errors={errors}>
            <div style={{ gridColumn: '1 / -1' }}>
              <HeaderMore form={form} set={set} readOnly={false} errors={errors} />
            </div>
          </HeaderSection>
        </Paper>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navigate('/interventions')}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} size="md">
            {t('reports.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
