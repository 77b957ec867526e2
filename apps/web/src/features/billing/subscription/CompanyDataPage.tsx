import { Alert, Button, Card, Grid, Stack } from '@mantine/core';
import { TextInput } from '../../../app/components/TextFields';
import { useTranslation } from 'react-i18next';
import { COMPANY_MAX, companyUpdateRequest, type Company, type CompanyUpdate } from '@fs/contract';
import { useForm } from '@mantine/form';
import { errorText, isApiError } from '../../../app/api/errors';
import { serverFieldMessage } from '../../../app/field-rules';
import { useUnsavedChangesGuard } from '../../../app/guarded-close';
import { LoadError } from '../../../app/components/LoadError';
import { PageLoader } from '../../../app/components/PageLoader';
import { notify } from '../../../app/notify';
import { companyValidation, useCompany, useSaveCompany } from '../../company';
import { useCan } from '../../../app/session/api';
import { SubscriptionShell } from './SubscriptionShell';

const FIELDS = [
  'ragione_sociale',
  'partita_iva',
  'codice_fiscale',
  'pec',
  'codice_destinatario',
  'indirizzo',
  'cap',
  'citta',
  'provincia',
  'mailPrincipale',
] as const;
type Field = (typeof FIELDS)[number];
const REQUIRED: readonly Field[] = ['ragione_sociale', 'partita_iva', 'mailPrincipale'];
/** Codes complete at their limit: no counter. */
const FIXED_LENGTH: readonly Field[] = ['partita_iva', 'codice_fiscale'];
/** Each field's limit: the company schema's. */
const MAX: Record<Field, number> = {
  ragione_sociale: COMPANY_MAX.ragione_sociale,
  partita_iva: COMPANY_MAX.partita_iva,
  codice_fiscale: COMPANY_MAX.codice_fiscale,
  pec: COMPANY_MAX.pec,
  codice_destinatario: COMPANY_MAX.codice_destinatario,
  indirizzo: COMPANY_MAX.indirizzo,
  cap: COMPANY_MAX.cap,
  citta: COMPANY_MAX.citta,
  provincia: COMPANY_MAX.provincia,
  mailPrincipale: COMPANY_MAX.email,
};

function valuesOf(company: Company): Record<Field, string> {
  return Object.fromEntries(FIELDS.map((f) => [f, company[f] ?? ''])) as Record<Field, string>;
}

/**
 * The billing data: the company form's rules and messages (required, VAT number length and check
 * digit, email), the schema's limits, and leaving with unsaved changes asks first.
 */
export function BillingForm({ company, readOnly }: { company: Company; readOnly: boolean }) {
  const { t } = useTranslation();
  const save = useSaveCompany();
  const rules: Partial<Record<Field, (v: string) => string | null>> = companyValidation(t);
  const form = useForm<Record<Field, string>>({
    initialValues: valuesOf(company),
    validate: Object.fromEntries(FIELDS.filter((f) => rules[f]).map((f) => [f, rules[f]])),
  });
  useUnsavedChangesGuard(!readOnly && form.isDirty());
  // A message of the schema in the interface language: the shared ones translated, others generic.
  const messageOf = (message: string) => {
    const shared = serverFieldMessage(t, message);
    return shared !== message ? shared : t('subscription.companyData.invalid');
  };

  const submit = form.onSubmit(
    async (values) => {
      const body = {
        ...values,
        emails: company.emails,
        telefono: company.telefono ?? '',
        nazione: company.nazione,
        timezone: company.timezone,
        lingua_default: company.lingua_default as CompanyUpdate['lingua_default'],
      };
      const parsed = companyUpdateRequest.safeParse(body);
      if (!parsed.success) {
        form.setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), messageOf(i.message)])));
        notify.error(t('subscription.companyData.fillAll'));
        return;
      }
      try {
        const item = await save.mutateAsync(body);
        form.setInitialValues(valuesOf(item));
        form.setValues(valuesOf(item));
        notify.success(t('subscription.companyData.saved'));
      } catch (err) {
        if (isApiError(err) && err.fields.length)
          form.setErrors(Object.fromEntries(err.fields.map((f) => [f.path, messageOf(f.message)])));
        notify.error(errorText(t, err));
      }
    },
    () => notify.error(t('subscription.companyData.fillAll')),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('subscription.menu.companyData')}>
      <Grid>
        {FIELDS.map((f) => (
          <Grid.Col key={f} span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t(`subscription.companyData.fields.${f}`)}
              readOnly={readOnly}
              maxLength={MAX[f]}
              withCounter={!FIXED_LENGTH.includes(f)}
              required={REQUIRED.includes(f)}
              {...form.getInputProps(f)}
            />
          </Grid.Col>
        ))}
      </Grid>
      {!readOnly && (
        <Button type="submit" mt="lg" loading={save.isPending}>
          {t('subscription.companyData.save')}
        </Button>
      )}
    </form>
  );
}

/** /subscription-plan/company-data: the billing data, through the company API. */
export function CompanyDataPage() {
  const { t } = useTranslation();
  const canRead = useCan('gestione_azienda', 'read') === true;
  const readOnly = useCan('gestione_azienda', 'write') !== true;
  const company = useCompany(canRead);
  return (
    <SubscriptionShell page="companyData">
      <Stack maw={900}>
        {!canRead && <Alert color="yellow">{t('subscription.askAdmin')}</Alert>}
        {company.isError && <LoadError error={company.error} onRetry={() => void company.refetch()} />}
        {canRead && company.isPending && <PageLoader />}
        {company.data && (
          <Card withBorder radius="md" padding="lg">
            <BillingForm key={company.data.id} company={company.data} readOnly={readOnly} />
          </Card>
        )}
      </Stack>
    </SubscriptionShell>
  );
}
