import type { Role, Task } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, deferred, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { menuItemNames, openSubmenu } from '../../../test/menu.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ProductTasksTab } from './product-tasks-tab.tsx';
import { ASSIGNEE_ID, makeTask, makeTaskOptions, PRODUCT_ID, TEAM_ID, taskList } from './test-tasks.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), undoable: vi.fn(), error: vi.fn() } }));

const LIST_PATH = `/api/tasks/${PRODUCT_ID}/tasks`;
const LIST = `GET ${LIST_PATH}`;
const OPTIONS = `GET /api/tasks/${PRODUCT_ID}/options`;

const design = makeTask({
  id: 't-1',
  title: 'Design the onboarding flow',
  description: 'Three screens, then the first product.',
  status: 'Pending',
  priority: 'high',
  teamId: TEAM_ID,
  team: { id: TEAM_ID, name: 'Design' },
  assigneeId: ASSIGNEE_ID,
  assignee: { id: ASSIGNEE_ID, name: 'Grace Hopper', avatar_url: null },
  dueDate: '2025-06-30',
  createdAt: '2025-03-03T10:00:00.000Z',
});
const api = makeTask({
  id: 't-2',
  title: 'Write the API',
  description: '',
  status: 'In Progress',
  priority: 'critical',
  createdAt: '2025-03-02T10:00:00.000Z',
});
const docs = makeTask({
  id: 't-3',
  title: 'Publish the docs',
  status: 'Completed',
  priority: 'low',
  createdAt: '2025-03-01T10:00:00.000Z',
});

/** The product's tasks endpoint, filtering by the status parameter like the server does. */
function listAnswer(tasks: Task[]) {
  return ({ url }: { url: URL }) => {
    const status = url.searchParams.get('status');
    const limit = Number(url.searchParams.get('limit'));
    const matching = tasks.filter((task) => !status || status.split(',').includes(task.status));
    return jsonResponse(200, taskList(matching.slice(0, limit), { total: matching.length }));
  };
}

/** The list calls of the main list (the counts ask for one row each). */
function listCalls(fetchMock: ReturnType<typeof routeFetch>) {
  return callsTo(fetchMock, 'GET', LIST_PATH).filter(({ url }) => url.searchParams.get('limit') === '100');
}

function renderTab({ role = 'member' as Role, viewerId = 'u-1' } = {}) {
  return renderWithProviders(<ProductTasksTab productId={PRODUCT_ID} viewer={{ id: viewerId, role }} />);
}

const row = (title: string) => screen.getByRole('article', { name: title });

describe('ProductTasksTab', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('shows a skeleton while the tasks load', () => {
    const pending = deferred<Response>();
    routeFetch({ [LIST]: () => pending.promise });
    renderTab();

    expect(screen.getByRole('status')).toHaveTextContent('Loading tasks');
    expect(document.querySelector('[data-slot="skeleton"]')).not.toBeNull();
  });

  it("shows the heading, 'Create Task', the status filters with their counts, and the rows", async () => {
    routeFetch({ [LIST]: listAnswer([design, api, docs]) });
    renderTab();

    expect(screen.getByRole('heading', { name: 'Tasks' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Task' })).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab');
    // The spec's labels at every width (no shorter one for phones).
    for (const tab of tabs) expect(tab.querySelector('.sm\\:hidden')).toBeNull();
    expect(tabs.map((tab) => tab.firstChild?.textContent)).toEqual([
      'All Tasks',
      'Pending',
      'In Progress',
      'Completed',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    await waitFor(() =>
      expect(tabs.map((tab) => tab.querySelector('[data-slot="status-count"]')?.textContent)).toEqual([
        '3',
        '1',
        '1',
        '1',
      ]),
    );

    const first = await screen.findByRole('article', { name: 'Design the onboarding flow' });
    expect(within(first).getByText('Three screens, then the first product.')).toBeInTheDocument();
    expect(within(first).getByText('Pending')).toBeInTheDocument();
    expect(within(first).getByText('High')).toBeInTheDocument();
    expect(within(first).getByText('Design Team')).toBeInTheDocument();
    expect(within(first).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(first).getByText(formatDate('2025-06-30'))).toBeInTheDocument();

    const second = row('Write the API');
    expect(within(second).getByText('In Progress')).toBeInTheDocument();
    expect(within(second).getByText('Critical')).toBeInTheDocument();
    expect(within(second).getByText('No team')).toBeInTheDocument();
    expect(within(second).getByText('Unassigned')).toBeInTheDocument();
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Design the onboarding flow',
      'Write the API',
      'Publish the docs',
    ]);
  });

  it('asks the server for the chosen status only', async () => {
    const fetchMock = routeFetch({ [LIST]: listAnswer([design, api, docs]) });
    const { user } = renderTab();
    await screen.findByRole('article', { name: 'Write the API' });

    await user.click(screen.getByRole('tab', { name: /In Progress/ }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Publish the docs' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Write the API' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /In Progress/ })).toHaveAttribute('aria-selected', 'true');
    const statuses = listCalls(fetchMock).map(({ url }) => url.searchParams.get('status'));
    expect(statuses).toEqual([null, 'In Progress']);
  });

  it("says 'No tasks found for this status.' with a way to create one", async () => {
    routeFetch({ [LIST]: listAnswer([api]) });
    const { user } = renderTab();
    await screen.findByRole('article', { name: 'Write the API' });

    await user.click(screen.getByRole('tab', { name: /Completed/ }));

    expect(await screen.findByText('No tasks found for this status.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Create Task' })).toHaveLength(2);
  });

  it('shows the error with a way to try again', async () => {
    routeFetch({ [LIST]: apiError(500, 'INTERNAL', 'Database unavailable') });
    renderTab();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load tasks');
    expect(alert).toHaveTextContent('Database unavailable');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('hides creating and editing from a guest, who moves only the tasks assigned to them', async () => {
    routeFetch({ [LIST]: listAnswer([design, api]) });
    const { user } = renderTab({ role: 'guest', viewerId: ASSIGNEE_ID });
    await screen.findByRole('article', { name: 'Write the API' });

    expect(screen.queryByRole('button', { name: 'Create Task' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions for Write the API' }));
    // Someone else's task: only copying its link, key or branch name (issues 28, 30).
    expect(menuItemNames()).toEqual(['Copy']);
    await openSubmenu(user, 'Copy');
    expect(within(screen.getByRole('menu', { name: 'Copy' })).getAllByRole('menuitem')).toHaveLength(3);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions for Design the onboarding flow' }));
    expect(menuItemNames()).toEqual(['Mark as Pending', 'Mark as In Progress', 'Mark as Completed', 'Copy']);
  });

  it('moves a task at once, then toasts the new status', async () => {
    const answer = deferred<Response>();
    const fetchMock = routeFetch({
      [LIST]: listAnswer([design, api]),
      'PATCH /api/tasks/t-1/task/update': () => answer.promise,
    });
    const { user } = renderTab();
    await screen.findByRole('article', { name: 'Design the onboarding flow' });
    await user.click(screen.getByRole('tab', { name: /Pending/ }));
    await screen.findByRole('article', { name: 'Design the onboarding flow' });
    await waitFor(() =>
      expect(
        screen.getByRole('tab', { name: /Completed/ }).querySelector('[data-slot="status-count"]'),
      ).toHaveTextContent('0'),
    );

    await user.click(screen.getByRole('button', { name: 'Actions for Design the onboarding flow' }));
    await user.click(screen.getByRole('menuitem', { name: 'Mark as Completed' }));

    // Optimistic: it leaves the Pending list and the counts move before the server answers.
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Design the onboarding flow' })).toBeNull(),
    );
    expect(screen.getByText('No tasks found for this status.')).toBeInTheDocument();
    expect(
      screen.getByRole('tab', { name: /Completed/ }).querySelector('[data-slot="status-count"]'),
    ).toHaveTextContent('1');
    const [patch] = callsTo(fetchMock, 'PATCH', '/api/tasks/t-1/task/update');
    expect(JSON.parse(String(patch?.init?.body))).toEqual({ status: 'Completed' });
    expect(toast.success).not.toHaveBeenCalled();

    const previous = { status: 'Pending', afterId: null, beforeId: null };
    answer.resolve(
      jsonResponse(200, {
        ...design,
        status: 'Completed',
        completedAt: '2025-03-05T10:00:00.000Z',
        previous,
      }),
    );

    await waitFor(() =>
      expect(toast.undoable).toHaveBeenCalledWith('Task updated', {
        description: 'Task status changed to Completed.',
        undo: expect.any(Function),
        undoFailed: 'Failed to update task',
      }),
    );
  });

  it("puts the task back and toasts 'Failed to update task' when the move is refused", async () => {
    const answer = deferred<Response>();
    routeFetch({
      [LIST]: listAnswer([design, api]),
      'PATCH /api/tasks/t-2/task/update': () => answer.promise,
    });
    const { user } = renderTab();
    const before = await screen.findByRole('article', { name: 'Write the API' });
    expect(within(before).getByText('In Progress')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Actions for Write the API' }));
    await user.click(screen.getByRole('menuitem', { name: 'Mark as Pending' }));

    await waitFor(() => expect(within(row('Write the API')).getByText('Pending')).toBeInTheDocument());

    answer.resolve(
      apiError(403, 'FORBIDDEN', 'Guests can only change the status of tasks assigned to them.'),
    );

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to update task', {
        description: 'Guests can only change the status of tasks assigned to them.',
      }),
    );
    await waitFor(() => expect(within(row('Write the API')).getByText('In Progress')).toBeInTheDocument());
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('keeps every count true when a task moves, though the count lists hold one row each', async () => {
    routeFetch({
      [LIST]: listAnswer([design, api, docs]),
      'PATCH /api/tasks/t-2/task/update': jsonResponse(200, {
        ...api,
        status: 'Completed',
        previous: { status: api.status, afterId: null, beforeId: null },
      }),
    });
    const { user } = renderTab();
    await screen.findByRole('article', { name: 'Write the API' });
    const counts = () =>
      screen.getAllByRole('tab').map((tab) => tab.querySelector('[data-slot="status-count"]')?.textContent);
    await waitFor(() => expect(counts()).toEqual(['3', '1', '1', '1']));

    await user.click(screen.getByRole('button', { name: 'Actions for Write the API' }));
    await user.click(screen.getByRole('menuitem', { name: 'Mark as Completed' }));

    await waitFor(() => expect(toast.undoable).toHaveBeenCalled());
    expect(counts()).toEqual(['3', '1', '0', '2']);
  });

  it('opens the task dialog to create a task of this product', async () => {
    routeFetch({ [LIST]: listAnswer([design]), [OPTIONS]: jsonResponse(200, makeTaskOptions()) });
    const { user } = renderTab();
    await screen.findByRole('article', { name: 'Design the onboarding flow' });

    await user.click(screen.getByRole('button', { name: 'Create Task' }));

    const dialog = await screen.findByRole('dialog', { name: 'Create New Task' });
    expect(within(dialog).queryByRole('combobox', { name: 'Product' })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Title')).toHaveValue('');
  });

  it('opens the task dialog filled with the task from Edit', async () => {
    routeFetch({ [LIST]: listAnswer([design]), [OPTIONS]: jsonResponse(200, makeTaskOptions()) });
    const { user } = renderTab();
    await screen.findByRole('article', { name: 'Design the onboarding flow' });

    await user.click(screen.getByRole('button', { name: 'Actions for Design the onboarding flow' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));

    const dialog = await screen.findByRole('dialog', { name: 'Edit Task' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Design the onboarding flow');
  });

  it('loads the next page as the end of the list comes near', async () => {
    const fetchMock = routeFetch({
      [LIST]: ({ url }) => {
        if (url.searchParams.get('limit') === '1') return jsonResponse(200, taskList([design], { total: 3 }));
        return url.searchParams.get('cursor') === 'c-2'
          ? jsonResponse(200, taskList([docs], { total: 3 }))
          : jsonResponse(200, taskList([design, api], { total: 3, nextCursor: 'c-2' }));
      },
    });
    renderTab();

    expect(await screen.findByRole('article', { name: 'Publish the docs' })).toBeInTheDocument();
    expect(listCalls(fetchMock).map(({ url }) => url.searchParams.get('cursor'))).toEqual([null, 'c-2']);
    expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-setsize'))).toEqual([
      '3',
      '3',
      '3',
    ]);
  });

  it('shows a past due date in red with Overdue, as /tasks and the board do, and descriptions as plain text (issue 28)', async () => {
    const marked = makeTask({
      id: 't-9',
      title: 'Ship the fix',
      description: 'Ask **[@Grace Hopper](user:55555555-5555-4555-8555-555555555555)** first',
      status: 'Pending',
      dueDate: '2020-01-15',
    });
    const done = makeTask({ id: 't-8', title: 'Done long ago', status: 'Completed', dueDate: '2020-01-15' });
    routeFetch({ [LIST]: listAnswer([marked, done]), [OPTIONS]: jsonResponse(200, makeTaskOptions()) });
    renderTab();

    const late = await screen.findByRole('article', { name: 'Ship the fix' });
    expect(late.querySelector('[data-overdue]')).toHaveTextContent('Overdue');
    expect(late).toHaveTextContent('Ask @Grace Hopper first');
    expect(late.textContent).not.toMatch(/\*|user:/);
    expect(row('Done long ago').querySelector('[data-overdue]')).toBeNull();
  });
});
