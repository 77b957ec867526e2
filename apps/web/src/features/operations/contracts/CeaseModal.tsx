import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CONTRACT_MAX, type Contract } from '@fs/contract';
import { DateField } from '../../../app/components/DateField';
import { Textarea } from '../../../app/components/TextFields';
import { showSaveError } from '../../../app/form-errors';
import { formatDate } from '../../../app/format';
import { useGuardedClose } from '../../../app/guarded-close';
import { notify } from '../../../app/notify';
import { useCeaseContract } from './api';

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** "Termina anticipatamente": the day and the reason, then a confirmation. */
export function CeaseModal({ contract: c, onClose }: { contract: Contract; onClose: () => void }) {
  const { t } = useTranslation();
  const [initial] = useState(today);
  const [data, setData] = useState(initial);
  const [motivo, setMotivo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const cease = useCeaseContract(c.id);
  const close = useGuardedClose({ isDirty: () => data !== initial || motivo.trim() !== '' }, onClose);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!data) found.data = t('contracts.errors.required');
    if (!motivo.trim()) found.motivo = t('contracts.errors.required');
    setErrors(found);
    if (Object.keys(found).length) return;
    modals.openConfirmModal({
      title: t('contracts.cease.confirmTitle'),
      children: (
        <Text size="sm">{t('contracts.cease.confirmText', { name: c.identificativo, date: formatDate(data) })}</Text>
      ),
      labels: { confirm: t('contracts.cease.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cease.mutate(
          { data, motivo: motivo.trim() },
          {
            onSuccess: () => {
              notify.success(t('contracts.cease.done'));
              onClose();
            },
            onError: (err) => showSaveError(t, { setErrors }, err),
          },
        ),
    });
  };
  return (
    <Modal
      opened
      onClose={close}
      title={t('contracts.cease.title')}
      closeButtonProps={{ 'aria-label': t('contracts.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t('contracts.cease.text')}
          </Alert>
          <DateField label={t('contracts.cease.data')} required value={data} onChange={setData} error={errors.data} />
          <Textarea
            label={t('contracts.cease.motivo')}
            required
            value={motivo}
            onChange={(e) => setMotivo(e.currentTarget.value)}
            maxLength={CONTRACT_MAX.motivo}
            autosize
            minRows={3}
            error={errors.motivo}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={cease.isPending}>
              {t('contracts.cease.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
