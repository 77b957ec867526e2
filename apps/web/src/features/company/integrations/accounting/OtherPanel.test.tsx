import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderUi } from '../../../../test/render';
import { OtherPanel } from './OtherPanel';

describe('the "other" accounting panel', () => {
  it('points to the webhook tab for report.completed and lists the per-report JSON and CSV downloads', () => {
    renderUi(
      <MemoryRouter>
        <OtherPanel />
      </MemoryRouter>,
    );
    expect(screen.getByText(/report\.completed/)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Configura un webhook' });
    expect(link.getAttribute('href')).toBe('/external-integrations?tab=webhook');
    const code = screen.getByText(/GET \/api\/rapportini\/export\/json\/:id/);
    expect(code.textContent).toContain('GET /api/rapportini/export/csv/:id');
    expect(screen.getByText(/una riga per voce/)).toBeTruthy();
  });
});
