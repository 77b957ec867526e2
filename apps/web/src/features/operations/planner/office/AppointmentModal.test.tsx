import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { defaultUserPermissions } from '@fs/contract';
import { sessionKeys } from '../../../../app/session/api';
import { renderUi, testQueryClient } from '../../../../test/render';
import { AppointmentModal } from './AppointmentModal';
import { emptyDraft } from './draft';

afterEach(() => vi.unstubAllGlobals());

/** Every read answered empty; the posted bodies kept by address. */
function stubApi() {
  const posted: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posted.push({ url, body: JSON.parse(String(init.body)) });
        return new Response(JSON.stringify({ success: true, item: { id: 'n1' } }), { status: 200 });
      }
      return new Response(JSON.stringify({ success: true, items: [] }), { status: 200 });
    }),
  );
  return posted;
}

/** Whether the field's label carries the required mark (the asterisk). */
const markedRequired = (label: string) =>
  [...document.querySelectorAll('label')].some(
    (l) => l.textContent?.replace(' *', '') === label && l.getAttribute('data-required') === 'true',
  );

function renderModal(draft: Parameters<typeof AppointmentModal>[0]['initial']) {
  const q = testQueryClient();
  const permissions = defaultUserPermissions();
  for (const k of ['pianificazione_interventi', 'gestione_interventi'] as const) {
    Object.assign(permissions[k], { companyRead: true, companyWrite: true, companyDelete: true });
  }
  q.setQueryData(sessionKeys.permissions, { lastUpdate: '', permissions });
  q.setQueryData(sessionKeys.user, { id: 'u1', role: 'admin', scheduleenabled: 'N' });
  const onClose = vi.fn();
  renderUi(
    <AppointmentModal
      initial={draft}
      timeZone="Europe/Rome"
      technicians={[{ value: 't1', label: 'Mario Rossi' }]}
      onClose={onClose}
    />,
    q,
  );
  return onClose;
}

describe('the new to-do dialog', () => {
  it('is titled "Nuovo da fare", asks for no date, and needs no technician', async () => {
    const posted = stubApi();
    const onClose = renderModal({ ...emptyDraft(), todo: true, cliente: { id: 'c1', nome: 'Rossi S.r.l.' } });
    expect(await screen.findByRole('heading', { name: 'Nuovo da fare' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Nuovo appuntamento' })).toBeNull();
    for (const name of [
      /Data inizio/,
      /Ora inizio/,
      /Data fine/,
      /Tutto il giorno/,
      /Promemoria/,
      /Crea il rapportino/,
    ])
      expect(screen.queryByLabelText(name)).toBeNull();
    expect(markedRequired('Tecnici')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Salva come da fare' })).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: /Titolo/ }), { target: { value: 'Richiamare il cliente' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva da fare' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted).toHaveLength(1);
    expect(posted[0]!.url).toBe('/api/schedule/appointment/todo');
    expect(posted[0]!.body).toMatchObject({ titolo: 'Richiamare il cliente', cliente_id: 'c1', tecnici_ids: [] });
    expect(posted[0]!.body).not.toHaveProperty('inizio');
  });

  it('asks only for the title and the customer when they are missing', async () => {
    stubApi();
    renderModal({ ...emptyDraft(), todo: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Salva da fare' }));
    expect((await screen.findAllByText('Obbligatorio')).length).toBe(2);
    expect(screen.queryByText('Almeno un tecnico')).toBeNull();
  });

  it('stays an appointment, with its days and technicians required, from "Nuovo appuntamento"', async () => {
    stubApi();
    renderModal({
      ...emptyDraft(),
      startDate: '2026-11-26',
      startTime: '09:00',
      endDate: '2026-11-26',
      endTime: '10:00',
    });
    expect(await screen.findByRole('heading', { name: 'Nuovo appuntamento' })).toBeTruthy();
    expect(markedRequired('Tecnici')).toBe(true);
    expect(screen.getByRole('button', { name: 'Salva come da fare' })).toBeTruthy();
  });
});
