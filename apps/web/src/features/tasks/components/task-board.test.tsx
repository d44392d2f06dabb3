import { TASK_COLUMNS, type Task } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, deferred, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { boardColumn as column, dragWithKeyboard, layOutBoard, patches } from '../../../test/kanban.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { layOutScrollAreas } from '../../../test/virtual-layout.ts';
import { localToday } from '../api/get-tasks.ts';
import { BOARD_COLUMN_LIMIT, statusForDrop } from './task-board.tsx';
import { narrowedBoard, noFilters, taskBoard } from './test-task-board.tsx';
import { makeTask, taskList } from './test-tasks.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), undoable: vi.fn(), error: vi.fn() } }));

const renderBoard = (props: Parameters<typeof taskBoard>[0] = {}) =>
  renderWithProviders(taskBoard(props), { route: '/tasks?view=board' });

const tasks: Task[] = [
  makeTask({
    id: 't-1',
    title: 'Wire the radio',
    description: 'Antenna, then the receiver.',
    status: 'Pending',
    priority: 'high',
    dueDate: '2031-05-01',
    assigneeId: 'u-7',
    assignee: { id: 'u-7', name: 'Grace Hopper', avatar_url: null },
    createdAt: '2025-03-04T10:00:00.000Z',
  }),
  makeTask({ id: 't-2', title: 'Paint the hull', status: 'Pending', createdAt: '2025-03-03T10:00:00.000Z' }),
  makeTask({
    id: 't-3',
    title: 'Test the engine',
    status: 'In Progress',
    createdAt: '2025-03-02T10:00:00.000Z',
  }),
];

const COLUMN_IDS = TASK_COLUMNS.map((c) => c.id);

type PatchAnswer = () => Response | Promise<Response>;

/**
 * A little server: GET /api/tasks/all answers the tasks of the asked status as they stand (with
 * the totals the test gives); PATCH …/task/update answers what the test says, and a 200 changes
 * the stored status.
 */
function serve(patch: PatchAnswer = () => jsonResponse(200, {}), totals: Record<string, number> = {}) {
  let stored = tasks.map((task) => ({ ...task }));
  return routeFetch({
    'GET /api/tasks/all': ({ url }) => {
      const status = url.searchParams.get('status');
      const data = stored.filter((task) => task.status === status);
      return jsonResponse(200, taskList(data, { total: totals[status ?? ''] ?? data.length }));
    },
    ...Object.fromEntries(
      tasks.map((task) => [
        `PATCH /api/tasks/${task.id}/task/update`,
        async ({ init }: { init: RequestInit | undefined }) => {
          const response = (await patch()).clone();
          if (response.ok) {
            const { status } = JSON.parse(String(init?.body)) as { status: Task['status'] };
            const before = stored.find((t) => t.id === task.id);
            stored = stored.map((t) => (t.id === task.id ? { ...t, status } : t));
            // Where it was, as the server answers it for an Undo (issue 28).
            const previous = { status: before?.status, afterId: null, beforeId: null };
            return jsonResponse(200, { ...stored.find((t) => t.id === task.id), previous });
          }
          return response;
        },
      ]),
    ),
  });
}

describe('statusForDrop', () => {
  const task = { status: 'Pending' as const };

  it("answers the status of another column's id", () => {
    expect(statusForDrop(task, 'in progress')).toBe('In Progress');
    expect(statusForDrop(task, 'completed')).toBe('Completed');
    expect(statusForDrop({ status: 'Completed' }, 'pending')).toBe('Pending');
  });

  it('answers nothing for the same column or outside every column', () => {
    expect(statusForDrop(task, 'pending')).toBeNull();
    expect(statusForDrop(task, null)).toBeNull();
    expect(statusForDrop(task, undefined)).toBeNull();
    expect(statusForDrop(task, 't-2')).toBeNull();
  });
});

describe('TaskBoard', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    layOutScrollAreas({ viewport: 760, row: 90 });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows the three columns, each counting all of its server's matches, from its own list", async () => {
    const fetchMock = serve(undefined, { Pending: 1234 });
    renderBoard();

    expect(screen.getByRole('status')).toHaveTextContent('Loading tasks...');
    expect(await screen.findByRole('region', { name: 'Pending' })).toBeInTheDocument();

    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Pending', 'In Progress', 'Completed']);
    expect(column('Pending')).toHaveTextContent('1,234 tasks');
    expect(column('In Progress')).toHaveTextContent('1 task');
    expect(column('Completed')).toHaveTextContent('0 tasks');
    expect(column('Completed')).toHaveTextContent('No tasks');

    const queries = callsTo(fetchMock, 'GET', '/api/tasks/all').map(({ url }) => url.search);
    expect(queries.sort()).toEqual([
      `?limit=${BOARD_COLUMN_LIMIT}&status=Completed&today=${localToday()}`,
      `?limit=${BOARD_COLUMN_LIMIT}&status=In%20Progress&today=${localToday()}`,
      `?limit=${BOARD_COLUMN_LIMIT}&status=Pending&today=${localToday()}`,
    ]);
  });

  it('shows on a card its title, product, priority, assignee and due date, and no description', async () => {
    serve();
    renderBoard();

    const card = (
      await within(await screen.findByRole('region', { name: 'Pending' })).findByText('Wire the radio')
    ).closest('article');
    if (!card) throw new Error('no card');
    expect(card).not.toHaveTextContent('Antenna, then the receiver.');
    expect(card).toHaveTextContent('Apollo');
    expect(card).toHaveTextContent('High');
    expect(within(card).getByText('GH')).toBeInTheDocument();
    expect(within(card).getByText('Assigned to Grace Hopper')).toBeInTheDocument();
    expect(within(card).getByText(/2031/)).toBeInTheDocument();
  });

  it('leaves out the columns the status filter leaves out, without asking for them', async () => {
    const fetchMock = serve();
    renderBoard({ filters: { ...noFilters, status: ['In Progress'] } });

    expect(
      await within(await screen.findByRole('region', { name: 'In Progress' })).findByText('Test the engine'),
    );
    expect(column('Pending')).toHaveTextContent('Hidden by the status filter');
    expect(column('Pending')).toHaveTextContent('0 tasks');
    expect(
      callsTo(fetchMock, 'GET', '/api/tasks/all').map(({ url }) => url.searchParams.get('status')),
    ).toEqual(['In Progress']);
  });

  it('moves a card with the keyboard: the PATCH, the card in its new column, the focus and the toast with Undo', async () => {
    layOutBoard(COLUMN_IDS, 'task');
    const fetchMock = serve();
    renderBoard();
    await within(await screen.findByRole('region', { name: 'Pending' })).findByText('Wire the radio');

    await dragWithKeyboard('Wire the radio', ['ArrowRight', 'ArrowRight']);

    await waitFor(() =>
      expect(patches(fetchMock)).toEqual([
        { url: '/api/tasks/t-1/task/update', body: { status: 'Completed' } },
      ]),
    );
    expect(within(column('Completed')).getByText('Wire the radio')).toBeInTheDocument();
    expect(within(column('Pending')).queryByText('Wire the radio')).not.toBeInTheDocument();
    expect(column('Completed')).toHaveTextContent('1 task');
    expect(column('Pending')).toHaveTextContent('1 task');
    expect(screen.getByText('Wire the radio was moved to Completed.')).toBeInTheDocument();
    // The keyboard user keeps their place: the moved card's handle has the focus.
    await waitFor(() =>
      expect(within(column('Completed')).getByRole('button', { name: 'Move Wire the radio' })).toHaveFocus(),
    );
    await waitFor(() =>
      expect(toast.undoable).toHaveBeenCalledWith(
        'Task status updated',
        expect.objectContaining({ undo: expect.any(Function) }),
      ),
    );
    expect(toast.error).not.toHaveBeenCalled();

    // Undo (issue 28): the status it had, back where it was; a plain toast says so.
    const [, options] = vi.mocked(toast.undoable).mock.calls[0] ?? [];
    await options?.undo();
    expect(patches(fetchMock)).toEqual([
      { url: '/api/tasks/t-1/task/update', body: { status: 'Completed' } },
      { url: '/api/tasks/t-1/task/update', body: { status: 'Pending' } },
    ]);
    await waitFor(() => expect(within(column('Pending')).getByText('Wire the radio')).toBeInTheDocument());
    expect(within(column('Completed')).queryByText('Wire the radio')).not.toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('Task status updated');
  });

  it('sends nothing when a card is dropped back in its own column', async () => {
    layOutBoard(COLUMN_IDS, 'task');
    const fetchMock = serve();
    renderBoard();
    await within(await screen.findByRole('region', { name: 'In Progress' })).findByText('Test the engine');

    await dragWithKeyboard('Test the engine', ['ArrowRight', 'ArrowLeft']);

    expect(
      screen.getByText('Test the engine was dropped back in In Progress. Its status is unchanged.'),
    ).toBeInTheDocument();
    expect(within(column('In Progress')).getByText('Test the engine')).toBeInTheDocument();
    expect(patches(fetchMock)).toEqual([]);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('moves the card at once, then puts it back and toasts the failure when the server refuses', async () => {
    layOutBoard(COLUMN_IDS, 'task');
    const answer = deferred<Response>();
    const fetchMock = serve(() => answer.promise);
    renderBoard();
    await within(await screen.findByRole('region', { name: 'Pending' })).findByText('Paint the hull');

    await dragWithKeyboard('Paint the hull', ['ArrowRight']);

    // Optimistic: in In Progress before the server has answered.
    await waitFor(() =>
      expect(within(column('In Progress')).getByText('Paint the hull')).toBeInTheDocument(),
    );
    expect(column('In Progress')).toHaveTextContent('2 tasks');
    expect(column('Pending')).toHaveTextContent('1 task');
    expect(patches(fetchMock)).toEqual([
      { url: '/api/tasks/t-2/task/update', body: { status: 'In Progress' } },
    ]);

    answer.resolve(
      apiError(403, 'FORBIDDEN', 'Guests can only change the status of tasks assigned to them.'),
    );

    await waitFor(() => expect(within(column('Pending')).getByText('Paint the hull')).toBeInTheDocument());
    expect(within(column('In Progress')).queryByText('Paint the hull')).not.toBeInTheDocument();
    expect(column('In Progress')).toHaveTextContent('1 task');
    expect(column('Pending')).toHaveTextContent('2 tasks');
    expect(toast.error).toHaveBeenCalledWith('Failed to update task status', {
      description: 'Guests can only change the status of tasks assigned to them.',
    });
    expect(toast.success).not.toHaveBeenCalled();
    // The focus follows the card back.
    await waitFor(() =>
      expect(within(column('Pending')).getByRole('button', { name: 'Move Paint the hull' })).toHaveFocus(),
    );
  });

  it('gives a guest a handle only on the cards assigned to them', async () => {
    serve();
    renderBoard({ viewer: { id: 'u-7', role: 'guest' } });
    await within(await screen.findByRole('region', { name: 'Pending' })).findByText('Paint the hull');

    expect(screen.getByRole('button', { name: 'Move Wire the radio' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move Paint the hull' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move Test the engine' })).not.toBeInTheDocument();
  });

  it('says when no task matches, with the next action', async () => {
    routeFetch({ 'GET /api/tasks/all': () => jsonResponse(200, taskList([])) });
    renderBoard(narrowedBoard);

    expect(await screen.findByText('No tasks found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Pending' })).not.toBeInTheDocument();
  });
});
