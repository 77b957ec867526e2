import { Button, Group, Modal, Select, Stack, Switch, TagsInput } from '@mantine/core';
import { Textarea, TextInput } from '../../../app/components/TextFields';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  JOB_ROLE_MAX,
  CHECKLIST_ITEM_TYPES,
  type ChecklistItem,
  type JobRole,
  type ChecklistItemType,
} from '@fs/contract';
import { isApiError } from '../../../app/api/errors';
import { notify } from '../../../app/notify';
import { showSaveError } from '../../../app/form-errors';
import { useSaveCheck, useSaveJob } from './api';
import { useGuardedClose } from '../../../app/guarded-close';

/** Create or edit a job role: a name unique in the company and a description. */
export function JobFormModal({ job, onClose }: { job: JobRole | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveJob();
  const form = useForm({
    initialValues: { nome: job?.nome ?? '', descrizione: job?.descrizione ?? '' },
    validate: {
      nome: (v: string) =>
        !v.trim()
          ? t('jobs.form.required')
          : v.trim().length > JOB_ROLE_MAX.nome
            ? t('jobs.form.tooLong', { max: JOB_ROLE_MAX.nome })
            : null,
      descrizione: (v: string) =>
        v.trim().length > JOB_ROLE_MAX.descrizione ? t('jobs.form.tooLong', { max: JOB_ROLE_MAX.descrizione }) : null,
    },
  });
  const close = useGuardedClose(form, onClose);
  const submit = form.onSubmit(
    (values) =>
      save.mutate(
        { ...(job ? { id: job.id } : {}), ...values },
        {
          onSuccess: () => {
            notify.success(t(job ? 'jobs.form.saved' : 'jobs.form.created'));
            onClose();
          },
          onError: (e) => {
            if (isApiError(e) && e.code === 'CONFLICT') form.setFieldError('nome', t('jobs.form.sameName'));
            else showSaveError(t, form, e);
          },
        },
      ),
    () => notify.warning(t('jobs.form.invalid')),
  );
  const title = t(job ? 'jobs.form.editTitle' : 'jobs.form.newTitle');
  return (
    <Modal opened onClose={close} title={title}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <TextInput
            label={t('jobs.fields.nome')}
            required
            data-autofocus
            maxLength={JOB_ROLE_MAX.nome}
            {...form.getInputProps('nome')}
          />
          <Textarea
            label={t('jobs.fields.descrizione')}
            autosize
            minRows={2}
            maxLength={JOB_ROLE_MAX.descrizione}
            {...form.getInputProps('descrizione')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Create or edit a check of a job role: name, kind, mandatory, choices for a choice list. */
export function CheckFormModal({
  job,
  check,
  onClose,
}: {
  job: JobRole;
  check: ChecklistItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveCheck();
  const form = useForm({
    initialValues: {
      nome_campo: check?.nome_campo ?? '',
      descrizione: check?.descrizione ?? '',
      tipo_campo: (check?.tipo_campo ?? 'boolean') as ChecklistItemType,
      obbligatorio: check?.obbligatorio ?? false,
      valori: check?.valori ?? [],
    },
    validate: {
      nome_campo: (v: string) =>
        !v.trim()
          ? t('jobs.form.required')
          : v.trim().length > JOB_ROLE_MAX.nome_campo
            ? t('jobs.form.tooLong', { max: JOB_ROLE_MAX.nome_campo })
            : null,
      valori: (v: string[], values) =>
        values.tipo_campo === 'select' && v.length === 0 ? t('jobs.checks.needChoices') : null,
    },
  });
  const close = useGuardedClose(form, onClose);
  const submit = form.onSubmit(
    (values) =>
      save.mutate(
        { ...(check ? { id: check.id } : {}), mansioneId: job.id, ...values },
        {
          onSuccess: () => {
            notify.success(t(check ? 'jobs.checks.saved' : 'jobs.checks.created'));
            onClose();
          },
          onError: (e) => showSaveError(t, form, e),
        },
      ),
    () => notify.warning(t('jobs.form.invalid')),
  );
  const title = t(check ? 'jobs.checks.editTitle' : 'jobs.checks.newTitle', { job: job.nome });
  return (
    <Modal opened onClose={close} title={title}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <TextInput
            label={t('jobs.fields.nome_campo')}
            required
            data-autofocus
            maxLength={JOB_ROLE_MAX.nome_campo}
            {...form.getInputProps('nome_campo')}
          />
          <Select
            label={t('jobs.fields.tipo_campo')}
            data={CHECKLIST_ITEM_TYPES.map((k) => ({ value: k, label: t(`jobs.types.${k}`) }))}
            allowDeselect={false}
            {...form.getInputProps('tipo_campo')}
          />
          {form.values.tipo_campo === 'select' && (
            <TagsInput
              label={t('jobs.fields.valori')}
              description={t('jobs.checks.choicesHint')}
              maxTags={JOB_ROLE_MAX.valori}
              {...form.getInputProps('valori')}
            />
          )}
          <Textarea
            label={t('jobs.fields.descrizione')}
            autosize
            minRows={2}
            maxLength={JOB_ROLE_MAX.descrizione}
            {...form.getInputProps('descrizione')}
          />
          <Switch label={t('jobs.fields.obbligatorio')} {...form.getInputProps('obbligatorio', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
