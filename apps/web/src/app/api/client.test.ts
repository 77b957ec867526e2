import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT, routes } from '@fs/contract';
import { api, apiRequest, dispositionName, urlOf } from './client';
import { ApiError } from './errors';
import { setNavigate } from './navigate';
import { sessionStore } from './session-store';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
const expired = () => json(401, { success: false, code: '0014', message: 'expired' });
const authOf = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;

let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;
let fetchMock: ReturnType<typeof vi.fn<Handler>>;

function mockFetch(handler: Handler): void {
  fetchMock = vi.fn<Handler>(handler);
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => fetchMock(url, init));
}
const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => url === path);

beforeEach(() => {
  localStorage.clear();
  sessionStore.setTokens('access-1', 'refresh-1');
  navigate = vi.fn<(to: string) => void>();
  setNavigate(navigate);
  window.history.replaceState(null, '', '/company');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('api client headers', () => {
  it('sends bearer, source, device id and accept headers', async () => {
    mockFetch(() => json(200, { success: true }));
    await apiRequest('/api/x');
    const headers = fetchMock.mock.calls[0]![1].headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer access-1');
    expect(headers.Source).toBe('WEB');
    expect(headers['Device-Id']).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(headers.Accept).toBe('application/json');
  });
});

describe('api client refresh and retry (0014)', () => {
  it('refreshes once for parallel requests and retries them with the new token', async () => {
    let releaseRefresh!: () => void;
    const refreshGate = new Promise<void>((r) => (releaseRefresh = r));
    mockFetch(async (url, init) => {
      if (url === '/api/session/generate-access-token') {
        expect(authOf(init)).toBe('Bearer refresh-1');
        await refreshGate;
        return json(200, { success: true, access_token: 'access-2', refresh_token: 'refresh-2' });
      }
      return authOf(init) === 'Bearer access-2' ? json(200, { success: true, url }) : expired();
    });

    const all = Promise.all([apiRequest('/api/a'), apiRequest('/api/b'), apiRequest('/api/c')]);
    await vi.waitFor(() => expect(calls('/api/session/generate-access-token')).toHaveLength(1));
    releaseRefresh();
    const results = await all;

    expect(results).toEqual([
      { success: true, url: '/api/a' },
      { success: true, url: '/api/b' },
      { success: true, url: '/api/c' },
    ]);
    expect(calls('/api/session/generate-access-token')).toHaveLength(1);
    for (const path of ['/api/a', '/api/b', '/api/c']) {
      expect(calls(path).map(([, init]) => authOf(init))).toEqual(['Bearer access-1', 'Bearer access-2']);
    }
    expect(sessionStore.get().token).toBe('access-2');
    expect(sessionStore.get().refreshToken).toBe('refresh-2');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('retries at most CLIENT.refreshRetryLimit times, then signs out', async () => {
    let n = 0;
    mockFetch((url) => {
      if (url === '/api/session/generate-access-token') {
        n += 1;
        return json(200, { success: true, access_token: `access-${n + 1}`, refresh_token: `refresh-${n + 1}` });
      }
      return expired();
    });

    await expect(apiRequest('/api/a')).rejects.toMatchObject({ status: 401, code: '0014' });
    expect(calls('/api/a')).toHaveLength(1 + CLIENT.refreshRetryLimit);
    expect(calls('/api/session/generate-access-token')).toHaveLength(CLIENT.refreshRetryLimit);
    expect(sessionStore.get().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login?redirectAfterLogin=%2Fcompany');
  });

  it('signs out and goes to login when the refresh fails', async () => {
    mockFetch((url) =>
      url === '/api/session/generate-access-token'
        ? json(401, { success: false, code: '0015', message: 'invalid' })
        : expired(),
    );

    const error = await apiRequest('/api/a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(calls('/api/a')).toHaveLength(1);
    expect(sessionStore.get()).toMatchObject({ token: null, refreshToken: null, user: null });
    expect(navigate).toHaveBeenCalledWith('/login?redirectAfterLogin=%2Fcompany');
  });

  it('keeps the session when the refresh does not reach the server (a reload cut it off, no network)', async () => {
    mockFetch((url) =>
      url === '/api/session/generate-access-token' ? Promise.reject(new TypeError('Failed to fetch')) : expired(),
    );
    const error = await apiRequest('/api/a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(sessionStore.get()).toMatchObject({ token: 'access-1', refreshToken: 'refresh-1' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not treat a public call 401 as a session failure', async () => {
    mockFetch(() => json(401, { success: false, code: '0019', message: 'password' }));
    await expect(apiRequest('/api/login/login', { isPublic: true })).rejects.toMatchObject({ code: '0019' });
    expect(sessionStore.get().token).toBe('access-1');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('api client access from another device (0017)', () => {
  it('navigates to the public error page and clears storage after 1 s', async () => {
    vi.useFakeTimers();
    localStorage.setItem('fs.menuPinned', 'true');
    mockFetch(() => json(401, { success: false, code: '0017', message: 'other device' }));

    await expect(apiRequest('/api/a')).rejects.toMatchObject({ code: '0017' });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/public/error?key=0017');
    expect(sessionStore.get().token).toBe('access-1');

    vi.advanceTimersByTime(CLIENT.logoutAfter0017Ms - 1);
    expect(localStorage.getItem('fs.token')).toBe('access-1');
    vi.advanceTimersByTime(1);
    expect(localStorage.length).toBe(0);
    expect(sessionStore.get().token).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/a']);
  });
});

describe('api client access from another device (0017), with other requests in flight', () => {
  it('stays on the 0017 page when another request is then refused without it', async () => {
    vi.useFakeTimers();
    // One request learns of the other device; a parallel one's token has expired and its refresh is refused.
    mockFetch((url) =>
      url === '/api/a'
        ? json(401, { success: false, code: '0017', message: 'other device' })
        : url === '/api/session/generate-access-token'
          ? json(401, { success: false, code: '0015', message: 'invalid' })
          : expired(),
    );
    await expect(apiRequest('/api/a')).rejects.toMatchObject({ code: '0017' });
    await expect(apiRequest('/api/b')).rejects.toMatchObject({ code: '0015' });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/public/error?key=0017');
    vi.advanceTimersByTime(CLIENT.logoutAfter0017Ms);
    expect(sessionStore.get().token).toBeNull();
  });
});

describe('typed client (the route table)', () => {
  it('fills and encodes path parameters, and writes the query', () => {
    expect(urlOf(routes.customers.getCliente, { id: 'a/b' })).toBe('/api/clienti/cliente/a%2Fb');
    expect(urlOf(routes.schedule.range, { start: '20261101', end: '20261130' })).toBe(
      '/api/v2/schedule/appointments/start/20261101/end/20261130',
    );
    expect(urlOf(routes.media.removeReportFiles, undefined, { rapportinoId: 'r1', ids: 'm1,m2' })).toBe(
      '/api/rapportini/rapportino/media?rapportinoId=r1&ids=m1%2Cm2',
    );
    expect(() => urlOf(routes.customers.getCliente, { id: '' })).toThrow(/path parameter id/);
  });

  it("sends the route's method and JSON body with the session, and answers the parsed JSON", async () => {
    mockFetch(() => json(200, { success: true, item: { id: 'x' } }));
    const answer = await api.call(routes.customers.saveRecapito, { body: { clienteId: 'c1', nome: 'Ufficio' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init.method, init.body, authOf(init)]).toEqual([
      '/api/clienti/cliente/recapito',
      'POST',
      JSON.stringify({ clienteId: 'c1', nome: 'Ufficio' }),
      'Bearer access-1',
    ]);
    expect(answer.success).toBe(true);
  });

  it('reads a file answer as a Blob, and calls a public route without the session', async () => {
    mockFetch(() => new Response('%PDF-1.4', { status: 200, headers: { 'Content-Type': 'application/pdf' } }));
    const pdf = await api.call(routes.reports.pdf, { params: { id: 'r1' } });
    expect([pdf.constructor.name, pdf.size, pdf.type]).toEqual(['Blob', 8, 'application/pdf']);
    mockFetch(() => json(200, { success: true, item: {} }));
    await api.call(routes.publicConfig.publicConfig);
    expect(authOf(fetchMock.mock.calls[0]![1])).toBeUndefined();
  });
});

describe('dispositionName', () => {
  it("reads the server's file name, the encoded one first", () => {
    expect(
      dispositionName(`attachment; filename="IT01234567897_0000A.xml"; filename*=UTF-8''IT01234567897_0000A.xml`),
    ).toBe('IT01234567897_0000A.xml');
    expect(dispositionName(`attachment; filename="a.xml"; filename*=UTF-8''Fattura%20%C3%A8.xml`)).toBe(
      'Fattura è.xml',
    );
    expect(dispositionName('attachment; filename="solo.xml"')).toBe('solo.xml');
    expect(dispositionName('attachment')).toBeNull();
    expect(dispositionName(null)).toBeNull();
  });
});
