import { useRef, useState } from 'react';
import { Anchor, Button, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCheck } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText, formErrorsOf } from '../../../app/api/errors';
import { focusFirstInvalid } from '../../../app/form-errors';
import { useUnsavedChangesGuard } from '../../../app/guarded-close';
import { notify } from '../../../app/notify';
import { usePageTitle } from '../../../app/use-page-title';
import { useSaveContract } from './api';
import {
  emptyContract,
  firstStepWithError,
  parsedInput,
  STEPS,
  validateContract,
  validateStep,
  type ContractForm,
  type Step,
} from './contract-form';
import { ContractStep } from './ContractStep';
import { InfoStep } from './InfoStep';
import { SettingsStep } from './SettingsStep';
import { SummaryStep } from './SummaryStep';
import { useRuleMessages } from './use-rule-messages';

/** /contracts/new: the wizard, steps Informazioni, Contratto, Impostazioni and Riepilogo; each step checked before the next. */
export function NewContractPage() {
  const { t } = useTranslation();
  usePageTitle(t('contracts.newTitle'));
  const navigate = useNavigate();
  const messages = useRuleMessages();
  // On a phone the steps show their names only (four descriptions would not fit in 390 px).
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const [form, setForm] = useState<ContractForm>(emptyContract);
  const [active, setActive] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveContract();
  const initial = useRef(form);
  const created = useRef(false);
  useUnsavedChangesGuard(() => !created.current && JSON.stringify(form) !== JSON.stringify(initial.current));
  const set = (p: Partial<ContractForm>) => {
    setForm((f) => ({ ...f, ...p }));
    // A corrected field loses its error at once.
    const touched = Object.keys(p);
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !touched.includes(k.split('.')[0]!))));
  };
  const goTo = (step: Step) => setActive(STEPS.indexOf(step));

  const next = () => {
    const found = validateStep(STEPS[active]!, form, messages);
    setErrors(found);
    if (Object.keys(found).length === 0) setActive((a) => Math.min(a + 1, STEPS.length - 1));
    else {
      notify.error(t('contracts.wizard.fixStep'));
      focusFirstInvalid();
    }
  };
  const create = () => {
    const found = validateContract(form, messages);
    const body = parsedInput(form);
    if (Object.keys(found).length || !body) {
      setErrors(found);
      goTo(firstStepWithError(found) ?? 'info');
      notify.error(t('contracts.wizard.fixStep'));
      focusFirstInvalid();
      return;
    }
    save.mutate(body, {
      onSuccess: (item) => {
        created.current = true;
        notify.success(t('contracts.created', { name: item.identificativo }));
        void navigate(`/contracts/${item.id}`, { replace: true });
      },
      onError: (err) => {
        const fields = formErrorsOf(err);
        if (!fields) return notify.error(errorText(t, err));
        setErrors(fields);
        goTo(firstStepWithError(fields) ?? 'info');
        notify.error(Object.values(fields)[0]!);
        focusFirstInvalid();
      },
    });
  };
  const stepError = (step: Step) => active !== STEPS.indexOf(step) && firstStepWithError(errors) === step;
  const props = { form, set, errors };

  return (
    <Stack gap="lg" maw={1040}>
      <Anchor component={Link} to="/contracts" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          {t('contracts.back')}
        </Group>
      </Anchor>
      <div>
        <Title order={1}>{t('contracts.newTitle')}</Title>
        <Text c="dimmed">{t('contracts.newSubtitle')}</Text>
      </div>
      <Stepper
        active={active}
        onStepClick={(i) => i < active && setActive(i)}
        allowNextStepsSelect={false}
        size={phone ? 'xs' : 'sm'}
        aria-label={t('contracts.wizard.steps')}
      >
        {STEPS.map((s) => (
          <Stepper.Step
            key={s}
            label={t(`contracts.steps.${s}`)}
            description={phone ? undefined : t(`contracts.stepsText.${s}`)}
            color={stepError(s) ? 'red' : undefined}
          />
        ))}
      </Stepper>
      <Paper
        withBorder
        radius="md"
        p={{ base: 'sm', sm: 'lg' }}
        component="section"
        aria-label={t(`contracts.steps.${STEPS[active]!}`)}
      >
        {STEPS[active] === 'info' && <InfoStep {...props} />}
        {STEPS[active] === 'contract' && <ContractStep {...props} />}
        {STEPS[active] === 'settings' && <SettingsStep {...props} />}
        {STEPS[active] === 'summary' && <SummaryStep form={form} />}
      </Paper>
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => (active === 0 ? void navigate('/contracts') : setActive((a) => a - 1))}
        >
          {active === 0 ? t('common.cancel') : t('contracts.wizard.back')}
        </Button>
        {STEPS[active] === 'summary' ? (
          <Button leftSection={<IconCheck size={16} />} onClick={create} loading={save.isPending} size="md">
            {t('contracts.create')}
          </Button>
        ) : (
          <Button rightSection={<IconArrowRight size={16} />} onClick={next}>
            {t('contracts.wizard.next')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
