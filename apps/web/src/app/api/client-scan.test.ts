import { describe, expect, it } from 'vitest';

/**
 * Every web module reaches the API through the typed client (`api.call(routes.X.Y, ...)`,
 * packages/contract/src/routes): no module outside the client writes an '/api/' address, so a
 * route's method, path and answer have one truth (issue 23). Tests may still check addresses.
 */
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** A string, template or regular expression literal that starts an API address. */
const API_ADDRESS = /['"`]\/api\//;

const CLIENT = '/src/app/api/client.ts';

describe('the web calls the API only through the typed client', () => {
  it('reads the sources (the scan would otherwise pass on nothing)', () => {
    const files = Object.keys(sources);
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain(CLIENT);
    expect(files).toContain('/src/features/operations/reports/api.ts');
    expect(files.some((f) => f.endsWith('.test.ts') || f.endsWith('.test.tsx'))).toBe(false);
  });

  it("finds no '/api/' address in any module but the client", () => {
    const offenders = Object.entries(sources)
      .filter(([file]) => file !== CLIENT)
      .flatMap(([file, text]) =>
        text
          .split('\n')
          .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
          .filter(({ line }) => API_ADDRESS.test(line))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });

  it('would catch an address written as a string or a template', () => {
    expect(API_ADDRESS.test("api.get('/api/clienti/clienti')")).toBe(true);
    expect(API_ADDRESS.test('fetch(`/api/media/get-content/${id}`)')).toBe(true);
    expect(API_ADDRESS.test('api.call(routes.customers.list, { query })')).toBe(false);
  });
});
