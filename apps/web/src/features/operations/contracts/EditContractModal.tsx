import { useState } from 'react';
import { Button, Divider, Group, Modal, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { Contract } from '@fs/contract';
import { errorText, formErrorsOf } from '../../../app/api/errors';
import { useGuardedClose } from '../../../app/guarded-close';
import { notify } from '../../../app/notify';
import { useSaveContract } from './api';
import { contractFormOf, parsedInput, validateContract, type ContractForm } from './contract-form';
import { ContractStep } from './ContractStep';
import { InfoStep } from './InfoStep';
import { SettingsStep } from './SettingsStep';
import { useRuleMessages } from './use-rule-messages';

/** "Modifica": the wizard's fields but the type and the activities (the type is fixed; activities have their tab). */
export function EditContractModal({ contract, onClose }: { contract: Contract; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const messages = useRuleMessages();
  const [initial] = useState(() => contractFormOf(contract));
  const [form, setForm] = useState<ContractForm>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveContract();
  const close = useGuardedClose({ isDirty: () => JSON.stringify(form) !== JSON.stringify(initial) }, onClose);
  const set = (p: Partial<ContractForm>) => setForm((f) => ({ ...f, ...p }));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = validateContract(form, messages, contract.id);
    const body = parsedInput(form, contract.id);
    setErrors(found);
    if (Object.keys(found).length || !body) return notify.error(t('contracts.wizard.fixStep'));
    save.mutate(body, {
      onSuccess: () => {
        notify.success(t('contracts.saved'));
        onClose();
      },
      onError: (err) => {
        const fields = formErrorsOf(err);
        if (fields) setErrors(fields);
        notify.error(fields ? Object.values(fields)[0]! : errorText(t, err));
      },
    });
  };
  const props = { form, set, errors, edit: true };
  return (
    <Modal
      opened
      onClose={close}
      title={t('contracts.editTitle', { name: contract.identificativo })}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('contracts.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <InfoStep {...props} />
          <Divider />
          <Title order={3} size="h5">
            {t('contracts.steps.contract')}
          </Title>
          <ContractStep {...props} />
          <Divider />
          <SettingsStep {...props} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('contracts.saveChanges')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
