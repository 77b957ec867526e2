import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type DataExport, type StartDataExportRequest } from '@fs/contract';
import { api } from '../../../app/api/client';

export const dataExportKeys = { list: ['data-export', 'list'] as const };

const running = (e: DataExport) => e.stato === 'queued' || e.stato === 'running';

/** The user's exports, polled every second while one of them runs. */
export function useDataExports() {
  return useQuery({
    queryKey: dataExportKeys.list,
    queryFn: async () => (await api.call(routes.dataExport.list)).items,
    refetchInterval: (q) => (q.state.data?.some(running) ? 1000 : false),
  });
}

export function useStartDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: StartDataExportRequest) => (await api.call(routes.dataExport.start, { body })).item,
    onSuccess: (item) => {
      queryClient.setQueryData<DataExport[]>(dataExportKeys.list, (old) => [item, ...(old ?? [])]);
      void queryClient.invalidateQueries({ queryKey: dataExportKeys.list });
    },
  });
}

/** The finished file, through the API client (it carries the session). */
export const loadDataExportFile = (id: string) => api.call(routes.dataExport.file, { params: { id } });
