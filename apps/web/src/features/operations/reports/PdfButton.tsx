import { Button } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { routes } from '@fs/contract';
import { api } from '../../../app/api/client';
import { useDownload } from '../../../app/use-download';

/**
 * "Scarica PDF": the printed report as the server makes it (the company's PDF language; prices when
 * the company prints them), for the saved report: with unsaved changes the button waits for a save.
 */
export function PdfButton(p: { id: string; numero: string; dirty: boolean }) {
  const { t } = useTranslation();
  const { busy, download } = useDownload();
  return (
    <Button
      variant="default"
      leftSection={<IconFileTypePdf size={18} />}
      loading={busy}
      disabled={p.dirty}
      title={p.dirty ? t('reports.pdf.saveFirst') : undefined}
      onClick={() =>
        download(
          () => api.call(routes.reports.pdf, { params: { id: p.id } }),
          `${t('reports.pdf.file', { numero: p.numero.replace(/[\\/]/g, '-') })}.pdf`,
        )
      }
    >
      {t('reports.pdf.button')}
    </Button>
  );
}
