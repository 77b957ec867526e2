import { describe, expect, it } from 'vitest';
import { defaultUserPermissions, type SessionUser } from '@fs/contract';
import { isFieldTechnician } from './field-technician';

function user(over: Partial<SessionUser>, managesSubscription = false): SessionUser {
  const permissions = defaultUserPermissions();
  if (managesSubscription) permissions.gestione_abbonamento.companyRead = true;
  return {
    scheduleenabled: 'Y',
    role: 'user',
    superuser: false,
    permissions: { lastUpdate: '', permissions },
    ...over,
  } as SessionUser;
}

describe('isFieldTechnician', () => {
  it('is a planned user who does not run the office', () => {
    expect(isFieldTechnician(user({}))).toBe(true);
  });

  it('is not an administrator, a superuser, who manages the subscription, or who is not planned', () => {
    expect(isFieldTechnician(user({ role: 'admin' }))).toBe(false);
    expect(isFieldTechnician(user({ superuser: true }))).toBe(false);
    expect(isFieldTechnician(user({}, true))).toBe(false);
    expect(isFieldTechnician(user({ scheduleenabled: 'N' }))).toBe(false);
  });
});
