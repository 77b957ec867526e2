import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { TextInput } from '../../../app/components/TextFields';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconTicket } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { withRequiredMark } from '../../../app/components/RequiredMark';
import { Trans, useTranslation } from 'react-i18next';
import { PASSWORD_MIN, REGISTER_MAX, TRIAL_DAYS, type RegisterPromoRequest } from '@fs/contract';
import { usePageTitle } from '../../../app/use-page-title';
import { kept, useRegisterPromo } from './api';
import { fieldErrors, registerErrorText, validators } from './form';
import classes from './registration.module.css';

interface PromoValues {
  name: string;
  surname: string;
  email: string;
  username: string;
  password: string;
  password_confirm: string;
  ragione_sociale: string;
  partita_iva: string;
  coupon: string;
  termini_accettati: boolean;
}

/**
 * /access/register-promo: one page with a coupon. The company is created in
 * free trial either way; an invalid coupon (0004) leads to
 * /access/errore-registrazione-promo, a valid one to the company data.
 */
export function PromoPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('register.promo.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const promo = useRegisterPromo();
  const v = validators(t);
  const form = useForm<PromoValues>({
    initialValues: {
      name: '',
      surname: '',
      email: '',
      username: '',
      password: '',
      password_confirm: '',
      ragione_sociale: '',
      partita_iva: '',
      coupon: params.get('coupon') ?? '',
      termini_accettati: false,
    },
    validate: {
      name: v.name,
      surname: v.surname,
      email: v.email,
      username: v.username,
      password: v.password,
      password_confirm: v.password_confirm,
      ragione_sociale: v.ragione_sociale,
      partita_iva: v.partita_iva,
      coupon: (c) => (c.trim() ? null : t('common.required')),
      termini_accettati: v.termini_accettati,
    },
  });

  const submit = form.onSubmit((values) => {
    const lingua = i18n.language.toUpperCase();
    const body: RegisterPromoRequest = {
      ...values,
      name: values.name.trim(),
      surname: values.surname.trim(),
      email: values.email.trim(),
      username: values.username.trim(),
      ragione_sociale: values.ragione_sociale.trim(),
      partita_iva: values.partita_iva.trim(),
      coupon: values.coupon.trim(),
      lingua: (['IT', 'EN', 'ES', 'FR', 'DE'].includes(lingua) ? lingua : 'IT') as RegisterPromoRequest['lingua'],
    };
    promo.mutate(body, {
      onSuccess: (r) => {
        kept.clear();
        kept.set({
          partita_iva: r.item.partita_iva,
          username: r.item.username,
          scadenza_trial_date: r.item.scadenza_trial_date,
        });
        const token = encodeURIComponent(r.item.token_v2);
        if (r.alert === '0004') void navigate(`/access/errore-registrazione-promo?token=${token}`);
        else void navigate(`/register-promo-completa-dati?token=${token}&nuova=1`);
      },
      onError: (e) => form.setErrors(fieldErrors(t, e)),
    });
  });

  return (
    <Stack gap="lg" className={classes.wide}>
      <div>
        <Title order={1} size="h2">
          {t('register.promo.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('register.promo.subtitle', { days: TRIAL_DAYS })}
        </Text>
      </div>
      {promo.isError && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert" title={t('register.failed')}>
          {registerErrorText(t, promo.error)}
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label={t('register.promo.title')}>
        <Stack gap="sm">
          <TextInput
            label={t('register.fields.coupon')}
            leftSection={<IconTicket size={18} />}
            required
            maxLength={REGISTER_MAX.coupon}
            {...form.getInputProps('coupon')}
            onChange={(e) => form.setFieldValue('coupon', e.currentTarget.value.toUpperCase())}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('register.fields.ragioneSociale')}
              autoComplete="organization"
              required
              maxLength={REGISTER_MAX.ragione_sociale}
              {...form.getInputProps('ragione_sociale')}
            />
            <TextInput
              label={t('register.fields.partitaIva')}
              inputMode="numeric"
              maxLength={REGISTER_MAX.partita_iva}
              withCounter={false}
              required
              {...form.getInputProps('partita_iva')}
            />
            <TextInput
              label={t('register.fields.name')}
              autoComplete="given-name"
              required
              maxLength={REGISTER_MAX.name}
              {...form.getInputProps('name')}
            />
            <TextInput
              label={t('register.fields.surname')}
              autoComplete="family-name"
              required
              maxLength={REGISTER_MAX.surname}
              {...form.getInputProps('surname')}
            />
            <TextInput
              label={t('register.fields.email')}
              type="email"
              autoComplete="email"
              required
              maxLength={REGISTER_MAX.email}
              {...form.getInputProps('email')}
            />
            <TextInput
              label={t('register.fields.username')}
              autoComplete="username"
              required
              maxLength={REGISTER_MAX.username}
              {...form.getInputProps('username')}
            />
            <PasswordInput
              label={t('register.fields.password')}
              description={t('register.hints.password', { min: PASSWORD_MIN })}
              autoComplete="new-password"
              required
              maxLength={REGISTER_MAX.password}
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label={t('register.fields.passwordConfirm')}
              autoComplete="new-password"
              required
              maxLength={REGISTER_MAX.password}
              {...form.getInputProps('password_confirm')}
            />
          </SimpleGrid>
          <Checkbox
            mt="xs"
            // Accepting the terms is required: the asterisk says so before the error does.
            aria-required
            label={withRequiredMark(
              <Trans
                i18nKey="register.fields.terms"
                components={{
                  terms: <Anchor component={Link} to="/public/terms" target="_blank" inherit underline="always" />,
                  privacy: <Anchor component={Link} to="/public/privacy" target="_blank" inherit underline="always" />,
                }}
              />,
              true,
            )}
            {...form.getInputProps('termini_accettati', { type: 'checkbox' })}
          />
          <Group justify="space-between" mt="sm">
            <Anchor component={Link} to="/access/register" size="sm">
              {t('register.promo.noCoupon')}
            </Anchor>
            <Button type="submit" loading={promo.isPending}>
              {t('register.promo.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
