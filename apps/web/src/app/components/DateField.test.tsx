import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Modal } from '@mantine/core';
import { renderUi } from '../../test/render';
import { DateField, TimeField } from './DateField';

function Fields() {
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  return (
    <>
      <DateField label="Data" value={date} onChange={setDate} />
      <TimeField label="Ora" value={time} onChange={setTime} />
    </>
  );
}

describe('DateField and TimeField', () => {
  it('keep Enter to themselves: it never submits the form around them', () => {
    renderUi(<Fields />);
    const date = screen.getByRole('textbox', { name: 'Data' });
    fireEvent.change(date, { target: { value: '23/11/2026' } });
    // fireEvent answers false when a handler prevented the default action (the form's submission).
    expect(fireEvent.keyDown(date, { key: 'Enter' })).toBe(false);
    expect(fireEvent.keyDown(screen.getByRole('spinbutton', { name: 'Ora: ore' }), { key: 'Enter' })).toBe(false);
    // Other keys keep their default.
    expect(fireEvent.keyDown(date, { key: 'a' })).toBe(true);
  });

  it('close only their calendar on Escape inside a modal; the next Escape closes the modal', async () => {
    const onClose = vi.fn();
    renderUi(
      <Modal opened onClose={onClose} title="Attività">
        <Fields />
      </Modal>,
    );
    const date = await screen.findByRole('textbox', { name: 'Data' });
    fireEvent.click(date);
    // The calendar is open (its month's days are buttons)...
    await waitFor(() => expect(document.querySelector('[data-dates-dropdown]')).not.toBeNull());
    fireEvent.keyDown(date, { key: 'Escape' });
    // ...and Escape closed it, not the modal.
    await waitFor(() => expect(document.querySelector('[data-dates-dropdown]')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(date, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('name their clear buttons after the field (a button without a name is a critical axe finding)', () => {
    renderUi(
      <>
        <DateField label="Data appuntamento" value="2026-11-26" onChange={() => {}} clearable />
        <TimeField label="Ora appuntamento" value="09:00" onChange={() => {}} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Data appuntamento: cancella' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ora appuntamento: cancella' })).toBeTruthy();
  });
});
