import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/client';
import { errorText } from '../../../app/api/errors';
import { downloadBlob } from '../../../app/download';
import { notify } from '../../../app/notify';

/**
 * "Scarica PDF": the printed report as the server makes it (the company's PDF language; prices when
 * the company prints them), for the saved report: with unsaved changes the button waits for a save.
 */
export function PdfButton(p: { id: string; numero: string; dirty: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const blob = await api.get<Blob>(`/api/rapportini/rapportino/${p.id}/pdf`, { responseType: 'blob' });
      downloadBlob(blob, `${t('reports.pdf.file', { numero: p.numero.replace(/[\\/]/g, '-') })}.pdf`);
    } catch (e) {
      notify.error(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconFileTypePdf size={18} />}
      loading={busy}
      disabled={p.dirty}
      title={p.dirty ? t('reports.pdf.saveFirst') : undefined}
      onClick={() => void run()}
    >
      {t('reports.pdf.button')}
    </Button>
  );
}
