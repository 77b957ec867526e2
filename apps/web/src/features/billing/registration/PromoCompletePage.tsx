import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { TextInput } from '../../../app/components/TextFields';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { REGISTER_MAX, type PromoCompanySummary } from '@fs/contract';
import { formatDate } from '../../../app/format';
import { PageLoader } from '../../../app/components/PageLoader';
import { usePageTitle } from '../../../app/use-page-title';
import { kept, usePromoCompany, usePromoComplete } from './api';
import { registerErrorText } from './form';
import classes from './registration.module.css';

/** /register-promo-completa-dati?token=<token_v2>: the rest of the company data, once. */
export function PromoCompletePage() {
  const { t } = useTranslation();
  usePageTitle(t('register.complete.title'));
  const [params] = useSearchParams();
  const token = params.get('token');
  const company = usePromoCompany(token);
  const save = usePromoComplete();
  const k = kept.get();
  const login = `/login?${new URLSearchParams({ piva: save.data?.partita_iva ?? company.data?.partita_iva ?? '', ...(k.username ? { username: k.username } : {}) })}`;

  return (
    <Stack gap="lg" className={classes.wide}>
      <div>
        <Title order={1} size="h2">
          {t('register.complete.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('register.complete.subtitle')}
        </Text>
      </div>
      {params.get('nuova') && !save.isSuccess && (
        <Alert color="green" icon={<IconCircleCheck />}>
          {k.scadenza_trial_date
            ? t('register.done.trial', { date: formatDate(k.scadenza_trial_date) })
            : t('register.done.trialGeneric')}
        </Alert>
      )}
      {!token || company.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} role="alert" title={t('register.failed')}>
          {company.error ? registerErrorText(t, company.error) : t('register.errors.linkExpired')}
        </Alert>
      ) : company.isPending ? (
        <PageLoader />
      ) : save.isSuccess ? (
        <Stack gap="md">
          <Alert color="green" icon={<IconCircleCheck />} title={t('register.complete.saved')}>
            {t('register.done.howToLogin', { piva: save.data.partita_iva, username: k.username ?? '' })}
          </Alert>
          <Button component={Link} to={login}>
            {t('register.done.login')}
          </Button>
        </Stack>
      ) : (
        <CompleteForm
          company={company.data}
          saving={save.isPending}
          error={save.error}
          onSubmit={(v) => save.mutate({ token: token!, ...v })}
        />
      )}
    </Stack>
  );
}

interface Values {
  indirizzo: string;
  citta: string;
  provincia: string;
  cap: string;
  nazione: string;
  codice_fiscale: string;
  pec: string;
  telefono: string;
}

function CompleteForm(props: {
  company: PromoCompanySummary;
  saving: boolean;
  error: unknown;
  onSubmit: (v: Values) => void;
}) {
  const { t } = useTranslation();
  const c = props.company;
  const required = (v: string) => (v.trim() ? null : t('common.required'));
  const form = useForm<Values>({
    initialValues: {
      indirizzo: c.indirizzo ?? '',
      citta: c.citta ?? '',
      provincia: c.provincia ?? '',
      cap: c.cap ?? '',
      nazione: c.nazione,
      codice_fiscale: c.codice_fiscale ?? '',
      pec: c.pec ?? '',
      telefono: c.telefono ?? '',
    },
    validate: {
      indirizzo: required,
      citta: required,
      cap: required,
      provincia: (v) => (v.trim().length <= 2 ? null : t('register.errors.provincia')),
      nazione: (v) => (/^[A-Za-z]{2}$/.test(v.trim()) ? null : t('register.errors.nazione')),
      pec: (v) => (!v.trim() || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()) ? null : t('register.errors.email')),
    },
  });
  return (
    <form onSubmit={form.onSubmit(props.onSubmit)} noValidate aria-label={t('register.complete.title')}>
      <Stack gap="sm">
        <Text fw={600}>
          {c.ragione_sociale} · {t('register.fields.partitaIva')} {c.partita_iva}
        </Text>
        {props.error ? (
          <Alert color="red" icon={<IconAlertCircle />} role="alert" title={t('register.failed')}>
            {registerErrorText(t, props.error)}
          </Alert>
        ) : null}
        <TextInput
          label={t('register.fields.indirizzo')}
          autoComplete="street-address"
          required
          maxLength={REGISTER_MAX.indirizzo}
          {...form.getInputProps('indirizzo')}
        />
        <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm">
          <TextInput
            label={t('register.fields.citta')}
            required
            maxLength={REGISTER_MAX.citta}
            {...form.getInputProps('citta')}
          />
          <TextInput
            label={t('register.fields.provincia')}
            maxLength={REGISTER_MAX.provincia}
            {...form.getInputProps('provincia')}
          />
          <TextInput
            label={t('register.fields.cap')}
            required
            maxLength={REGISTER_MAX.cap}
            {...form.getInputProps('cap')}
          />
          <TextInput label={t('register.fields.nazione')} maxLength={2} {...form.getInputProps('nazione')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label={t('register.fields.codiceFiscale')}
            maxLength={REGISTER_MAX.codice_fiscale}
            withCounter={false}
            {...form.getInputProps('codice_fiscale')}
          />
          <TextInput
            label={t('register.fields.pec')}
            type="email"
            maxLength={REGISTER_MAX.pec}
            {...form.getInputProps('pec')}
          />
          <TextInput
            label={t('register.fields.telefono')}
            type="tel"
            maxLength={REGISTER_MAX.telefono}
            {...form.getInputProps('telefono')}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button type="submit" loading={props.saving}>
            {t('register.complete.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
