import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconFileTypePdf, IconPencil, IconPlayerStop, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes, type Contract } from '@fs/contract';
import { api } from '../../../app/api/client';
import { confirmDelete } from '../../../app/confirm-delete';
import { useCan } from '../../../app/session/api';
import { useDownload } from '../../../app/use-download';
import { useDeleteContract } from './api';
import { CeaseModal } from './CeaseModal';
import { EditContractModal } from './EditContractModal';

/** Modifica, Termina anticipatamente, Elimina and Anteprima PDF, as the user's permissions allow. */
export function ContractActions({ contract: c }: { contract: Contract }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCan('contratti', 'write') === true;
  const canDelete = useCan('contratti', 'delete') === true;
  const remove = useDeleteContract();
  const { busy, download } = useDownload();
  const [editing, setEditing] = useState(false);
  const [ceasing, setCeasing] = useState(false);
  const askDelete = () =>
    confirmDelete(t, {
      title: t('contracts.delete.title'),
      text: t('contracts.delete.text', { name: c.identificativo }),
      confirm: t('contracts.delete.confirm'),
      done: t('contracts.delete.done'),
      remove: ({ onSuccess, onError }) =>
        remove.mutate(c.id, {
          onSuccess: () => {
            onSuccess();
            void navigate('/contracts', { replace: true });
          },
          // The server's refusal (reports on the contract) is shown as it says it.
          onError,
        }),
    });
  return (
    <Group gap="sm">
      <Button
        variant="default"
        leftSection={<IconFileTypePdf size={16} />}
        loading={busy}
        onClick={() =>
          download(
            () => api.call(routes.contracts.contractPdf, { params: { id: c.id } }),
            `${t('contracts.pdfFile', { name: c.identificativo.replace(/[\\/:*?"<>|]/g, '-') })}.pdf`,
          )
        }
      >
        {t('contracts.pdf')}
      </Button>
      {canWrite && !c.cessato && (
        <Button
          variant="default"
          color="orange"
          leftSection={<IconPlayerStop size={16} />}
          onClick={() => setCeasing(true)}
        >
          {t('contracts.cease.button')}
        </Button>
      )}
      {canDelete && (
        <Button
          variant="default"
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={askDelete}
          loading={remove.isPending}
        >
          {t('contracts.delete.button')}
        </Button>
      )}
      {canWrite && (
        <Button leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
          {t('contracts.edit')}
        </Button>
      )}
      {editing && <EditContractModal contract={c} onClose={() => setEditing(false)} />}
      {ceasing && <CeaseModal contract={c} onClose={() => setCeasing(false)} />}
    </Group>
  );
}
