import { describe, expect, it } from 'vitest';
import { adminPermissions, defaultUserPermissions, type PermissionMap } from '@fs/contract';
import { activePages } from './service.js';

const tos = (permissions: PermissionMap) => activePages(permissions).map((p) => p.to);

describe('the menu', () => {
  it("shows clocking to who clocks their own time and to the office, each page's keys left out", () => {
    expect(tos(defaultUserPermissions())).toContain('/clocking-in-out');
    const office = defaultUserPermissions();
    office.timbrature = { ...office.timbrature, userRead: false, userWrite: false };
    expect(tos(office)).not.toContain('/clocking-in-out');
    office.amministrazione_timbrature = { ...office.amministrazione_timbrature, companyRead: true };
    expect(tos(office)).toContain('/clocking-in-out');
    const page = activePages(adminPermissions()).find((p) => p.to === '/clocking-in-out')!;
    expect(Object.keys(page).sort()).toEqual(['i18nKey', 'icon', 'id', 'name', 'to']);
  });
});
