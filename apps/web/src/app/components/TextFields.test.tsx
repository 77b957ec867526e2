import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderUi } from '../../test/render';
import { Textarea, TextInput } from './TextFields';

describe('text fields with a limit', () => {
  it('show the count as the typing nears the limit, in red at the limit', () => {
    renderUi(<TextInput label="Nome" maxLength={50} defaultValue={'x'.repeat(10)} />);
    const input = screen.getByRole('textbox', { name: 'Nome' });
    expect(screen.queryByText(/caratteri/)).toBeNull();
    fireEvent.change(input, { target: { value: 'x'.repeat(45) } });
    expect(screen.getByText('45 / 50 caratteri')).toBeTruthy();
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'x'.repeat(50) } });
    expect(screen.getByText('50 / 50 caratteri')).toBeTruthy();
  });

  it('follow a controlled value, and stay plain without a limit', () => {
    const { rerender } = renderUi(<Textarea label="Note" maxLength={100} value={'a'.repeat(85)} onChange={() => {}} />);
    expect(screen.getByText('85 / 100 caratteri')).toBeTruthy();
    rerender(<Textarea label="Note" value={'a'.repeat(85)} onChange={() => {}} />);
    expect(screen.queryByText(/caratteri/)).toBeNull();
  });

  it('keep the limit without a count for codes of a fixed length', () => {
    renderUi(<TextInput label="Partita IVA" maxLength={11} withCounter={false} defaultValue="12345670017" />);
    const input = screen.getByRole('textbox', { name: 'Partita IVA' });
    expect(input.getAttribute('maxlength')).toBe('11');
    expect(input.hasAttribute('withcounter')).toBe(false);
    expect(screen.queryByText(/caratteri/)).toBeNull();
  });
});
