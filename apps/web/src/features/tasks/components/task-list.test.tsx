import type { Role } from '@shipyard/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, deferred, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { currentLocation, renderWithProviders } from '../../../test/render.tsx';
import { layOutScrollAreas } from '../../../test/virtual-layout.ts';
import { localToday } from '../api/get-tasks.ts';
import { LIST_LIMIT, TaskList } from './task-list.tsx';
import type { TaskFilterValues } from './task-search-params.ts';
import { ASSIGNEE_ID, makeTask, TEAM_ID, taskList } from './test-tasks.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), undoable: vi.fn(), error: vi.fn() } }));

const noFilters: TaskFilterValues = { search: '', productId: undefined, phase: [], status: [] };
const member = { id: 'u-1', role: 'member' as Role };

const radio = makeTask({
  id: 't-1',
  title: 'Wire the radio',
  description: 'Antenna, then the receiver.',
  status: 'In Progress',
  priority: 'high',
  phase: 'testing',
  team: { id: TEAM_ID, name: 'Design' },
  teamId: TEAM_ID,
  assignee: { id: ASSIGNEE_ID, name: 'Grace Hopper', avatar_url: null },
  assigneeId: ASSIGNEE_ID,
  dueDate: '2020-01-15',
  project: { id: 'p-1', name: 'Apollo' },
  number: 12,
  key: 'APO-12',
});
const hull = makeTask({
  id: 't-2',
  title: 'Paint the hull',
  description: '',
  status: 'Completed',
  priority: 'low',
  dueDate: '2020-01-15',
  project: { id: 'p-2', name: 'Gemini' },
  createdAt: '2025-02-01T10:00:00.000Z',
});

const row = (title: string) => {
  const found = screen.getByText(title).closest('tr');
  if (!found) throw new Error(`no row for ${title}`);
  return found;
};

function renderList(viewer = member, props: Partial<Parameters<typeof TaskList>[0]> = {}) {
  const onEdit = vi.fn();
  const result = renderWithProviders(
    <TaskList filters={noFilters} viewer={viewer} onEdit={onEdit} narrowed={false} {...props} />,
    { route: '/tasks' },
  );
  return { ...result, onEdit };
}

/** A full first page of tasks, newest first, and the one task of the second page. */
const page1 = Array.from({ length: LIST_LIMIT }, (_, i) =>
  makeTask({
    id: `a-${i}`,
    title: `Task ${i}`,
    createdAt: new Date(Date.UTC(2025, 0, 1) - i * 60_000).toISOString(),
  }),
);
const page2 = [makeTask({ id: 'b-0', title: 'The last task', createdAt: '2024-01-01T00:00:00.000Z' })];

describe('TaskList', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    layOutScrollAreas({ viewport: 600, row: 60 });
  });

  it('shows every field of a task on its row, and how many tasks match in all', async () => {
    const fetchMock = routeFetch({
      'GET /api/tasks/all': jsonResponse(200, taskList([radio, hull], { total: 2345 })),
    });
    renderList();

    expect(screen.getByRole('status')).toHaveTextContent('Loading tasks...');
    expect(await screen.findByText('2,345 tasks')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/tasks/all')[0]?.url.search).toBe(
      `?limit=${LIST_LIMIT}&today=${localToday()}`,
    );

    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Task',
      'Product',
      'Status',
      'Priority',
      'Phase',
      'Team',
      'Assignee',
      'Due date',
      'Actions',
    ]);

    const first = row('Wire the radio');
    // Its key before its title (issue 28).
    expect(first).toHaveTextContent(/^APO-12Wire the radio/);
    // The description preview is off unless the display asks for it (issue 28).
    expect(first).not.toHaveTextContent('Antenna, then the receiver.');
    expect(first).toHaveTextContent('Apollo');
    expect(within(first).getByText('In Progress')).toBeInTheDocument();
    expect(within(first).getByText('High')).toBeInTheDocument();
    expect(first).toHaveTextContent('Testing');
    expect(first).toHaveTextContent('Design Team');
    expect(first).toHaveTextContent('Grace Hopper');
    expect(within(first).getByText(formatDate('2020-01-15'))).toBeInTheDocument();
    // Past its due date and not completed: highlighted.
    expect(first.querySelector('[data-overdue]')).toHaveTextContent('Overdue');
    expect(within(first).getByRole('button', { name: 'Actions for Wire the radio' })).toBeInTheDocument();

    const second = row('Paint the hull');
    expect(second).toHaveTextContent('Gemini');
    expect(within(second).getByText('Completed')).toBeInTheDocument();
    expect(within(second).getByText('Low')).toBeInTheDocument();
    expect(second).toHaveTextContent('No team');
    expect(second).toHaveTextContent('Unassigned');
    expect(second).toHaveTextContent('—');
    // Completed: a past due date is no longer overdue.
    expect(second.querySelector('[data-overdue]')).toBeNull();
  });

  it('opens the task’s page from its title (Edit stays in the row menu)', async () => {
    routeFetch({ 'GET /api/tasks/all': jsonResponse(200, taskList([radio])) });
    const { user, onEdit } = renderList();

    await user.click(await screen.findByRole('link', { name: 'Wire the radio' }));

    expect(currentLocation()).toBe('/tasks/t-1');
    expect(onEdit).not.toHaveBeenCalled();
  });

  it('changes the status from the row menu, at once, and says so', async () => {
    const answer = deferred<Response>();
    const fetchMock = routeFetch({
      'GET /api/tasks/all': jsonResponse(200, taskList([radio, hull])),
      'PATCH /api/tasks/t-1/task/update': () => answer.promise,
    });
    const { user } = renderList();

    await user.click(await screen.findByRole('button', { name: 'Actions for Wire the radio' }));
    await user.click(screen.getByRole('menuitem', { name: 'Mark as Completed' }));

    await waitFor(() => expect(within(row('Wire the radio')).getByText('Completed')).toBeInTheDocument());
    const [patch] = callsTo(fetchMock, 'PATCH', '/api/tasks/t-1/task/update');
    expect(JSON.parse(String(patch?.init?.body))).toEqual({ status: 'Completed' });

    const previous = { status: 'Pending', afterId: null, beforeId: null };
    answer.resolve(
      jsonResponse(200, { ...radio, status: 'Completed', completedAt: '2025-03-05T10:00:00.000Z', previous }),
    );

    await waitFor(() =>
      expect(toast.undoable).toHaveBeenCalledWith(
        'Task status updated',
        expect.objectContaining({ undo: expect.any(Function), undoFailed: 'Failed to update task status' }),
      ),
    );
    expect(within(row('Wire the radio')).getByText('Completed')).toBeInTheDocument();
    expect(row('Wire the radio').querySelector('[data-overdue]')).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("puts the status back and toasts the failure with the server's message", async () => {
    routeFetch({
      'GET /api/tasks/all': jsonResponse(200, taskList([radio])),
      'PATCH /api/tasks/t-1/task/update': apiError(404, 'NOT_FOUND', 'Task not found'),
    });
    const { user } = renderList();

    await user.click(await screen.findByRole('button', { name: 'Actions for Wire the radio' }));
    await user.click(screen.getByRole('menuitem', { name: 'Mark as Pending' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to update task status', {
        description: 'Task not found',
      }),
    );
    expect(within(row('Wire the radio')).getByText('In Progress')).toBeInTheDocument();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('asks for the next page only as the end of the loaded rows comes near', async () => {
    const fetchMock = routeFetch({
      'GET /api/tasks/all': ({ url }) =>
        jsonResponse(
          200,
          url.searchParams.get('cursor') === 'c-2'
            ? taskList(page2, { total: 101 })
            : taskList(page1, { total: 101, nextCursor: 'c-2' }),
        ),
    });
    renderList();
    await screen.findByText('Task 0');

    // 600 px of 60 px rows: the first ten and a few more are rendered, not all hundred.
    expect(screen.queryByText('Task 60')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/tasks/all')).toHaveLength(1);

    const area = document.querySelector<HTMLElement>('[data-scroll-area]');
    if (!area) throw new Error('no scroll area');
    await act(async () => {
      area.scrollTop = 60 * 85;
      fireEvent.scroll(area);
    });

    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/tasks/all')).toHaveLength(2));
    expect(callsTo(fetchMock, 'GET', '/api/tasks/all')[1]?.url.searchParams.get('cursor')).toBe('c-2');
    expect(await screen.findByText('101 tasks')).toBeInTheDocument();
  });

  it('says when the next page could not be loaded, and asks again only from Try again', async () => {
    let fail = true;
    const fetchMock = routeFetch({
      'GET /api/tasks/all': ({ url }) => {
        if (url.searchParams.get('cursor') !== 'c-2') {
          return jsonResponse(200, taskList(page1, { total: 101, nextCursor: 'c-2' }));
        }
        return fail
          ? apiError(429, 'RATE_LIMITED', 'Too many requests.')
          : jsonResponse(200, taskList(page2, { total: 101 }));
      },
    });
    const { user } = renderList();
    await screen.findByText('Task 0');

    const area = document.querySelector<HTMLElement>('[data-scroll-area]');
    if (!area) throw new Error('no scroll area');
    await act(async () => {
      area.scrollTop = 60 * 95;
      fireEvent.scroll(area);
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load more tasks.');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(fetchMock, 'GET', '/api/tasks/all')).toHaveLength(2);

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The last task')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/tasks/all')).toHaveLength(3);
  });

  it('says when the tasks could not be loaded, and tries again', async () => {
    let fail = true;
    routeFetch({
      'GET /api/tasks/all': () =>
        fail
          ? apiError(500, 'INTERNAL', 'An error occurred on the server.')
          : jsonResponse(200, taskList([radio])),
    });
    const { user } = renderList();

    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred on the server.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Wire the radio')).toBeInTheDocument();
  });

  it('says when nothing matches, with the next action', async () => {
    routeFetch({ 'GET /api/tasks/all': jsonResponse(200, taskList([])) });
    renderList(member, { narrowed: true, emptyAction: <button type="button">Clear filters</button> });

    expect(await screen.findByText('No tasks found')).toBeInTheDocument();
    expect(screen.getByText('No task matches this search and these filters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
  });
});
