import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderUi } from '../../test/render';
import { DateField, TimeField } from './DateField';

describe('date and time fields', () => {
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
