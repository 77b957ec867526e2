import { Button, Group, Select, SimpleGrid, Stack, TagsInput, Title } from '@mantine/core';
import { TextInput } from '../../../app/components/TextFields';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { COMPANY_MAX, LANGUAGES, type Company } from '@fs/contract';
import { errorText, isApiError } from '../../../app/api/errors';
import { notify } from '../../../app/notify';
import { serverFieldMessage } from '../../../app/field-rules';
import { useLingue, useNazioni } from '../../shell';
import { useSaveCompany } from './api';
import { companyValidation, timeZones, toRequest, toValues, type CompanyValues } from './company-form';
import { useUnsavedChangesGuard } from '../../../app/guarded-close';

export function CompanyForm({ company, readOnly }: { company: Company; readOnly: boolean }) {
  const { t } = useTranslation();
  const save = useSaveCompany();
  const nazioni = useNazioni();
  const lingue = useLingue();
  const form = useForm<CompanyValues>({ initialValues: toValues(company), validate: companyValidation(t) });
  useUnsavedChangesGuard(!readOnly && form.isDirty());

  const field = (name: keyof CompanyValues, label: string, extra: Record<string, unknown> = {}) => ({
    ...form.getInputProps(name),
    label: t(label),
    disabled: readOnly,
    ...extra,
  });
  const countries = (nazioni.data ?? [{ codice: company.nazione, nome: company.nazione }]).map((n) => ({
    value: n.codice,
    label: n.nome,
  }));
  const languages = (lingue.data?.length ? lingue.data : LANGUAGES).map((l) => ({ value: l.codice, label: l.nome }));

  const submit = form.onSubmit(
    (values) =>
      save.mutate(toRequest(values), {
        onSuccess: (item) => {
          form.setInitialValues(toValues(item));
          form.setValues(toValues(item));
          notify.success(t('company.saved'));
        },
        onError: (error) => {
          if (isApiError(error) && error.fields.length) {
            form.setErrors(Object.fromEntries(error.fields.map((f) => [f.path, serverFieldMessage(t, f.message)])));
            notify.warning(t('company.formInvalid'));
          } else notify.error(errorText(t, error));
        },
      }),
    () => notify.warning(t('company.formInvalid')),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('company.formLabel')}>
      <Stack gap="lg">
        <section>
          <Title order={2} size="h4" mb="sm">
            {t('company.sections.identity')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              {...field('ragione_sociale', 'company.fields.ragione_sociale', {
                required: true,
                maxLength: COMPANY_MAX.ragione_sociale,
              })}
            />
            <TextInput
              {...field('partita_iva', 'company.fields.partita_iva', {
                required: true,
                inputMode: 'numeric',
                maxLength: COMPANY_MAX.partita_iva,
                withCounter: false,
              })}
            />
            <TextInput
              {...field('codice_fiscale', 'company.fields.codice_fiscale', {
                maxLength: COMPANY_MAX.codice_fiscale,
                withCounter: false,
              })}
            />
            <TextInput
              {...field('codice_destinatario', 'company.fields.codice_destinatario', {
                maxLength: COMPANY_MAX.codice_destinatario,
              })}
            />
          </SimpleGrid>
        </section>
        <section>
          <Title order={2} size="h4" mb="sm">
            {t('company.sections.contacts')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              {...field('mailPrincipale', 'company.fields.mailPrincipale', {
                required: true,
                type: 'email',
                maxLength: COMPANY_MAX.email,
              })}
            />
            <TextInput {...field('pec', 'company.fields.pec', { type: 'email', maxLength: COMPANY_MAX.pec })} />
            <TextInput
              {...field('telefono', 'company.fields.telefono', { type: 'tel', maxLength: COMPANY_MAX.telefono })}
            />
            <TagsInput
              {...field('emails', 'company.fields.emails', {
                description: t('company.emailsHint'),
                maxTags: COMPANY_MAX.emails,
              })}
            />
          </SimpleGrid>
        </section>
        <section>
          <Title order={2} size="h4" mb="sm">
            {t('company.sections.address')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput {...field('indirizzo', 'company.fields.indirizzo', { maxLength: COMPANY_MAX.indirizzo })} />
            <TextInput {...field('citta', 'company.fields.citta', { maxLength: COMPANY_MAX.citta })} />
            <TextInput {...field('provincia', 'company.fields.provincia', { maxLength: COMPANY_MAX.provincia })} />
            <TextInput {...field('cap', 'company.fields.cap', { maxLength: COMPANY_MAX.cap })} />
            <Select
              {...field('nazione', 'company.fields.nazione', {
                data: countries,
                searchable: true,
                allowDeselect: false,
              })}
            />
          </SimpleGrid>
        </section>
        <section>
          <Title order={2} size="h4" mb="sm">
            {t('company.sections.preferences')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              {...field('timezone', 'company.fields.timezone', {
                data: timeZones(form.values.timezone),
                searchable: true,
                allowDeselect: false,
                limit: 50,
              })}
            />
            <Select
              {...field('lingua_default', 'company.fields.lingua_default', { data: languages, allowDeselect: false })}
            />
          </SimpleGrid>
        </section>
        {!readOnly && (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={18} />}>
              {t('common.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
