import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { DEFAULT_TIME_ZONE, type Company, type SessionUser } from '@fs/contract';
import { sessionStore } from '../../../app/api/session-store';
import { companyKeys } from './api';
import { cachedCompanyZone, companyZone } from './zone';

afterEach(() => sessionStore.clearAll());

describe("the company's time zone on the web", () => {
  it("is the company's, else the session's company data, else the contract's default", () => {
    expect(companyZone('America/New_York', 'Europe/Rome')).toBe('America/New_York');
    expect(companyZone(undefined, 'Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(companyZone(null, '')).toBe(DEFAULT_TIME_ZONE);
  });

  it("outside React reads the cached company first, then the stored session's company data", () => {
    const client = new QueryClient();
    expect(cachedCompanyZone(client)).toBe(DEFAULT_TIME_ZONE);
    // The user's own zone is not the company's: the company's one (aziendamap) is read.
    sessionStore.setUser({ timezone: 'Europe/Rome', aziendamap: { timezone: 'Asia/Tokyo' } } as SessionUser);
    expect(cachedCompanyZone(client)).toBe('Asia/Tokyo');
    client.setQueryData(companyKeys.company, { timezone: 'America/New_York' } as Company);
    expect(cachedCompanyZone(client)).toBe('America/New_York');
  });
});
