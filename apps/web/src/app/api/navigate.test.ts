import { describe, expect, it } from 'vitest';
import { loginPath, safeRedirect } from './navigate';

describe('login redirects', () => {
  it('keeps the original path, omitted for /', () => {
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('/company?tab=logo')).toBe('/login?redirectAfterLogin=%2Fcompany%3Ftab%3Dlogo');
  });

  it('accepts only same-site paths after login', () => {
    expect(safeRedirect('/company')).toBe('/company');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});
