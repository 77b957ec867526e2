import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Appointment } from '@fs/contract';
import { renderUi } from '../../../../test/render';
import { SidePanel, type SidePanelProps } from './SidePanel';

const todo = {
  id: 't1',
  titolo: 'Richiamare il cliente',
  cliente: 'Idraulica Verdi',
  tecnici: [],
} as unknown as Appointment;

function renderPanel(todoAccess: SidePanelProps['todoAccess']) {
  renderUi(
    <SidePanel
      todos={todoAccess.read ? [todo] : undefined}
      activities={[]}
      overdue={[]}
      loadingTodos={false}
      loadingActivities={false}
      moreActivities={null}
      editable
      todoAccess={todoAccess}
      onNewTodo={() => {}}
      onOpenTodo={() => {}}
      onPlanActivity={() => {}}
    />,
  );
}

describe('the planner side panel and the to-dos area (interventi_da_pianificare)', () => {
  it('shows the to-dos, the new one and dragging only with the area', () => {
    renderPanel({ read: true, write: true });
    expect(screen.getByRole('tab', { name: /Da fare/ })).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Nuovo da fare' })).not.toBeNull();
    expect(document.querySelector('[data-drag-kind="todo"]')).not.toBeNull();
  });

  it('read only: the to-dos are listed, none is made or dragged', () => {
    renderPanel({ read: true, write: false });
    expect(screen.getByText('Richiamare il cliente')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Nuovo da fare' })).toBeNull();
    expect(document.querySelector('[data-drag-kind="todo"]')).toBeNull();
  });

  it('without it: no to-dos tab, the activities open first', () => {
    renderPanel({ read: false, write: false });
    expect(screen.queryByRole('tab', { name: /Da fare/ })).toBeNull();
    expect(screen.getByRole('tab', { name: /Attività/, selected: true })).not.toBeNull();
  });
});
