import { beforeEach, describe, expect, it } from 'vitest';
import { SSO } from '@fs/contract';
import { cleanLoginPath, readReturn, savePending, takePending } from './flow';

beforeEach(() => sessionStorage.clear());

describe('pending single sign-on attempt', () => {
  it('is kept in this tab and taken once', () => {
    savePending({ attempt: 'handle-1', target: 'web', redirect: '/company', startedAt: 1000 });
    expect(takePending(sessionStorage, 2000)).toEqual({
      attempt: 'handle-1',
      target: 'web',
      redirect: '/company',
      startedAt: 1000,
    });
    expect(takePending(sessionStorage, 2000)).toBeNull();
  });

  it('is forgotten when older than the server keeps it, or malformed', () => {
    savePending({ attempt: 'old', target: 'app', redirect: null, startedAt: 0 });
    expect(takePending(sessionStorage, SSO.attemptTtlMs + 1)).toBeNull();
    sessionStorage.setItem('fs.sso', '{not json');
    expect(takePending()).toBeNull();
    sessionStorage.setItem('fs.sso', JSON.stringify({ attempt: 'x', target: 'other', startedAt: Date.now() }));
    expect(takePending()).toBeNull();
  });
});

describe("the provider's return", () => {
  it('reads code, state and iss', () => {
    expect(readReturn(new URLSearchParams('code=abc&state=ACCESS-RL&iss=https%3A%2F%2Fid.example'))).toEqual({
      kind: 'code',
      code: 'abc',
      state: 'ACCESS-RL',
      iss: 'https://id.example',
    });
    expect(readReturn(new URLSearchParams('code=abc&state=ACCESS-RL'))).toEqual({
      kind: 'code',
      code: 'abc',
      state: 'ACCESS-RL',
    });
  });

  it('reads an error answer, and ignores pages that are no return', () => {
    expect(readReturn(new URLSearchParams('error=access_denied&state=ACCESS-RL'))).toEqual({
      kind: 'error',
      error: 'access_denied',
      state: 'ACCESS-RL',
    });
    expect(readReturn(new URLSearchParams('redirectAfterLogin=%2Fcompany'))).toBeNull();
    expect(readReturn(new URLSearchParams('code=abc'))).toBeNull();
  });

  it('leaves the login address with only redirectAfterLogin', () => {
    expect(cleanLoginPath('/login', '/company?tab=1')).toBe('/login?redirectAfterLogin=%2Fcompany%3Ftab%3D1');
    expect(cleanLoginPath('/login', null)).toBe('/login');
  });
});
