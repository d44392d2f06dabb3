import type { Role, Task } from '@shipyard/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { layOutScrollAreas } from '../../../test/virtual-layout.ts';
import { CardFace } from './task-board-card.tsx';
import { TaskList } from './task-list.tsx';
import { makeTask, taskList } from './test-tasks.ts';

// Issue 15: a task's checklist progress ("☑ 3/5") and its labels show on board cards and list rows.

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const member = { id: 'u-1', role: 'member' as Role };
const label = (id: string, name: string, color = '#3b82f6') => ({ id, name, color });

const labelled = makeTask({
  id: 't-1',
  title: 'Wire the radio',
  checklist: { done: 3, total: 5 },
  labels: [
    label('l-1', 'Bug', '#ef4444'),
    label('l-2', 'Hardware'),
    label('l-3', 'Urgent'),
    label('l-4', 'Radio'),
    label('l-5', 'Q3'),
  ],
});
const plain = makeTask({ id: 't-2', title: 'Paint the hull', createdAt: '2025-02-01T10:00:00.000Z' });

const card = (task: Task) => renderWithProviders(<CardFace task={task} viewer={member} />);

describe('a board card', () => {
  it('shows the checklist as 3/5 and the first three labels, then +2', () => {
    card(labelled);
    const face = screen.getByRole('article');
    expect(within(face).getByTitle('Checklist: 3 of 5 done')).toHaveTextContent('Checklist 3/5');
    const chips = within(face).getByRole('list', { name: 'Labels' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Bug', 'Hardware', 'Urgent', '+2and 2 more']);
    expect(within(chips).getByTitle('Radio, Q3')).toBeInTheDocument();
    expect(within(chips).getByTitle('Bug').firstElementChild).toHaveStyle({ backgroundColor: '#ef4444' });
  });

  it('shows neither without a checklist or labels', () => {
    card(plain);
    expect(screen.queryByTitle(/^Checklist/)).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Labels' })).not.toBeInTheDocument();
  });
});

describe('a list row', () => {
  beforeEach(() => layOutScrollAreas());

  it('shows 3/5 and the labels under the title, and nothing for a task without them', async () => {
    routeFetch({ 'GET /api/tasks/all': jsonResponse(200, taskList([labelled, plain])) });
    renderWithProviders(
      <TaskList
        filters={{ search: '', productId: undefined, phase: [], status: [] }}
        viewer={member}
        onEdit={vi.fn()}
        narrowed={false}
      />,
      { route: '/tasks' },
    );
    const row = (await screen.findByText('Wire the radio')).closest('tr') as HTMLElement;
    expect(within(row).getByTitle('Checklist: 3 of 5 done')).toHaveTextContent('3/5');
    expect(within(row).getByRole('list', { name: 'Labels' })).toHaveTextContent('BugHardwareUrgent+2');
    const other = screen.getByText('Paint the hull').closest('tr') as HTMLElement;
    expect(within(other).queryByRole('list', { name: 'Labels' })).not.toBeInTheDocument();
    expect(within(other).queryByTitle(/^Checklist/)).not.toBeInTheDocument();
  });
});
