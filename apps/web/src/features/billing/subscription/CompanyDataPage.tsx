import { useState } from 'react';
import { Alert, Button, Card, Grid, Stack } from '@mantine/core';
import { TextInput } from '../../../app/components/TextFields';
import { useTranslation } from 'react-i18next';
import { AZIENDA_MAX, aziendaUpdateRequest, type Azienda, type AziendaUpdate } from '@fs/contract';
import { errorText } from '../../../app/api/errors';
import { LoadError } from '../../../app/components/LoadError';
import { PageLoader } from '../../../app/components/PageLoader';
import { notify } from '../../../app/notify';
import { useCompany, useSaveCompany } from '../../company';
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
/** Each field's limit: the company schema's. */
const MAX: Record<Field, number> = {
  ragione_sociale: AZIENDA_MAX.ragione_sociale,
  partita_iva: AZIENDA_MAX.partita_iva,
  codice_fiscale: AZIENDA_MAX.codice_fiscale,
  pec: AZIENDA_MAX.pec,
  codice_destinatario: AZIENDA_MAX.codice_destinatario,
  indirizzo: AZIENDA_MAX.indirizzo,
  cap: AZIENDA_MAX.cap,
  citta: AZIENDA_MAX.citta,
  provincia: AZIENDA_MAX.provincia,
  mailPrincipale: AZIENDA_MAX.email,
};

function BillingForm({ company, readOnly }: { company: Azienda; readOnly: boolean }) {
  const { t } = useTranslation();
  const save = useSaveCompany();
  const [values, setValues] = useState<Record<Field, string>>(
    () => Object.fromEntries(FIELDS.map((f) => [f, company[f] ?? ''])) as Record<Field, string>,
  );
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      ...values,
      emails: company.emails,
      telefono: company.telefono ?? '',
      nazione: company.nazione,
      timezone: company.timezone,
      lingua_default: company.lingua_default as AziendaUpdate['lingua_default'],
    };
    const parsed = aziendaUpdateRequest.safeParse(body);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), t('subscription.companyData.invalid')])),
      );
      notify.error(t('subscription.companyData.fillAll'));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(body);
      notify.success(t('subscription.companyData.saved'));
    } catch (err) {
      notify.error(errorText(t, err));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Grid>
        {FIELDS.map((f) => (
          <Grid.Col key={f} span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t(`subscription.companyData.fields.${f}`)}
              value={values[f]}
              readOnly={readOnly}
              maxLength={MAX[f]}
              error={errors[f]}
              required={['ragione_sociale', 'partita_iva', 'mailPrincipale'].includes(f)}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setValues((x) => ({ ...x, [f]: v }));
              }}
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
