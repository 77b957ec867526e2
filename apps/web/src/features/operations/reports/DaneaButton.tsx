import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconFileCode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Rapportino } from '@fs/contract';
import { api } from '../../../app/api/client';
import { errorText } from '../../../app/api/errors';
import { downloadBlob } from '../../../app/download';
import { notify } from '../../../app/notify';

/** The file name of a report's EasyFatt XML (the server's Content-Disposition names it the same way). */
export const daneaFileName = (numero: string) =>
  `easyfatt-${numero.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'rapportino'}.xml`;

/**
 * "EasyFatt (XML)": the report as a Danea EasyFatt document (decision 0024). The file carries
 * prices, so only those who see them (the answer holds `prezzi`) get the button.
 */
export function DaneaButton({ report }: { report: Pick<Rapportino, 'id' | 'numero_assistenza' | 'prezzi'> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  if (report.prezzi === null) return null;
  const run = async () => {
    setBusy(true);
    try {
      const blob = await api.get<Blob>(`/api/rapportini/export/xml-danea/${report.id}`, { responseType: 'blob' });
      downloadBlob(blob, daneaFileName(report.numero_assistenza));
    } catch (e) {
      notify.error(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconFileCode size={18} />}
      loading={busy}
      onClick={() => void run()}
      title={t('reports.danea.hint')}
    >
      {t('reports.danea.button')}
    </Button>
  );
}
