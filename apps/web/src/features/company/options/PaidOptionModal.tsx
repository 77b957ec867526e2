import { useState } from 'react';
import { Alert, Button, Group, Loader, Modal, NumberInput, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { TextInput } from '../../../app/components/TextFields';
import { useTranslation } from 'react-i18next';
import type { PaidOption, PaymentMethod, PurchaseResult } from '@fs/contract';
import { errorText } from '../../../app/api/errors';
import { formatDate } from '../../../app/format';
import { notify } from '../../../app/notify';
import { useBuyPaidOption, usePaidOptionEstimate } from './api';
import { formatCents } from '../../../app/numbers';

interface Props {
  option: PaidOption | null;
  onClose: () => void;
}

/** The quote for a paid option, then its purchase by bank transfer or card (3-D Secure may follow). */
export function PaidOptionModal({ option, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const estimate = usePaidOptionEstimate(option ? { option } : null);
  const buy = useBuyPaidOption();
  const [method, setMethod] = useState<PaymentMethod>('bank_transfer');
  const [card, setCard] = useState({
    number: '',
    exp_month: '' as number | '',
    exp_year: '' as number | '',
    cvc: '',
    holder: '',
  });
  const [done, setDone] = useState<PurchaseResult | null>(null);
  const e = estimate.data;

  const close = () => {
    setDone(null);
    buy.reset();
    onClose();
  };
  const confirm = () => {
    if (!option) return;
    const body =
      method === 'card'
        ? {
            option,
            paymentMethod: method,
            card: { ...card, exp_month: Number(card.exp_month), exp_year: Number(card.exp_year) },
          }
        : { option, paymentMethod: method };
    buy.mutate(body, {
      onSuccess: (r) => {
        if (r.status === 'requires_action' && r.challenge_url) return window.location.assign(r.challenge_url);
        if (r.status === 'succeeded') {
          notify.success(t('options.paid.activated'));
          return close();
        }
        setDone(r);
      },
    });
  };

  return (
    <Modal
      opened={option !== null}
      onClose={close}
      title={option ? t('options.paid.quoteTitle', { name: t(`options.paid.names.${option}`) }) : ''}
      size="lg"
    >
      {estimate.isPending && <Loader aria-label={t('common.loading')} />}
      {estimate.isError && (
        <Alert color="red" role="alert">
          {errorText(t, estimate.error)}
        </Alert>
      )}
      {done?.instructions && (
        <Stack gap="xs">
          <Alert color="green" role="status">
            {t('options.paid.transferDone')}
          </Alert>
          <Text size="sm">
            {t('options.paid.iban')}: <b>{done.instructions.iban}</b>
          </Text>
          <Text size="sm">
            {t('options.paid.reference')}: <b>{done.instructions.reference}</b>
          </Text>
          <Text size="sm">
            {t('options.paid.amount')}: <b>{formatCents(done.instructions.amount_cents, i18n.language)}</b>
          </Text>
          <Group justify="flex-end">
            <Button onClick={close}>{t('common.confirm')}</Button>
          </Group>
        </Stack>
      )}
      {e && !done && (
        <Stack gap="md">
          {e.mode === 'new_term' && <Alert color="blue">{t('options.paid.newTerm', { end: formatDate(e.end) })}</Alert>}
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('options.paid.item')}</Table.Th>
                <Table.Th ta="right">{t('options.paid.quantity')}</Table.Th>
                <Table.Th ta="right">{t('options.paid.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {e.lines.map((l) => (
                <Table.Tr key={l.type}>
                  <Table.Td>
                    {t(`options.paid.items.${l.type.replace('option:', 'option_')}`, { defaultValue: l.type })}
                  </Table.Td>
                  <Table.Td ta="right">{l.quantity}</Table.Td>
                  <Table.Td ta="right">{formatCents(l.amount_cents, i18n.language)}</Table.Td>
                </Table.Tr>
              ))}
              {e.discounts.map((d) => (
                <Table.Tr key={d.code}>
                  <Table.Td colSpan={2}>{d.code}</Table.Td>
                  <Table.Td ta="right">−{formatCents(d.amount_cents, i18n.language)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td colSpan={2} fw={700}>
                  {t('options.paid.total')}
                </Table.Td>
                <Table.Td ta="right" fw={700}>
                  {formatCents(e.total_cents, i18n.language)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <SegmentedControl
            value={method}
            onChange={(v) => setMethod(v as PaymentMethod)}
            data={[
              { value: 'bank_transfer', label: t('options.paid.bankTransfer') },
              { value: 'card', label: t('options.paid.card') },
            ]}
          />
          {method === 'card' && (
            <Stack gap="xs">
              <TextInput
                label={t('options.paid.cardNumber')}
                value={card.number}
                autoComplete="cc-number"
                inputMode="numeric"
                onChange={(ev) => setCard({ ...card, number: ev.currentTarget.value })}
              />
              <Group grow>
                <NumberInput
                  label={t('options.paid.expMonth')}
                  min={1}
                  max={12}
                  value={card.exp_month}
                  autoComplete="cc-exp-month"
                  onChange={(v) => setCard({ ...card, exp_month: v === '' ? '' : Number(v) })}
                />
                <NumberInput
                  label={t('options.paid.expYear')}
                  min={2000}
                  max={2100}
                  value={card.exp_year}
                  autoComplete="cc-exp-year"
                  onChange={(v) => setCard({ ...card, exp_year: v === '' ? '' : Number(v) })}
                />
                <TextInput
                  label={t('options.paid.cvc')}
                  value={card.cvc}
                  maxLength={4}
                  autoComplete="cc-csc"
                  inputMode="numeric"
                  onChange={(ev) => setCard({ ...card, cvc: ev.currentTarget.value })}
                />
              </Group>
              <TextInput
                label={t('options.paid.holder')}
                value={card.holder}
                autoComplete="cc-name"
                onChange={(ev) => setCard({ ...card, holder: ev.currentTarget.value })}
              />
            </Stack>
          )}
          {buy.isError && (
            <Alert color="red" role="alert">
              {errorText(t, buy.error)}
            </Alert>
          )}
          <Text size="xs" c="dimmed">
            {t('options.paid.vatExcluded')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button onClick={confirm} loading={buy.isPending}>
              {t('options.paid.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
