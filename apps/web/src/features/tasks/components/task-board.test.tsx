import { type Role, TASK_COLUMNS, type Task } from '@shipyard/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, deferred, jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { callsTo, routeFetch } from '../../../test/route-fetch.ts';
import { layOutScrollAreas } from '../../../test/virtual-layout.ts';
import { BOARD_COLUMN_LIMIT, statusForDrop, TaskBoard } from './task-board.tsx';
import type { TaskFilterValues } from './task-search-params.ts';
import { ASSIGNEE_ID, makeTask, PRODUCT_ID, taskList } from './test-tasks.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const noFilters: TaskFilterValues = { search: '', productId: undefined, phase: [], status: [] };
const member = { id: 'u-1', role: 'member' as Role };

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
            stored = stored.map((t) => (t.id === task.id ? { ...t, status } : t));
            return jsonResponse(
              200,
              stored.find((t) => t.id === task.id),
            );
          }
          return response;
        },
      ]),
    ),
  });
}

const patches = (fetchMock: ReturnType<typeof routeFetch>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PATCH')
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body)) as unknown }));

const column = (name: string) => screen.getByRole('region', { name });

function renderBoard(viewer = member, filters = noFilters) {
  return renderWithProviders(
    <TaskBoard filters={filters} viewer={viewer} onEdit={vi.fn()} narrowed={false} />,
    { route: '/tasks?view=board' },
  );
}

// happy-dom lays nothing out, so give the board a geometry: three 280 px columns side by side,
// their scroll areas tall enough for every card, each card 80 px high in its column; the drag
// overlay starts where its card is, as in a browser.
function layOutBoard() {
  const rect = (x: number, y: number, width: number, height: number) =>
    DOMRect.fromRect({ x, y, width, height });
  const columnLeft = (columnEl: HTMLElement) =>
    TASK_COLUMNS.findIndex((c) => c.id === columnEl.dataset.column) * 300;
  const cardRect = (card: HTMLElement) => {
    const columnEl = card.closest<HTMLElement>('[data-column]');
    if (!columnEl) return rect(0, 0, 0, 0);
    return rect(columnLeft(columnEl) + 10, 50 + Number(card.dataset.index) * 90, 260, 80);
  };
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const columnEl = this.closest<HTMLElement>('[data-column]');
    if (columnEl === this) return rect(columnLeft(columnEl), 0, 280, 800);
    if (columnEl && this.hasAttribute('data-scroll-area')) return rect(columnLeft(columnEl), 40, 280, 760);
    const card = this.closest<HTMLElement>('li[data-task-id]');
    if (card) return cardRect(card);
    // The drag overlay: where the card it copies sits in its column.
    const copied = (this.querySelector<HTMLElement>('[data-card]') ?? this).dataset.card;
    const original = copied ? document.querySelector<HTMLElement>(`li[data-task-id="${copied}"]`) : null;
    return original ? cardRect(original) : rect(0, 0, 0, 0);
  });
}

async function pressKey(target: Element | Document, code: string) {
  await act(async () => {
    fireEvent.keyDown(target, { code, key: code === 'Space' ? ' ' : code });
    // The keyboard sensor listens on the window from the next tick on; let measuring settle.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** Picks up `title`'s card, presses the arrows, then drops it, all with the keyboard. */
async function dragWithKeyboard(title: string, arrows: string[]) {
  const handle = screen.getByRole('button', { name: `Move ${title}` });
  handle.focus();
  await pressKey(handle, 'Space');
  for (const arrow of arrows) await pressKey(document, arrow);
  await pressKey(document, 'Space');
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
      `?limit=${BOARD_COLUMN_LIMIT}&status=Completed`,
      `?limit=${BOARD_COLUMN_LIMIT}&status=In%20Progress`,
      `?limit=${BOARD_COLUMN_LIMIT}&status=Pending`,
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
    renderBoard(member, { ...noFilters, status: ['In Progress'] });

    expect(
      await within(await screen.findByRole('region', { name: 'In Progress' })).findByText('Test the engine'),
    );
    expect(column('Pending')).toHaveTextContent('Hidden by the status filter');
    expect(column('Pending')).toHaveTextContent('0 tasks');
    expect(
      callsTo(fetchMock, 'GET', '/api/tasks/all').map(({ url }) => url.searchParams.get('status')),
    ).toEqual(['In Progress']);
  });

  it('moves a card with the keyboard: the PATCH, the card in its new column, the focus and the toast', async () => {
    layOutBoard();
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
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Task status updated'));
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('sends nothing when a card is dropped back in its own column', async () => {
    layOutBoard();
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
    layOutBoard();
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
    renderBoard({ id: 'u-7', role: 'guest' });
    await within(await screen.findByRole('region', { name: 'Pending' })).findByText('Paint the hull');

    expect(screen.getByRole('button', { name: 'Move Wire the radio' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move Paint the hull' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move Test the engine' })).not.toBeInTheDocument();
  });

  it('says when no task matches, with the next action', async () => {
    routeFetch({ 'GET /api/tasks/all': () => jsonResponse(200, taskList([])) });
    renderWithProviders(
      <TaskBoard
        filters={noFilters}
        viewer={member}
        onEdit={vi.fn()}
        narrowed
        emptyAction={<button type="button">Clear filters</button>}
      />,
    );

    expect(await screen.findByText('No tasks found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Pending' })).not.toBeInTheDocument();
  });
});

describe('TaskBoard of one product', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    layOutScrollAreas({ viewport: 760, row: 90 });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const LABEL = '77777777-7777-4777-8777-777777777777';
  const card = (id: string, title: string, createdAt: string) => ({
    id,
    title,
    priority: 'high' as const,
    phase: null,
    dueDate: null,
    teamId: null,
    assigneeId: ASSIGNEE_ID,
    labelIds: [LABEL],
    checklist: { done: 1, total: 3 },
    createdAt,
    updatedAt: createdAt,
  });
  const board = {
    product: { id: PRODUCT_ID, name: 'Apollo' },
    labels: [{ id: LABEL, name: 'Radio', color: '#00aa00' }],
    people: [{ id: ASSIGNEE_ID, name: 'Grace Hopper', avatar_url: null }],
    columns: [
      {
        status: 'Pending',
        total: 2,
        cards: [card('t-1', 'Wire the radio', '2025-03-04T10:00:00.000Z')],
        nextCursor: 'CUR',
      },
      { status: 'In Progress', total: 0, cards: [], nextCursor: null },
      { status: 'Completed', total: 0, cards: [], nextCursor: null },
    ],
  };
  const productFilters: TaskFilterValues = { ...noFilters, productId: PRODUCT_ID };

  it('loads all three columns in one request, then a column’s next page from the column route at its cursor', async () => {
    const fetchMock = routeFetch({
      [`GET /api/tasks/${PRODUCT_ID}/board`]: () => jsonResponse(200, board),
      [`GET /api/tasks/${PRODUCT_ID}/tasks`]: () =>
        jsonResponse(200, taskList([makeTask({ id: 't-9', title: 'Paint the hull' })], { total: 2 })),
      'GET /api/tasks/t-1': () =>
        jsonResponse(200, makeTask({ id: 't-1', title: 'Wire the radio', description: 'Antenna first.' })),
    });
    const onEdit = vi.fn();
    const { user } = renderWithProviders(
      <TaskBoard filters={productFilters} viewer={member} onEdit={onEdit} narrowed={false} />,
    );

    const pending = await screen.findByRole('region', { name: 'Pending' });
    const radio = (await within(pending).findByText('Wire the radio')).closest('article');
    if (!radio) throw new Error('no card');
    expect(radio).toHaveTextContent('Radio');
    expect(radio).toHaveTextContent('Apollo');
    expect(radio).toHaveTextContent('1/3');
    expect(within(radio).getByText('Assigned to Grace Hopper')).toBeInTheDocument();
    expect(column('Pending')).toHaveTextContent('2 tasks');
    expect(callsTo(fetchMock, 'GET', `/api/tasks/${PRODUCT_ID}/board`)).toHaveLength(1);

    // The column's next page: the column route, from the board's cursor.
    expect(await within(pending).findByText('Paint the hull')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `/api/tasks/${PRODUCT_ID}/tasks`).map(({ url }) => url.search)).toEqual([
      `?limit=${BOARD_COLUMN_LIMIT}&status=Pending&cursor=CUR`,
    ]);
    expect(callsTo(fetchMock, 'GET', `/api/tasks/${PRODUCT_ID}/board`)).toHaveLength(1);

    // A card has no description: the edit dialog gets the whole task, read first.
    await user.click(within(radio).getByRole('button', { name: 'Actions for Wire the radio' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    await waitFor(() => expect(onEdit).toHaveBeenCalledTimes(1));
    expect(onEdit.mock.calls[0]?.[0]).toMatchObject({ id: 't-1', description: 'Antenna first.' });
  });

  it('asks the board with the filters, and for the columns the status filter keeps only', async () => {
    const fetchMock = routeFetch({
      [`GET /api/tasks/${PRODUCT_ID}/board`]: () =>
        jsonResponse(200, { ...board, columns: board.columns.slice(1) }),
    });
    renderWithProviders(
      <TaskBoard
        filters={{
          ...productFilters,
          search: 'radio',
          status: ['In Progress', 'Completed'],
          labelId: [LABEL],
        }}
        viewer={member}
        onEdit={vi.fn()}
        narrowed
        emptyAction={<button type="button">Clear filters</button>}
      />,
    );
    expect(await screen.findByText('No tasks found')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `/api/tasks/${PRODUCT_ID}/board`).map(({ url }) => url.search)).toEqual([
      `?search=radio&status=${encodeURIComponent('In Progress,Completed')}&labelId=${LABEL}`,
    ]);
  });
});
