import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { defaultUserPermissions, type PermissionMap } from '@fs/contract';
import { renderUi, testQueryClient } from '../test/render';
import { RequirePermission } from './guards';
import { sessionKeys } from './session/api';

function open(permissions: PermissionMap) {
  const router = createMemoryRouter(
    [
      {
        element: <RequirePermission pageKey="timbrature" orReadOf={['amministrazione_timbrature']} />,
        children: [{ path: '/clocking-in-out', element: <p>clocking page</p> }],
      },
    ],
    { initialEntries: ['/clocking-in-out'] },
  );
  const q = testQueryClient();
  q.setQueryData(sessionKeys.permissions, { lastUpdate: '', permissions });
  renderUi(<RouterProvider router={router} />, q);
}

describe('a page readable with one of two keys', () => {
  it("opens with the page's own key", async () => {
    open(defaultUserPermissions());
    expect(await screen.findByText('clocking page')).toBeTruthy();
  });

  it('opens with the other key alone', async () => {
    const office = defaultUserPermissions();
    office.timbrature = { ...office.timbrature, userRead: false, userWrite: false };
    office.amministrazione_timbrature = { ...office.amministrazione_timbrature, companyRead: true };
    open(office);
    expect(await screen.findByText('clocking page')).toBeTruthy();
  });

  it('is forbidden with neither key', async () => {
    const none = defaultUserPermissions();
    none.timbrature = { ...none.timbrature, userRead: false, userWrite: false };
    open(none);
    expect(await screen.findByRole('heading', { name: 'Accesso negato' })).toBeTruthy();
    expect(screen.queryByText('clocking page')).toBeNull();
  });
});
