import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Modal, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { renderUi } from '../test/render';
import { useGuardedClose } from './guarded-close';

function FormModal({ onClosed }: { onClosed: () => void }) {
  const form = useForm({ initialValues: { nome: '' } });
  const close = useGuardedClose(form, onClosed);
  return (
    <Modal opened onClose={close} title="Contatto">
      <TextInput label="Nome" {...form.getInputProps('nome')} />
      <Button onClick={close}>Annulla</Button>
    </Modal>
  );
}

function Harness() {
  const [open, setOpen] = useState(true);
  return open ? <FormModal onClosed={() => setOpen(false)} /> : <p>chiuso</p>;
}

describe('useGuardedClose', () => {
  it('closes an untouched form at once, and asks before discarding typed changes', async () => {
    renderUi(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(await screen.findByText('chiuso')).toBeTruthy();
  });

  it('keeps the form when the user chooses to keep editing, closes when they discard', async () => {
    renderUi(<Harness />);
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Mario' } });
    fireEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continua a modificare' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Continua a modificare' })).toBeNull());
    expect((screen.getByLabelText('Nome') as HTMLInputElement).value).toBe('Mario');
    fireEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Chiudi senza salvare' }));
    expect(await screen.findByText('chiuso')).toBeTruthy();
  });
});
