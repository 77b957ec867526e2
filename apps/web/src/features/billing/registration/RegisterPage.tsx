import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../app/use-page-title';
import { PageLoader } from '../../../app/components/PageLoader';
import { fetchCheckout, kept, useCheckCard3ds, useRegisterCheck, useRegisterInit } from './api';
import { AccountStep } from './AccountStep';
import { CompanyStep } from './CompanyStep';
import { CardStep } from './CardStep';
import { DoneStep } from './DoneStep';
import {
  ACCOUNT_FIELDS,
  COMPANY_FIELDS,
  fieldErrors,
  initialValues,
  registerErrorText,
  toInitRequest,
  validators,
  type RegisterValues,
} from './form';
import classes from './registration.module.css';

/** In-app path of a URL the server gives (hosted_page, the 3-D Secure page). */
const inApp = (url: string) => {
  const u = new URL(url, window.location.origin);
  return u.origin === window.location.origin ? u.pathname + u.search : null;
};

/**
 * /access/register: 1 account, 2 company and plan (the company is created in
 * free trial here), 3 card on file with 3-D Secure, 4 done. Steps 3 and 4 live
 * in the URL (?step=carta&token=..., ?step=3ds&challenge=..., ?step=fatto) so
 * the card page survives the 3-D Secure round trip and a reload.
 */
export function RegisterPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('register.title'));
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const step = params.get('step');
  const [active, setActive] = useState(0);
  const [cardError, setCardError] = useState<unknown>(null);
  const check = useRegisterCheck();
  const init = useRegisterInit();
  const check3ds = useCheckCard3ds();
  const [busy, setBusy] = useState(false);
  const form = useForm<RegisterValues>({ initialValues, validate: validators(t) });

  const token = step === 'carta' ? params.get('token') : null;
  useEffect(() => {
    if (token) kept.set({ token });
  }, [token]);

  // Back from the 3-D Secure page: finish the card, once.
  const challenge = step === '3ds' ? params.get('challenge') : null;
  const started = useRef(false);
  useEffect(() => {
    if (!challenge || started.current) return;
    started.current = true;
    const saved = kept.get().token;
    if (!saved) return;
    check3ds.mutate(
      { token: saved, challenge_id: challenge },
      {
        onSuccess: (r) => {
          if (r.stato === 'completata') kept.set({ token: undefined, card: r.card });
          setParams({ step: 'fatto' }, { replace: true });
        },
        onError: (e) => {
          setCardError(e);
          setParams({ step: 'carta', token: saved }, { replace: true });
        },
      },
    );
  }, [challenge, check3ds, setParams]);

  const shown = step === 'carta' ? 2 : step === '3ds' ? 3 : step === 'fatto' ? 4 : active;
  const serverError = check.error ?? init.error;

  /** Validates one step's fields at once (the other step's errors are not shown meanwhile). */
  const validateStep = (fields: readonly (keyof RegisterValues)[]) => {
    const rules = validators(t) as Record<string, (v: unknown, all: RegisterValues) => string | null>;
    const errors: Record<string, string> = {};
    for (const f of fields) {
      const message = rules[f]?.(form.values[f], form.values);
      if (message) errors[f] = message;
    }
    form.setErrors(errors);
    return Object.keys(errors).length === 0;
  };

  const applyServerError = (e: unknown) => {
    const errors = fieldErrors(t, e);
    form.setErrors(errors);
    return Object.keys(errors);
  };

  const nextFromAccount = () => {
    if (!validateStep(ACCOUNT_FIELDS)) return;
    const v = form.values;
    check.mutate(
      {
        email: v.email.trim(),
        username: v.username.trim(),
        password: v.password,
        password_confirm: v.password_confirm,
      },
      { onSuccess: () => setActive(1), onError: applyServerError },
    );
  };

  const createCompany = async () => {
    if (!validateStep(COMPANY_FIELDS)) return;
    setBusy(true);
    try {
      const item = await init.mutateAsync(toInitRequest(form.values, i18n.language.toUpperCase()));
      kept.clear();
      kept.set({
        token: item.token,
        partita_iva: item.partita_iva,
        username: item.username,
        scadenza_trial_date: item.scadenza_trial_date,
      });
      const page = await fetchCheckout(item.token);
      void navigate(inApp(page.hosted_page) ?? `/access/register?step=carta&token=${encodeURIComponent(item.token)}`);
    } catch (e) {
      const fields = applyServerError(e);
      if (fields.some((f) => (ACCOUNT_FIELDS as readonly string[]).includes(f))) setActive(0);
    } finally {
      setBusy(false);
    }
  };

  const k = kept.get();
  return (
    <Stack gap="lg" className={classes.wide}>
      <div>
        <Title order={1} size="h2">
          {t('register.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('register.subtitle')}
        </Text>
      </div>
      <Stepper
        active={shown}
        size="sm"
        allowNextStepsSelect={false}
        onStepClick={(s) => shown < 2 && s < shown && setActive(s)}
      >
        <Stepper.Step label={t('register.steps.account')} description={t('register.steps.accountHint')}>
          {serverError && shown === 0 ? <ErrorBox error={serverError} /> : null}
          <AccountStep form={form} />
          <Group justify="space-between" mt="lg">
            <Anchor component={Link} to="/login" size="sm">
              {t('register.haveAccount')}
            </Anchor>
            <Button onClick={nextFromAccount} loading={check.isPending}>
              {t('register.next')}
            </Button>
          </Group>
        </Stepper.Step>
        <Stepper.Step label={t('register.steps.company')} description={t('register.steps.companyHint')}>
          {serverError && shown === 1 ? <ErrorBox error={serverError} /> : null}
          <CompanyStep form={form} />
          <Group justify="space-between" mt="lg">
            <Button variant="default" onClick={() => setActive(0)}>
              {t('register.back')}
            </Button>
            <Button onClick={() => void createCompany()} loading={busy}>
              {t('register.create')}
            </Button>
          </Group>
        </Stepper.Step>
        <Stepper.Step label={t('register.steps.card')} description={t('register.steps.cardHint')}>
          {token ? (
            <CardStep
              token={token}
              error={cardError}
              onDone={(r) => {
                kept.set({ token: undefined, card: r.card });
                setParams({ step: 'fatto' });
              }}
              onChallenge={(url) => {
                const path = inApp(url);
                if (path) void navigate(path);
                else window.location.assign(url);
              }}
              onSkip={() => {
                kept.set({ token: undefined, card: null });
                setParams({ step: 'fatto' });
              }}
            />
          ) : (
            <ErrorBox error={null} />
          )}
        </Stepper.Step>
        <Stepper.Step label={t('register.steps.confirm')} description={t('register.steps.confirmHint')}>
          <Stack align="center" gap="xs">
            <PageLoader />
            <Text size="sm" c="dimmed">
              {t('register.card.verifying')}
            </Text>
          </Stack>
        </Stepper.Step>
        <Stepper.Completed>
          <DoneStep piva={k.partita_iva} username={k.username} trialEnd={k.scadenza_trial_date} card={k.card} />
        </Stepper.Completed>
      </Stepper>
    </Stack>
  );
}

function ErrorBox({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" icon={<IconAlertCircle />} role="alert" mb="md" title={t('register.failed')}>
      {error ? registerErrorText(t, error) : t('register.errors.linkExpired')}
    </Alert>
  );
}
