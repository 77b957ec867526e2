import { useState } from 'react';
import { Button, Menu } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EXPORT_FORMATS } from '@fs/contract';
import { api } from '../api/client';
import { errorText } from '../api/errors';
import { downloadBlob } from '../download';
import { notify } from '../notify';
import { useTableInfos } from './table-preferences';

type Format = (typeof EXPORT_FORMATS)[number];

/**
 * "Export" of a server-paged list: the rows the user filtered, in the list's order, with the
 * columns the table shows, as CSV or Excel. The server streams the file; the button shows it
 * is working until the download starts.
 */
export function ExportMenu(p: {
  table: string;
  /** The list's export route, e.g. /api/clienti/clienti/export. */
  path: string;
  /** The list's query (search, sort, filters); empty values are left out. */
  query: Record<string, string | undefined>;
  fileName: string;
}) {
  const { t } = useTranslation();
  const infos = useTableInfos(p.table);
  const [busy, setBusy] = useState(false);
  const run = async (format: Format) => {
    setBusy(true);
    try {
      const params = new URLSearchParams({ format });
      for (const [k, v] of Object.entries(p.query)) if (v) params.set(k, v);
      if (infos.data) params.set('columns', infos.data.selectedColumns.join(','));
      downloadBlob(await api.get<Blob>(`${p.path}?${params}`, { responseType: 'blob' }), `${p.fileName}.${format}`);
    } catch (e) {
      notify.error(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={18} />} loading={busy}>
          {t('lists.export.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('lists.export.hint')}</Menu.Label>
        <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => void run('xlsx')}>
          {t('lists.export.xlsx')}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileTypeCsv size={16} />} onClick={() => void run('csv')}>
          {t('lists.export.csv')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
