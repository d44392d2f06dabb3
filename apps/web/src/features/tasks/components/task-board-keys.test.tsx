import { TASK_COLUMNS, type Task } from '@shipyard/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { callsTo, jsonResponse, routeFetch, sentJson } from '../../../test/fetch-stubs.ts';
import { dragWithKeyboard, layOutBoard, patches } from '../../../test/kanban.ts';
import { currentLocation, renderWithProviders } from '../../../test/render.tsx';
import { layOutScrollAreas } from '../../../test/virtual-layout.ts';
import { noFilters, taskBoard } from './test-task-board.tsx';
import { makeTask, PRODUCT_ID, taskList } from './test-tasks.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), undoable: vi.fn(), error: vi.fn() } }));

// Issue 30 on a board: j/k within a column, h/l (and the arrows) to the next column with cards,
// on from lane to lane; x, Shift+x, Ctrl+A and Esc select as in a list, and the action keys act
// on the selection in one request. A card being dragged keeps its own keys.

const card = (title: string, status: Task['status'], minute: number, priority: Task['priority'] = 'medium') =>
  makeTask({
    id: `t-${title.toLowerCase()}`,
    key: `APO-${minute}`,
    title,
    status,
    priority,
    // Newest first in a column: the smaller the minute, the higher the card.
    createdAt: new Date(Date.UTC(2025, 0, 10) - minute * 60_000).toISOString(),
  });

/** Pending: Alpha, Bravo, Charlie; In Progress: none; Completed: Delta, Echo. */
const spread = [
  card('Alpha', 'Pending', 1),
  card('Bravo', 'Pending', 2),
  card('Charlie', 'Pending', 3),
  card('Delta', 'Completed', 4),
  card('Echo', 'Completed', 5),
];

function serve(tasks: Task[], answers: Parameters<typeof routeFetch>[0] = {}) {
  return routeFetch({
    'GET /api/tasks/all': ({ url }) =>
      jsonResponse(200, taskList(tasks.filter((t) => t.status === url.searchParams.get('status')))),
    [`GET /api/projects/${PRODUCT_ID}/states`]: jsonResponse(200, { data: [], canManage: false }),
    ...answers,
  });
}

const press = (key: string, extra: Partial<KeyboardEventInit> = {}) =>
  act(() => {
    fireEvent.keyDown(document.body, { key, ...extra });
  });
const focusedTitle = () => document.querySelector('[data-focused] h3 a')?.textContent;
const cardOf = (title: string) => {
  const found = screen.getByRole('link', { name: title }).closest('article');
  if (!found) throw new Error(`no card for ${title}`);
  return found;
};

describe('a task board from the keyboard', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    layOutScrollAreas({ viewport: 760, row: 90 });
    layOutBoard(
      TASK_COLUMNS.map((c) => c.id),
      'task',
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('moves down a column with j/k, and to the nearest card of the next column with cards with h/l', async () => {
    serve(spread);
    renderWithProviders(taskBoard(), { route: '/tasks?view=board' });
    await screen.findByText('Echo');
    press('j');
    expect(focusedTitle()).toBe('Alpha');
    press('j');
    expect(focusedTitle()).toBe('Bravo');
    // In Progress has no card: l goes on to Completed, to the card beside Bravo.
    press('l');
    expect(focusedTitle()).toBe('Echo');
    press('ArrowLeft');
    expect(focusedTitle()).toBe('Bravo');
    press('ArrowDown');
    press('j');
    // The column's last card stays focused; the first column has nothing on its left.
    expect(focusedTitle()).toBe('Charlie');
    press('h');
    expect(focusedTitle()).toBe('Charlie');
    // Charlie sits lower than either card of Completed: the lowest, Echo, is the nearest.
    press('ArrowRight');
    expect(focusedTitle()).toBe('Echo');
    press('k');
    press('ArrowUp');
    expect(focusedTitle()).toBe('Delta');
    expect(cardOf('Delta')).toHaveAttribute('data-focused');
    // Enter opens the focused card's task.
    press('o');
    expect(currentLocation()).toBe('/tasks/APO-4');
  });

  it('continues past the end of a lane in the same column of the next lane that has cards', async () => {
    serve([
      card('Alpha', 'Pending', 1, 'high'),
      card('Bravo', 'In Progress', 2, 'high'),
      card('Charlie', 'Pending', 3, 'low'),
      card('Delta', 'Completed', 4, 'low'),
    ]);
    renderWithProviders(taskBoard({ filters: { ...noFilters, group: 'priority' } }), {
      route: '/tasks?view=board&group=priority',
    });
    await screen.findByText('Delta');
    expect(screen.getByRole('region', { name: 'High' })).toBeInTheDocument();
    press('j');
    expect(focusedTitle()).toBe('Alpha');
    // Past High's last Pending card: Low's first one.
    press('j');
    expect(focusedTitle()).toBe('Charlie');
    press('k');
    expect(focusedTitle()).toBe('Alpha');
    press('l');
    expect(focusedTitle()).toBe('Bravo');
    // Low has no In Progress card, and High's Completed is empty: Bravo stays.
    press('j');
    press('l');
    expect(focusedTitle()).toBe('Bravo');
  });

  it('selects cards with x, Shift+x and Ctrl+A, sets their status in one request, and clears with Esc', async () => {
    const moved = [spread[0], spread[2]].map((t) => ({ ...t, status: 'In Progress' as const }) as Task);
    const fetchMock = serve(spread, {
      'PATCH /api/tasks/bulk': jsonResponse(200, {
        tasks: moved,
        previous: moved.map((t) => ({ id: t.id, change: { status: 'Pending' } })),
      }),
    });
    renderWithProviders(taskBoard(), { route: '/tasks?view=board' });
    await screen.findByText('Echo');
    press('j');
    press('x');
    press('j');
    press('j');
    press('X', { shiftKey: true });
    const bar = screen.getByRole('region', { name: 'Selection' });
    expect(within(bar).getByText('3 selected')).toBeVisible();
    expect(cardOf('Alpha')).toHaveAttribute('data-selected');
    expect(screen.getByRole('checkbox', { name: 'Select Bravo' })).toBeChecked();
    // Every card shows its checkbox while some are selected.
    expect(screen.getByRole('checkbox', { name: 'Select Delta' })).not.toBeChecked();
    press('k');
    press('x');
    expect(within(bar).getByText('2 selected')).toBeVisible();
    expect(cardOf('Bravo')).not.toHaveAttribute('data-selected');

    press('s');
    const picker = await screen.findByRole('dialog', { name: 'Status for 2 tasks' });
    fireEvent.click(within(picker).getByText('In Progress'));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/tasks/bulk')).toHaveLength(1));
    expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/bulk')[0]?.init)).toEqual({
      ids: ['t-alpha', 't-charlie'],
      change: { status: 'In Progress' },
    });
    expect(toast.undoable).toHaveBeenCalledWith(
      'Status set to In Progress for 2 tasks',
      expect.objectContaining({ undo: expect.any(Function) }),
    );
    // The cards move to their new column at once.
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'In Progress' })).getByText('Alpha')).toBeVisible(),
    );

    // Ctrl+A: every card shown.
    press('a', { ctrlKey: true });
    expect(screen.getByText('5 selected')).toBeVisible();
    press('Escape');
    expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull();
  });

  it('takes l for the next column and Shift+L for the labels', async () => {
    serve(spread, {
      [`GET /api/projects/${PRODUCT_ID}/labels`]: jsonResponse(200, { data: [], canManage: false }),
    });
    renderWithProviders(taskBoard(), { route: '/tasks?view=board' });
    await screen.findByText('Echo');
    press('j');
    press('l');
    expect(screen.queryByRole('dialog')).toBeNull();
    press('L', { shiftKey: true });
    expect(await screen.findByRole('dialog', { name: 'Labels for 1 task' })).toBeVisible();
  });

  it('leaves the arrows to a card being dragged from the keyboard', async () => {
    const fetchMock = serve(spread, {
      'PATCH /api/tasks/t-alpha/task/update': jsonResponse(200, {
        ...spread[0],
        status: 'In Progress',
        previous: { status: 'Pending', afterId: null, beforeId: null },
      }),
    });
    renderWithProviders(taskBoard(), { route: '/tasks?view=board' });
    await screen.findByText('Echo');
    await dragWithKeyboard('Alpha', ['ArrowRight']);
    await waitFor(() => expect(patches(fetchMock)).toHaveLength(1));
    expect(patches(fetchMock)[0]?.body).toEqual({ status: 'In Progress' });
    // The arrow moved the card, not the focus ring.
    expect(focusedTitle()).toBeUndefined();
  });
});
