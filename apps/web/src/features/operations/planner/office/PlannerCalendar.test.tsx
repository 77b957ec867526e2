import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { Appointment } from '@fs/contract';
import i18n from '../../../../app/i18n';
import { renderUi } from '../../../../test/render';
import { eventParts } from './event-content';
import { PlannerCalendar, type CalendarHandlers } from './PlannerCalendar';

afterEach(async () => {
  await i18n.changeLanguage('it');
});

const handlers: CalendarHandlers = {
  onRange: () => {},
  onSelect: () => {},
  onOpen: () => {},
  onMove: async () => true,
  onDrop: () => {},
};

function renderCalendar(language: string) {
  renderUi(
    <PlannerCalendar
      events={[]}
      timeZone="Europe/Rome"
      language={language}
      initialView="dayGridMonth"
      initialDate="2026-11-15"
      editable
      handlers={{ ...handlers, onRange: vi.fn() }}
    />,
  );
}

describe('the planner calendar toolbar', () => {
  it('reads "Today", "Month", "Week" in English, capitalised, and names its arrows', async () => {
    await i18n.changeLanguage('en');
    renderCalendar('en');
    expect(await screen.findByRole('heading', { name: 'November 2026' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Today' })).toBeTruthy();
    for (const name of ['Day', 'Week', 'Month', 'List']) expect(screen.getByRole('radio', { name })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Month' })).toHaveProperty('checked', true);
    expect(screen.getByRole('button', { name: 'Previous period' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next period' })).toBeTruthy();
    // No image without a name (FullCalendar's own toolbar drew its chevrons as unnamed role="img").
    expect([...document.querySelectorAll('[role="img"]')].filter((el) => !el.getAttribute('aria-label'))).toEqual([]);
  });

  it('writes the Italian month in lowercase, as Intl gives it, and moves by its own buttons', async () => {
    renderCalendar('it');
    expect(await screen.findByRole('heading', { name: 'novembre 2026' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Oggi' })).toBeTruthy();
    screen.getByRole('button', { name: 'Periodo successivo' }).click();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'dicembre 2026' })).toBeTruthy());
    screen.getByRole('radio', { name: 'Settimana' }).click();
    await waitFor(() => expect(document.querySelector('.fc-timeGridWeek-view')).not.toBeNull());
  });
});

describe("an appointment's chip", () => {
  it('says the time on the company clock and the customer, then the title', () => {
    const a = {
      titolo: 'Verifica breve',
      cliente: 'Rossi Impianti S.r.l.',
      tutto_il_giorno: false,
      inizio: '2026-11-27T10:00:00.000Z',
      fine: '2026-11-27T10:30:00.000Z',
    } as Appointment;
    expect(eventParts(a, 'Europe/Rome')).toEqual({
      start: '11:00',
      end: '11:30',
      customer: 'Rossi Impianti S.r.l.',
      title: 'Verifica breve',
    });
    expect(eventParts({ ...a, tutto_il_giorno: true }, 'Europe/Rome')).toMatchObject({ start: '', end: '' });
  });
});
