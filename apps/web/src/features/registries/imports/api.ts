import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type ColumnMapping, type ImportStatusItem, type ImportTable, type RouteAnswer } from '@fs/contract';
import { api } from '../../../app/api/client';
import { downloadBlob } from '../../../app/download';

export const importKeys = {
  tables: ['imports', 'tables'] as const,
  recent: ['imports', 'recent'] as const,
  status: (id: string) => ['imports', 'status', id] as const,
  rejected: (id: string, page: number) => ['imports', 'rejected', id, page] as const,
};

/** A table the user may import into, with its fields (GET /imports/mapping-tables). */
export type MappingTable = RouteAnswer<typeof routes.imports.mappingTables>['items'][number];

/** The tables the user may import into (write permission), with their fields. */
export function useMappingTables() {
  return useQuery({
    queryKey: importKeys.tables,
    staleTime: 5 * 60_000,
    queryFn: async () => (await api.call(routes.imports.mappingTables)).items,
  });
}

export interface UploadInput {
  table: ImportTable;
  separator: string;
  headerInFirstLine: boolean;
  encoding: 'auto' | 'utf-8' | 'windows-1252';
  file: File;
}

export function useUploadMapping() {
  return useMutation({
    meta: { silent: true },
    mutationFn: async (input: UploadInput) => {
      const form = new FormData();
      form.append('table', input.table);
      form.append('separator', input.separator === '\t' ? 'tab' : input.separator);
      form.append('headerInFirstLine', String(input.headerInFirstLine));
      form.append('encoding', input.encoding);
      form.append('file', input.file);
      return (await api.call(routes.imports.mapping, { form })).item;
    },
  });
}

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: { id: string; mapping: ColumnMapping[] }) =>
      (await api.call(routes.imports.startImport, { body })).item,
    onSuccess: (item) => {
      queryClient.setQueryData(importKeys.status(item.id), item);
      void queryClient.invalidateQueries({ queryKey: importKeys.recent });
    },
  });
}

const running = (s: ImportStatusItem | undefined) => s?.status === 'queued' || s?.status === 'running';

/** The import's progress, polled every second while it runs. */
export function useImportStatus(id: string | null) {
  return useQuery({
    queryKey: importKeys.status(id ?? ''),
    enabled: id !== null,
    queryFn: async () => (await api.call(routes.imports.status, { params: { id: id! } })).item,
    refetchInterval: (q) => (running(q.state.data) ? 1000 : false),
  });
}

/** The company's latest imports: a running one is picked up again when the page opens. */
export function useRecentImports() {
  return useQuery({
    queryKey: importKeys.recent,
    queryFn: async () => (await api.call(routes.imports.recent)).items,
  });
}

export const REJECTED_PAGE = 50;

export function useRejected(id: string | null, page: number, enabled: boolean) {
  return useQuery({
    queryKey: importKeys.rejected(id ?? '', page),
    enabled: id !== null && enabled,
    queryFn: () =>
      api.call(routes.imports.rejected, {
        params: { id: id! },
        query: { offset: (page - 1) * REJECTED_PAGE, limit: REJECTED_PAGE },
      }),
  });
}

/** Downloads the rejected rows as CSV through the API client (it carries the session). */
export async function downloadRejected(id: string, fileName: string): Promise<void> {
  downloadBlob(await api.call(routes.imports.rejectedCsv, { params: { id } }), fileName);
}
