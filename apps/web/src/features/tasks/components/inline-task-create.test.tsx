import type { Task } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import {
  apiError,
  callsTo,
  deferred,
  jsonResponse,
  routeFetch,
  sentJson,
} from '../../../test/fetch-stubs.ts';
import { boardColumn as column } from '../../../test/kanban.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { layOutScrollAreas } from '../../../test/virtual-layout.ts';
import { TaskList } from './task-list.tsx';
import { noFilters, taskBoard } from './test-task-board.tsx';
import {
  emptyStateColumn,
  makeTask,
  makeTaskOptions,
  PRODUCT_ID,
  productStates,
  STATE_IDS,
  taskList,
} from './test-tasks.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const LABEL = '77777777-7777-4777-8777-777777777777';
const emptyBoard = {
  product: { id: PRODUCT_ID, name: 'Apollo' },
  labels: [],
  people: [],
  columns: [emptyStateColumn('Pending'), emptyStateColumn('In Progress'), emptyStateColumn('Completed')],
};

/** A server that stores what POST /api/tasks gets, answering when `hold` lets it. */
function serve(answer: (body: Record<string, unknown>) => Response | Promise<Response>) {
  let _n = 0;
  return routeFetch({
    [`GET /api/tasks/${PRODUCT_ID}/board`]: () => jsonResponse(200, emptyBoard),
    [`GET /api/projects/${PRODUCT_ID}/states`]: () => jsonResponse(200, productStates()),
    [`GET /api/tasks/${PRODUCT_ID}/tasks`]: () => jsonResponse(200, taskList([])),
    [`GET /api/tasks/${PRODUCT_ID}/options`]: () => jsonResponse(200, makeTaskOptions()),
    [`GET /api/projects/${PRODUCT_ID}/labels`]: () =>
      jsonResponse(200, {
        data: [{ id: LABEL, name: 'Radio', color: '#00aa00', productId: PRODUCT_ID, tasks: 0 }],
        canManage: true,
      }),
    'GET /api/projects': () => jsonResponse(200, { data: [{ id: PRODUCT_ID, name: 'Apollo' }] }),
    'POST /api/tasks': ({ init }) => {
      _n += 1;
      return answer(sentJson(init) as Record<string, unknown>);
    },
    'PUT /api/tasks/00000000-0000-4000-8000-000000000001/labels': () =>
      jsonResponse(200, { taskId: 'x', labels: [{ id: LABEL, name: 'Radio', color: '#00aa00' }] }),
  });
}

const stored = (body: Record<string, unknown>, id = '00000000-0000-4000-8000-000000000001'): Task =>
  makeTask({
    id,
    title: String(body.title),
    status: body.status as Task['status'],
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  });

describe('InlineTaskCreate', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    layOutScrollAreas({ viewport: 760, row: 90 });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('creates a task with the column’s status on Enter, shows it before the answer, and keeps the focus for the next', async () => {
    const user = userEvent.setup();
    const hold = deferred<void>();
    let id = 0;
    const fetchMock = serve(async (body) => {
      await hold.promise;
      id += 1;
      return jsonResponse(201, stored(body, `00000000-0000-4000-8000-00000000000${id + 1}`));
    });
    renderWithProviders(taskBoard({ filters: { ...noFilters, productId: PRODUCT_ID } }), {
      route: '/tasks?view=board',
    });
    const inProgress = await screen.findByRole('region', { name: /In Progress/ });
    await user.click(within(inProgress).getByRole('button', { name: 'Add task to In Progress' }));
    const field = within(inProgress).getByRole('textbox', { name: 'Add task to In Progress' });
    expect(field).toHaveFocus();

    await user.type(field, 'Fit the antenna{Enter}');
    // Shown at once, before the server has answered.
    expect(within(column('In Progress')).getByText('Fit the antenna')).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    await user.type(field, 'Tune the receiver{Enter}');
    expect(within(column('In Progress')).getByText('Tune the receiver')).toBeInTheDocument();

    hold.resolve();
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/tasks')).toHaveLength(2));
    const bodies = callsTo(fetchMock, 'POST', '/api/tasks').map(({ init }) => sentJson(init));
    expect(bodies[0]).toMatchObject({
      title: 'Fit the antenna',
      status: 'In Progress',
      // The column's state (issue 29).
      stateId: STATE_IDS['In Progress'],
      projectId: PRODUCT_ID,
    });
    expect(bodies[1]).toMatchObject({ title: 'Tune the receiver', status: 'In Progress' });
    // Reconciled: the stored tasks, once each.
    await waitFor(() =>
      expect(within(column('In Progress')).getAllByText(/Fit the antenna|Tune the receiver/)).toHaveLength(2),
    );
    expect(within(column('Pending')).queryByText('Fit the antenna')).not.toBeInTheDocument();
  });

  it('takes the task out again and toasts the server’s message when the create is refused', async () => {
    const user = userEvent.setup();
    serve(() => apiError(403, 'FORBIDDEN', 'Guests cannot create tasks.'));
    renderWithProviders(taskBoard({ filters: { ...noFilters, productId: PRODUCT_ID } }), {
      route: '/tasks?view=board',
    });
    const pending = await screen.findByRole('region', { name: /Pending/ });
    await user.click(within(pending).getByRole('button', { name: 'Add task to Pending' }));
    await user.type(within(pending).getByRole('textbox'), 'Forbidden fruit{Enter}');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to create task', {
        description: 'Guests cannot create tasks.',
      }),
    );
    expect(within(column('Pending')).queryByText('Forbidden fruit')).not.toBeInTheDocument();
  });

  it('says the title is required and sends nothing for an empty line; Esc closes it', async () => {
    const user = userEvent.setup();
    const fetchMock = serve((body) => jsonResponse(201, stored(body)));
    renderWithProviders(taskBoard({ filters: { ...noFilters, productId: PRODUCT_ID } }), {
      route: '/tasks?view=board',
    });
    const pending = await screen.findByRole('region', { name: /Pending/ });
    await user.click(within(pending).getByRole('button', { name: 'Add task to Pending' }));
    await user.type(within(pending).getByRole('textbox'), '   {Enter}');
    expect(within(pending).getByText('Title is required')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(within(pending).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Add task to Pending' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/tasks')).toHaveLength(0);
  });

  it('at the end of a list, gives the new task the list’s filters: its status and label', async () => {
    const user = userEvent.setup();
    const fetchMock = serve((body) => jsonResponse(201, stored(body)));
    renderWithProviders(
      <TaskList
        place="product"
        filters={{ ...noFilters, productId: PRODUCT_ID, status: ['Completed'], labelId: [LABEL] }}
        viewer={{ id: 'u-1', role: 'member' }}
        onEdit={() => {}}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Add task' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', `/api/projects/${PRODUCT_ID}/labels`)).toHaveLength(1),
    );
    await user.type(screen.getByRole('textbox', { name: 'Add task' }), 'Ship it{Enter}');
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'PUT', '/api/tasks/00000000-0000-4000-8000-000000000001/labels'),
      ).toHaveLength(1),
    );
    const [post] = callsTo(fetchMock, 'POST', '/api/tasks');
    expect(sentJson(post?.init)).toMatchObject({
      title: 'Ship it',
      status: 'Completed',
      projectId: PRODUCT_ID,
    });
    const [put] = callsTo(fetchMock, 'PUT', '/api/tasks/00000000-0000-4000-8000-000000000001/labels');
    expect(sentJson(put?.init)).toEqual({ labelIds: [LABEL] });
  });

  it('is not offered to a guest', async () => {
    serve((body) => jsonResponse(201, stored(body)));
    renderWithProviders(
      taskBoard({ filters: { ...noFilters, productId: PRODUCT_ID }, viewer: { id: 'u-1', role: 'guest' } }),
      { route: '/tasks?view=board' },
    );
    expect(await screen.findByText('No tasks found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add task/ })).not.toBeInTheDocument();
  });
});
