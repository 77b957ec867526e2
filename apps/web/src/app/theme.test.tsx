import { describe, expect, it } from 'vitest';
import { Loader } from '@mantine/core';
import { screen } from '@testing-library/react';
import { renderUi } from '../test/render';

describe('the theme', () => {
  it('makes a spinner a named status (an aria-label on a span without a role is an axe finding)', () => {
    renderUi(<Loader aria-label="Caricamento dei file" />);
    expect(screen.getByRole('status', { name: 'Caricamento dei file' })).toBeTruthy();
  });
});
