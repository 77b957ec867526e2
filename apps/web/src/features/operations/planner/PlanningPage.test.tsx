import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { defaultUserPermissions } from '@fs/contract';
import { sessionKeys } from '../../../app/session/api';
import { renderUi, testQueryClient } from '../../../test/render';
import { compactRangeOf } from '../../../test/compact-range';
import { PlanningPage, preparePlanning } from './PlanningPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Every call answered empty; the order of the calls kept. */
function stubApi() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const json = url.startsWith('/api/v2/schedule/appointments/')
        ? compactRangeOf([])
        : url.includes('/mapRequest')
          ? {
              success: true,
              timezone: 'Europe/Rome',
              start: '20261123',
              end: '20261129',
              items: [],
              posizioni: { enabled: false, validityMinutes: 0, items: [] },
            }
          : url.startsWith('/api/attivita/attivita/')
            ? { success: true, items: [], scadute: [], next: null }
            : { success: true, items: [], item: null, totaleElementi: 0 };
      return new Response(JSON.stringify(json), { status: 200 });
    }),
  );
  return calls;
}

function renderPlanning(path: string, office: boolean) {
  const q = testQueryClient();
  const permissions = defaultUserPermissions();
  permissions.pianificazione_interventi.userRead = true;
  permissions.pianificazione_interventi.companyRead = office;
  q.setQueryData(sessionKeys.permissions, { lastUpdate: '', permissions });
  q.setQueryData(sessionKeys.user, {
    id: 'u1',
    role: office ? 'admin' : 'user',
    scheduleenabled: 'Y',
    aziendamap: { timezone: 'Europe/Rome' },
  });
  const router = createMemoryRouter([{ path: '/intervention-planning', element: <PlanningPage /> }], {
    initialEntries: [path],
  });
  renderUi(<RouterProvider router={router} />, q);
}

const ranges = (calls: string[]) => calls.filter((u) => u.startsWith('/api/v2/schedule/appointments/'));

describe('the planning page', () => {
  it('asks for the opening month’s appointments once, before the calendar mounts, under the calendar’s key', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T23:30:00Z')); // 1 December in Rome
    const calls = stubApi();
    renderPlanning('/intervention-planning?vista=mese', true);
    // The call leaves with the page, before the planner's code (and its calendar) is there.
    expect(ranges(calls)).toEqual(['/api/v2/schedule/appointments/start/20261130/end/20270110?forma=compatta']);
    expect(document.querySelector('.fc')).toBeNull();
    // The planner's module is transformed on its first import here: seconds, not a browser's milliseconds.
    await waitFor(() => expect(document.querySelector('.fc-daygrid')).not.toBeNull(), { timeout: 15_000 });
    await waitFor(() => expect(calls.some((u) => u.startsWith('/api/attivita/attivita/'))).toBe(true));
    expect(ranges(calls)).toEqual(['/api/v2/schedule/appointments/start/20261130/end/20270110?forma=compatta']);
  }, 20_000);

  it('opens on the week without ?vista=, asking for it once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T10:00:00Z'));
    const calls = stubApi();
    renderPlanning('/intervention-planning', true);
    await waitFor(() => expect(document.querySelector('.fc-timegrid')).not.toBeNull(), { timeout: 15_000 });
    await waitFor(() => expect(calls.some((u) => u.startsWith('/api/attivita/attivita/'))).toBe(true));
    expect(ranges(calls)).toEqual(['/api/v2/schedule/appointments/start/20261123/end/20261129?forma=compatta']);
  }, 20_000);

  it('keeps the filters over the map, which asks for nothing more than the calendar would show', async () => {
    const calls = stubApi();
    renderPlanning('/intervention-planning', true);
    await waitFor(() => expect(document.querySelector('.fc-timegrid')).not.toBeNull(), { timeout: 15_000 });
    const map = screen.getByRole('radio', { name: 'Mappa' });
    fireEvent.click(map);
    await waitFor(() => expect(calls.some((u) => u.includes('/mapRequest'))).toBe(true));
    for (const name of ['Tecnico', 'Mansione', 'Cliente']) expect(screen.getByRole('combobox', { name })).toBeTruthy();
    expect(document.querySelector('.fc')).toBeNull();
  }, 20_000);

  it('at app start, asks for the opening days as soon as the permissions say office, before any render', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T10:00:00Z'));
    const calls = stubApi();
    const q = testQueryClient();
    const permissions = defaultUserPermissions();
    permissions.pianificazione_interventi.companyRead = true;
    let answer: (p: unknown) => void = () => {};
    void q.prefetchQuery({ queryKey: sessionKeys.permissions, queryFn: () => new Promise((r) => (answer = r)) });
    preparePlanning({ search: '?vista=giorno', queryClient: q });
    await Promise.resolve();
    expect(ranges(calls)).toEqual([]); // not before the permissions
    answer({ lastUpdate: '', permissions });
    await waitFor(() =>
      expect(ranges(calls)).toEqual(['/api/v2/schedule/appointments/start/20261125/end/20261125?forma=compatta']),
    );
  });

  it('at app start, asks a technician’s permissions for nothing of the office', async () => {
    const calls = stubApi();
    const q = testQueryClient();
    const permissions = defaultUserPermissions();
    permissions.pianificazione_interventi.userRead = true;
    q.setQueryData(sessionKeys.permissions, { lastUpdate: '', permissions });
    preparePlanning({ search: '?vista=mese', queryClient: q });
    await new Promise((r) => setTimeout(r, 50));
    expect(ranges(calls)).toEqual([]);
  });

  it('gives a technician their agenda, with no office range call', async () => {
    const calls = stubApi();
    renderPlanning('/intervention-planning', false);
    await screen.findByRole('heading', { name: 'Agenda' }, { timeout: 15_000 });
    expect(calls.filter((u) => u.includes('/v2/schedule/appointments/') && !u.includes('tecnico_id'))).toEqual([]);
  }, 20_000);
});
