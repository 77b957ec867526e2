import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { TextInput } from '../../../app/components/TextFields';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { Customer } from '@fs/contract';
import { notify } from '../../../app/notify';
import { showSaveError } from '../../../app/form-errors';
import { useSetPosition } from './api';
import { useGuardedClose } from '../../../app/guarded-close';
import { degreesError, parseDegrees, parsePair } from './position';

type Values = { latitude: string; longitude: string };

/**
 * Places a customer by hand (POST /clienti/cliente/geolocation): for an address the geocoder
 * could not place (alert 0007), or to correct it. Decimal degrees, typed or pasted as a pair.
 */
export function PositionModal({ customer, onClose }: { customer: Customer; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSetPosition();
  const placed = customer.latitude !== null && customer.longitude !== null;
  const form = useForm<Values>({
    initialValues: {
      latitude: placed ? String(customer.latitude) : '',
      longitude: placed ? String(customer.longitude) : '',
    },
    validate: {
      latitude: (v) => {
        const e = degreesError(v, 90);
        return e && t(`customers.geo.errors.${e}`, { limit: 90 });
      },
      longitude: (v) => {
        const e = degreesError(v, 180);
        return e && t(`customers.geo.errors.${e}`, { limit: 180 });
      },
    },
  });
  const close = useGuardedClose(form, onClose);
  const send = (latitude: number | null, longitude: number | null, done: string) =>
    save.mutate(
      { id: customer.id, latitude, longitude },
      {
        onSuccess: () => {
          notify.success(done);
          onClose();
        },
        onError: (e) => showSaveError(t, form, e),
      },
    );
  const submit = form.onSubmit((v) =>
    send(parseDegrees(v.latitude), parseDegrees(v.longitude), t('customers.geo.saved')),
  );
  // A pair pasted into either field ("45.4642, 9.1900") fills both.
  const pasteAware = (field: keyof Values) => {
    const props = form.getInputProps(field);
    return {
      ...props,
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
        const pair = parsePair(e.currentTarget.value);
        if (pair) form.setValues(pair);
        else props.onChange(e);
      },
    };
  };
  const title = t('customers.geo.title', { name: customer.ragione_sociale });
  return (
    <Modal opened onClose={close} title={title}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('customers.geo.hint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('customers.geo.latitude')}
              placeholder="45.46420"
              inputMode="decimal"
              required
              data-autofocus
              maxLength={40}
              {...pasteAware('latitude')}
            />
            <TextInput
              label={t('customers.geo.longitude')}
              placeholder="9.18998"
              inputMode="decimal"
              required
              maxLength={40}
              {...pasteAware('longitude')}
            />
          </SimpleGrid>
          <Group justify="space-between">
            {placed ? (
              <Button
                variant="subtle"
                color="red"
                onClick={() => send(null, null, t('customers.geo.cleared'))}
                disabled={save.isPending}
              >
                {t('customers.geo.clear')}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="sm">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
