import { routes } from '@fs/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableInfos } from '@fs/contract';
import { api } from '../api/client';

/** Column configurations change only with a release; the user's choice is updated in place when saved. */
const TABLE_INFOS_STALE_MS = 2 * 3_600_000;

export const tableInfosKey = (table: string) => ['table-infos', table] as const;

/** `tableInfos` of a table: its columns, min and max, defaults and the user's chosen columns. */
export function useTableInfos(table: string) {
  return useQuery({
    queryKey: tableInfosKey(table),
    staleTime: TABLE_INFOS_STALE_MS,
    queryFn: async () =>
      (await api.call(routes.tablePreferences.getTableInfos, { params: { tabella: encodeURIComponent(table) } })).item,
  });
}

/** Saves the user's columns of a table (null: back to the defaults); the cache takes the answer. */
export function useSaveTableColumns(table: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (colonne: string[] | null) =>
      (await api.call(routes.tablePreferences.savePreference, { body: { tabella: table, colonne } })).item,
    onMutate: (colonne) => {
      const prev = queryClient.getQueryData<TableInfos>(tableInfosKey(table));
      if (prev && colonne) queryClient.setQueryData(tableInfosKey(table), { ...prev, selectedColumns: colonne });
      return { prev };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.prev) queryClient.setQueryData(tableInfosKey(table), ctx.prev);
    },
    onSuccess: (item) => queryClient.setQueryData(tableInfosKey(table), item),
  });
}
