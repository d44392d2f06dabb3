import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { boardColumn as column } from '../../../test/kanban.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { layOutScrollAreas } from '../../../test/virtual-layout.ts';
import { localToday } from '../api/get-tasks.ts';
import type { TaskFilterValues } from './task-search-params.ts';
import { narrowedBoard, noFilters, taskBoard } from './test-task-board.tsx';
import { ASSIGNEE_ID, makeTask, PRODUCT_ID } from './test-tasks.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), undoable: vi.fn(), error: vi.fn() } }));

const renderBoard = (props: Parameters<typeof taskBoard>[0] = {}) =>
  renderWithProviders(taskBoard(props), { route: '/tasks?view=board' });

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
    key: `APO-${id.replace(/\D/g, '')}`,
    title,
    priority: 'high' as const,
    phase: null,
    dueDate: null,
    teamId: null,
    assigneeId: ASSIGNEE_ID,
    labelIds: [LABEL],
    checklist: { done: 1, total: 3 },
    subtasks: { done: 1, total: 2 },
    estimate: '3',
    blocked: false,
    blockedBy: [],
    rank: `a${id}`,
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
        estimateSum: 5,
        cards: [card('t-1', 'Wire the radio', '2025-03-04T10:00:00.000Z')],
        nextCursor: 'CUR',
      },
      { status: 'In Progress', total: 0, estimateSum: 0, cards: [], nextCursor: null },
      { status: 'Completed', total: 0, estimateSum: 0, cards: [], nextCursor: null },
    ],
  };
  const productFilters: TaskFilterValues = { ...noFilters, productId: PRODUCT_ID };

  it('loads all three columns in one request, then a column’s next page from the board route at its cursor', async () => {
    const fetchMock = routeFetch({
      [`GET /api/tasks/${PRODUCT_ID}/board`]: ({ url }) =>
        url.searchParams.get('cursor') === 'CUR'
          ? jsonResponse(200, {
              ...board,
              columns: [
                {
                  status: 'Pending',
                  total: 2,
                  cards: [card('t-9', 'Paint the hull', '2025-03-05T10:00:00.000Z')],
                  nextCursor: null,
                },
              ],
            })
          : jsonResponse(200, board),
      'GET /api/tasks/t-1': () =>
        jsonResponse(200, makeTask({ id: 't-1', title: 'Wire the radio', description: 'Antenna first.' })),
    });
    const onEdit = vi.fn();
    const { user } = renderBoard({ filters: productFilters, onEdit });

    const pending = await screen.findByRole('region', { name: 'Pending' });
    const radio = (await within(pending).findByText('Wire the radio')).closest('article');
    if (!radio) throw new Error('no card');
    expect(radio).toHaveTextContent('Radio');
    // One product's board: the card shows the task's key, not the product's name again (issue 28).
    expect(radio).not.toHaveTextContent('Apollo');
    expect(radio).toHaveTextContent('APO-1');
    expect(radio).toHaveTextContent('1/3');
    // Issue 29: its sub-tasks "1/2" and estimate, and the column's estimates summed.
    expect(within(radio).getByTitle('Sub-tasks: 1 of 2 done')).toHaveTextContent('1/2');
    expect(within(radio).getByTitle('Estimate: 3')).toBeInTheDocument();
    expect(within(radio).queryByRole('button', { name: /Blocked/ })).not.toBeInTheDocument();
    expect(column('Pending')).toHaveTextContent('2 tasks');
    expect(within(column('Pending')).getByTitle('Estimates: 5 in all')).toBeInTheDocument();
    // The column's next page: the board route for that column, from the board's cursor, in
    // the same manual order (issue 28).
    expect(await within(pending).findByText('Paint the hull')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `/api/tasks/${PRODUCT_ID}/board`).map(({ url }) => url.search)).toEqual([
      `?today=${localToday()}`,
      `?status=Pending&today=${localToday()}&cursor=CUR`,
    ]);

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
    renderBoard({
      ...narrowedBoard,
      filters: { ...productFilters, search: 'radio', status: ['In Progress', 'Completed'], labelId: [LABEL] },
    });
    expect(await screen.findByText('No tasks found')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `/api/tasks/${PRODUCT_ID}/board`).map(({ url }) => url.search)).toEqual([
      `?search=radio&status=${encodeURIComponent('In Progress,Completed')}&labelId=${LABEL}&today=${localToday()}`,
    ]);
  });
});
