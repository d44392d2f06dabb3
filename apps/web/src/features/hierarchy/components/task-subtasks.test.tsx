import type { Subtask, SubtaskList } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { TaskBreadcrumb, TaskSubtasks } from './task-subtasks.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const TASK = { id: 't-1', projectId: 'p-1', parentId: null };
const sub = (id: string, title: string, status: Subtask['status'] = 'Pending'): Subtask => ({
  id,
  key: `APO-${id}`,
  title,
  status,
  assignee: null,
});

/** A little server keeping the sub-tasks: a POST /tasks with the parent adds one. */
function serve(initial: Subtask[], parents: SubtaskList['parents'] = []) {
  let data = initial;
  return routeFetch({
    [`GET /api/tasks/${TASK.id}/subtasks`]: () => jsonResponse(200, { parents, data }),
    'POST /api/tasks': ({ init }) => {
      const body = JSON.parse(String(init?.body));
      data = [...data, sub(String(data.length + 10), body.title)];
      return jsonResponse(201, { id: 'new' });
    },
  });
}

describe('TaskSubtasks', () => {
  beforeEach(() => vi.clearAllMocks());

  it('lists the sub-tasks with their done count, and adds one with Enter keeping the focus', async () => {
    const fetchMock = serve([sub('2', 'Draft', 'Completed'), sub('3', 'Review')]);
    const { user } = renderWithProviders(<TaskSubtasks task={TASK} canEdit />);
    expect(await screen.findByRole('link', { name: 'Draft' })).toBeInTheDocument();
    expect(within(screen.getByRole('heading', { name: /Sub-tasks/ })).getByText('1/2')).toBeInTheDocument();

    const input = screen.getByRole('textbox', { name: 'Add a sub-task' });
    await user.type(input, 'Publish{Enter}');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Publish' })).toBeInTheDocument());
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    expect(JSON.parse(String(callsTo(fetchMock, 'POST', '/api/tasks')[0]?.init?.body))).toEqual({
      title: 'Publish',
      projectId: TASK.projectId,
      parentId: TASK.id,
    });
  });

  it('is read only without canEdit', async () => {
    serve([sub('2', 'Draft')]);
    renderWithProviders(<TaskSubtasks task={TASK} canEdit={false} />);
    expect(await screen.findByRole('link', { name: 'Draft' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Add a sub-task' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set parent' })).not.toBeInTheDocument();
  });

  it('links to its parents, the root first', async () => {
    serve(
      [],
      [
        { id: 'r', key: 'APO-1', title: 'Epic', status: 'Pending', projectId: 'p-1' },
        { id: 'm', key: 'APO-4', title: 'Story', status: 'Pending', projectId: 'p-1' },
      ],
    );
    renderWithProviders(<TaskBreadcrumb taskId={TASK.id} />);
    const nav = await screen.findByRole('navigation', { name: 'Parent tasks' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['APO-1 Epic', 'APO-4 Story']);
  });
});
