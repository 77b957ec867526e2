import { useState, type ReactNode } from 'react';
import { Button, Menu } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EXPORT_FORMATS, RouteSpec } from '@fs/contract';
import { callRoute } from '../api/client';
import { errorText } from '../api/errors';
import { downloadBlob } from '../download';
import { notify } from '../notify';
import { useTableInfos } from './table-preferences';
import { useCan } from '../session/api';

type Format = (typeof EXPORT_FORMATS)[number];

/** A file route of the table that takes a list's query and no path parameters (e.g. routes.customers.exportCsv). */
export type ListFileRoute = RouteSpec & {
  readonly method: 'GET';
  readonly answerKind: 'file';
  readonly params?: undefined;
};

/** Calls a list's file route with the list's query (the query arrives as URLSearchParams, the route validates it). */
const callListFile = (route: ListFileRoute, query: URLSearchParams): Promise<Blob> =>
  (callRoute as (r: ListFileRoute, input: { query: URLSearchParams }) => Promise<Blob>)(route, { query });

/** Another file of the same filtered list (e.g. the reports as Danea EasyFatt XML): its route takes the list's query. */
export interface ExtraExport {
  key: string;
  label: string;
  icon: ReactNode;
  route: ListFileRoute;
  /** File name with its extension. */
  fileName: string;
  /** Its own query (e.g. the ticked rows' ids) instead of the list's. */
  query?: Record<string, string>;
  /** Shown but not offered (e.g. nothing ticked), with a hint saying why. */
  disabled?: boolean;
  hint?: string;
  /** Saved under the name the server gives (Content-Disposition), `fileName` only when it gives none. */
  serverName?: boolean;
}

/**
 * "Export" of a server-paged list: the rows the user filtered, in the list's order, with the
 * columns the table shows, as CSV or Excel. The server streams the file; the button shows it
 * is working until the download starts. Shown only with the data-export permission.
 */
export function ExportMenu(p: {
  table: string;
  /** The list's export route, e.g. routes.customers.exportCsv. */
  route: ListFileRoute;
  /** The list's query (search, sort, filters); empty values are left out. */
  query: Record<string, string | undefined>;
  fileName: string;
  /** Further files of the list, below the spreadsheets. */
  extra?: ExtraExport[];
}) {
  const { t } = useTranslation();
  const infos = useTableInfos(p.table);
  const [busy, setBusy] = useState(false);
  // Taking a list out in bulk is the data-export area (esportazione_dati read); the server refuses it without.
  const mayExport = useCan('esportazione_dati', 'read');
  const download = async (
    route: ListFileRoute,
    params: URLSearchParams,
    fileName: string,
    query: Record<string, string | undefined> = p.query,
    serverName = false,
  ) => {
    setBusy(true);
    try {
      for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
      const blob = await callListFile(route, params);
      downloadBlob(blob, serverName && blob instanceof File && blob.name ? blob.name : fileName);
    } catch (e) {
      notify.error(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };
  const run = (format: Format) => {
    const params = new URLSearchParams({ format });
    if (infos.data) params.set('columns', infos.data.selectedColumns.join(','));
    return download(p.route, params, `${p.fileName}.${format}`);
  };
  if (!mayExport) return null;
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
        {!!p.extra?.length && <Menu.Divider />}
        {p.extra?.map((x) => (
          <Menu.Item
            key={x.key}
            leftSection={x.icon}
            disabled={x.disabled}
            title={x.hint}
            onClick={() => void download(x.route, new URLSearchParams(), x.fileName, x.query, x.serverName)}
          >
            {x.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
