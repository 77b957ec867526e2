import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { findOption, routes, type FicStatus } from '@fs/contract';
import { api } from '../../../../app/api/client';
import { useOptions } from '../../options/api';

/** Accounting integration (issue 29, decision 0051): Fatture in Cloud's connection and the reports' export state. */
export const accountingKeys = {
  fic: ['accounting', 'fic'] as const,
  report: (id: string) => ['accounting', 'report', id] as const,
};

/** Where Fatture in Cloud sends the admin back (the router's /oauth20/fattureincloud). */
export const FIC_RETURN_PATH = '/oauth20/fattureincloud';
/** The tab of the external integrations page the return page goes back to. */
export const ACCOUNTING_TAB_PATH = '/external-integrations?tab=gestionale';

export function useFicStatus(enabled = true) {
  return useQuery({
    queryKey: accountingKeys.fic,
    enabled,
    queryFn: async (): Promise<FicStatus> => {
      const { success: _ok, ...status } = await api.call(routes.accounting.ficCheck);
      return status;
    },
  });
}

function useSetStatus() {
  const queryClient = useQueryClient();
  return ({ success: _ok, ...status }: FicStatus & { success: true }) =>
    queryClient.setQueryData(accountingKeys.fic, status);
}

/** Leaves the app for Fatture in Cloud's page (tests watch it). */
export const leave = { to: (url: string) => window.location.assign(url) };

/** Asks the server for Fatture in Cloud's address (with its state) and goes there. */
export function useFicConnect() {
  return useMutation({
    meta: { silent: true },
    mutationFn: async () => {
      const redirectUri = `${window.location.origin}${FIC_RETURN_PATH}`;
      const r = await api.call(routes.accounting.ficInit, { query: { redirectUri } });
      leave.to(r.url);
      return r;
    },
  });
}

export function useFicLogin() {
  const set = useSetStatus();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: { code: string; state: string }) => api.call(routes.accounting.ficLogin, { body }),
    onSuccess: set,
  });
}

export function useFicCompany() {
  const set = useSetStatus();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (id: number) => api.call(routes.accounting.ficCompany, { body: { id } }),
    onSuccess: set,
  });
}

export function useFicLogout() {
  const set = useSetStatus();
  return useMutation({
    meta: { silent: true },
    mutationFn: async () => api.call(routes.accounting.ficLogout),
    onSuccess: set,
  });
}

/** How often a report's export is read again while it waits to be sent (ms). */
export const EXPORT_REFRESH_MS = 5_000;

export function useReportExport(id: string, enabled = true) {
  return useQuery({
    queryKey: accountingKeys.report(id),
    enabled,
    queryFn: async () => (await api.call(routes.accounting.reportExport, { params: { id } })).item,
    refetchInterval: (q) => (q.state.data?.stato === 'DA_INVIARE' ? EXPORT_REFRESH_MS : false),
  });
}

export function useExportReports() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (ids: string[]) => api.call(routes.accounting.exportReports, { body: { ids } }),
    onSuccess: (_r, ids) =>
      Promise.all(ids.map((id) => queryClient.invalidateQueries({ queryKey: accountingKeys.report(id) }))),
  });
}

/**
 * The management tool of the options and whether reports can be sent to it from the product: the integration on and
 * a tool the server sends them to (Danea EasyFatt takes a downloaded file instead, another system the completion
 * webhook and the report's JSON or CSV).
 */
export function useAccountingTool(enabled = true) {
  const options = useOptions(enabled);
  const value = (sub: string) =>
    options.data?.find((o) => o.category === 'integrazione_gestionale' && o.subcategory === sub)?.value ?? null;
  const on = value('enabled') === '1';
  // Not chosen yet (or the paid option not active): the catalogue's default tool.
  const tool = value('gestionale') ?? findOption('integrazione_gestionale', 'gestionale')?.default ?? null;
  return {
    loading: options.isLoading,
    enabled: on,
    tool,
    sends: on && (tool === 'fattureincloud' || tool === 'mexal'),
  };
}
