import { useQuery } from '@tanstack/react-query';
import { CACHE_MS, routes } from '@fs/contract';
import { api } from '../../../app/api/client';

export interface Nazione {
  codice: string;
  nome: string;
}
export interface Lingua {
  codice: string;
  locale: string;
  nome: string;
}

export function useNazioni() {
  return useQuery({
    queryKey: ['reference', 'nazioni'],
    staleTime: CACHE_MS.countries,
    queryFn: async () => (await api.call(routes.reference.countries)).nazioni,
  });
}

export function useLingue() {
  return useQuery({
    queryKey: ['reference', 'lingue'],
    staleTime: CACHE_MS.languages,
    queryFn: async () => (await api.call(routes.reference.languages)).items,
  });
}
