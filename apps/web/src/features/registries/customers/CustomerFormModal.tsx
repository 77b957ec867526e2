import { Button, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { Textarea, TextInput } from '../../../app/components/TextFields';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { Customer } from '@fs/contract';
import { errorText, isApiError } from '../../../app/api/errors';
import { notify } from '../../../app/notify';
import { useSaveCustomer, type SaveAnswer } from './api';
import { customerValidation, toCustomerRequest, toCustomerValues, type CustomerValues } from './customer-form';
import { announceSave } from './save-feedback';
import { confirmDuplicates } from '../../../app/confirm-duplicates';
import { useGuardedClose } from '../../../app/guarded-close';
import { DecimalInput } from '../../../app/components/DecimalInput';

interface Props {
  /** The customer to edit; null creates one. */
  customer: Customer | null;
  onClose: () => void;
  onSaved?: (r: SaveAnswer) => void;
}

/**
 * Customer form: VAT and tax code check digits before sending; duplicates of registry id,
 * VAT or tax code and an address too incomplete for the map (0007) come back as warnings
 * of a successful save and are shown as yellow toasts.
 */
export function CustomerFormModal({ customer, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const save = useSaveCustomer();
  const creating = customer === null;
  const form = useForm<CustomerValues>({ initialValues: toCustomerValues(customer), validate: customerValidation(t) });
  const close = useGuardedClose(form, onClose);

  const send = (values: CustomerValues, confermaDuplicati = false) =>
    save.mutate(
      { ...toCustomerRequest(values, customer?.id), ...(confermaDuplicati ? { confermaDuplicati } : {}) },
      {
        onSuccess: (r) => {
          announceSave(t, r, creating);
          onSaved?.(r);
          onClose();
        },
        onError: (error) => {
          if (confirmDuplicates(t, error, () => send(values, true))) return;
          // Invalid fields and a registry id another customer has (DUPLICATE_CODE) go on their fields.
          if (isApiError(error) && error.fields.length) {
            form.setErrors(Object.fromEntries(error.fields.map((f) => [f.path, f.message])));
            notify.warning(t('customers.form.invalid'));
          } else notify.error(errorText(t, error));
        },
      },
    );
  const submit = form.onSubmit(
    (values) => send(values),
    () => notify.warning(t('customers.form.invalid')),
  );

  const field = (name: keyof CustomerValues, extra: Record<string, unknown> = {}) => (
    <TextInput label={t(`customers.fields.${name}`)} {...form.getInputProps(name)} {...extra} />
  );
  const title = t(creating ? 'customers.form.newTitle' : 'customers.form.editTitle');
  return (
    <Modal opened onClose={close} size="xl" title={title}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {field('ragione_sociale', { required: true, 'data-autofocus': true, maxLength: 200 })}
            {field('codice', { maxLength: 50, placeholder: creating ? t('customers.form.codiceAuto') : undefined })}
            {field('partita_iva', { maxLength: 11, inputMode: 'numeric', withCounter: false })}
            {field('codice_fiscale', { maxLength: 16, withCounter: false })}
            {field('telefono', { maxLength: 40, type: 'tel' })}
            {field('cellulare', { maxLength: 40, type: 'tel' })}
            {field('email', { maxLength: 200, type: 'email' })}
            {field('pec', { maxLength: 200, type: 'email' })}
            {field('codice_destinatario', { maxLength: 7 })}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {field('indirizzo', { maxLength: 200 })}
            {field('citta', { maxLength: 100 })}
            {field('provincia', { maxLength: 10, autoCapitalize: 'characters' })}
            {field('cap', { maxLength: 10, inputMode: 'numeric' })}
            {field('nazione', { maxLength: 2, placeholder: 'IT', 'aria-description': t('customers.form.nazioneHint') })}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <DecimalInput label={t('customers.fields.km_viaggio')} {...form.getInputProps('km_viaggio')} />
            <DecimalInput label={t('customers.fields.ore_viaggio')} {...form.getInputProps('ore_viaggio')} />
          </SimpleGrid>
          <Textarea
            label={t('customers.fields.note')}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={4000}
            {...form.getInputProps('note')}
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
