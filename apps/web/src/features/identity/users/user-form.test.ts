import { describe, expect, it } from 'vitest';
import type { User } from '@fs/contract';
import { timeZones, toRequest, toValues } from './user-form';

describe('user form', () => {
  it("a new user sends no language nor time zone unless chosen: the server gives the company's", () => {
    const fresh = toValues(null);
    expect([fresh.lingua, fresh.timezone]).toEqual(['', '']);
    const body = toRequest({ ...fresh, username: 'nuovo', password: 'x'.repeat(12) }, undefined);
    expect(body).not.toHaveProperty('lingua');
    expect(body).not.toHaveProperty('timezone');
    expect(
      toRequest({ ...fresh, username: 'nuovo', lingua: 'DE', timezone: 'Europe/Berlin' }, undefined),
    ).toMatchObject({
      lingua: 'DE',
      timezone: 'Europe/Berlin',
    });
    expect(timeZones('')).not.toContain('');
  });

  it("a saved user's language and time zone go back as they are", () => {
    const u = { lingua: 'FR', timezone: 'Europe/Paris', role: 'user', mansioni: [] } as unknown as User;
    expect(toRequest(toValues(u), 'id-1')).toMatchObject({ id: 'id-1', lingua: 'FR', timezone: 'Europe/Paris' });
  });
});
