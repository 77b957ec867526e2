import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_TIME_ZONE, type Company } from '@fs/contract';
import { sessionStore } from '../../../app/api/session-store';
import { useCan, useSessionUser } from '../../../app/session/api';
import { companyKeys, useCompany } from './api';

/**
 * The company's time zone (`aziende.timezone`), the one every day of the web is cut in and every
 * instant is read on, whatever the browser's zone (decision 0038; the formatting and day functions
 * are the contract's, format.ts and time.ts). Read from the company (cached with it) for those who
 * may read it, else from the session's company data (`aziendamap.timezone`, every user has it); the
 * contract's default only while neither has loaded.
 */
export function useCompanyZone(): string {
  const mayReadCompany = useCan('gestione_azienda', 'read') === true;
  const company = useCompany(mayReadCompany);
  const user = useSessionUser();
  return companyZone(mayReadCompany ? company.data?.timezone : undefined, user.data?.aziendamap.timezone);
}

/** The zone from what the web knows: the company's, else the session's, else the contract's default. */
export function companyZone(company: string | null | undefined, session: string | null | undefined): string {
  return company || session || DEFAULT_TIME_ZONE;
}

/**
 * The same zone outside React (work started before the first render, e.g. a page's prefetch): the
 * cached company's, else the stored session user's, else the contract's default.
 */
export function cachedCompanyZone(queryClient: QueryClient): string {
  return companyZone(
    queryClient.getQueryData<Company>(companyKeys.company)?.timezone,
    sessionStore.get().user?.aziendamap.timezone,
  );
}
