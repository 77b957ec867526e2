import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CACHE_MS, type CompanyUpdate, routes } from '@fs/contract';
import { api } from '../../../app/api/client';
import { useBlobUrl } from '../../../app/api/use-blob-url';
import { sessionKeys } from '../../../app/session/api';

export const companyKeys = {
  company: ['company'] as const,
  logo: ['company', 'logo'] as const,
};

export function useCompany(enabled = true) {
  return useQuery({
    queryKey: companyKeys.company,
    enabled,
    staleTime: CACHE_MS.company,
    queryFn: async () => (await api.call(routes.company.getCompany)).item,
  });
}

/** The company logo as an object URL; null when there is none. */
export function useCompanyLogo(logoId: string | null | undefined) {
  return useBlobUrl(
    [...companyKeys.logo, logoId ?? null],
    logoId ? () => api.call(routes.company.getLogo) : null,
    CACHE_MS.company,
  );
}

export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: CompanyUpdate) => (await api.call(routes.company.updateCompany, { body })).item,
    onSuccess: (item) => {
      queryClient.setQueryData(companyKeys.company, item);
      // The session user carries the company name and VAT number (aziendamap).
      void queryClient.invalidateQueries({ queryKey: sessionKeys.user });
    },
  });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.call(routes.company.replaceLogo, { form });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: companyKeys.company });
      await queryClient.invalidateQueries({ queryKey: companyKeys.logo });
    },
  });
}
