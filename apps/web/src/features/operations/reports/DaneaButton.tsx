import { Button } from '@mantine/core';
import { IconFileCode, IconFileInvoice } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { routes, type Report } from '@fs/contract';
import { api } from '../../../app/api/client';
import { serverFileName, useDownload } from '../../../app/use-download';

/** The file name of a report's EasyFatt XML (the server's Content-Disposition names it the same way). */
export const daneaFileName = (numero: string) =>
  `easyfatt-${numero.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'rapportino'}.xml`;

/**
 * "EasyFatt (XML)": the report as a Danea EasyFatt document (decision 0024). The file carries
 * prices, so only those who see them (the answer holds `prezzi`) get the button.
 */
export function DaneaButton({ report }: { report: Pick<Report, 'id' | 'numero_assistenza' | 'prezzi'> }) {
  const { t } = useTranslation();
  const { busy, download } = useDownload();
  if (report.prezzi === null) return null;
  return (
    <Button
      variant="default"
      leftSection={<IconFileCode size={18} />}
      loading={busy}
      onClick={() =>
        download(
          () => api.call(routes.reports.daneaReport, { params: { id: report.id } }),
          daneaFileName(report.numero_assistenza),
        )
      }
      title={t('reports.danea.hint')}
    >
      {t('reports.danea.button')}
    </Button>
  );
}

/**
 * "FatturaPA (XML)": a closed report as a FatturaPA 1.2.2 e-invoice (decision 0050), saved under the name the
 * SDI expects (the server's). Only for who sees prices, on a closed report; a missing fiscal datum is a toast.
 */
export function FatturaPaButton({ report }: { report: Pick<Report, 'id' | 'stato' | 'prezzi'> }) {
  const { t } = useTranslation();
  const { busy, download } = useDownload();
  if (report.prezzi === null || report.stato !== 'CHIUSO') return null;
  return (
    <Button
      variant="default"
      leftSection={<IconFileInvoice size={18} />}
      loading={busy}
      onClick={() =>
        download(
          () => api.call(routes.reports.fatturaPaReport, { params: { id: report.id } }),
          serverFileName('fatturapa.xml'),
        )
      }
      title={t('reports.fatturaPa.buttonHint')}
    >
      {t('reports.fatturaPa.export')}
    </Button>
  );
}
