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
  // The product's workflow states (issue 29): a column each, in this order.
  const STATE = {
    pending: 'a1111111-1111-4111-8111-111111111111',
    progress: 'a2222222-2222-4222-8222-222222222222',
    review: 'a3333333-3333-4333-8333-333333333333',
    completed: 'a4444444-4444-4444-8444-444444444444',
  };
  const state = (id: string, name: string, category: string, color: string, position: number) => ({
    id,
    productId: PRODUCT_ID,
    name,
    color,
    category,
    position,
    tasks: 0,
  });
  const states = {
    data: [
      state(STATE.pending, 'Pending', 'Pending', '#64748b', 0),
      state(STATE.progress, 'In Progress', 'In Progress', '#3b82f6', 1),
      state(STATE.review, 'In review', 'In Progress', '#a855f7', 3),
      state(STATE.completed, 'Completed', 'Completed', '#22c55e', 2),
    ],
    canManage: true,
  };
  const ref = (s: (typeof states.data)[number]) => ({ id: s.id, name: s.name, color: s.color });
  const [pendingState, progressState, reviewState, completedState] = states.data.map(ref) as [
    ReturnType<typeof ref>,
    ReturnType<typeof ref>,
    ReturnType<typeof ref>,
    ReturnType<typeof ref>,
  ];
  const board = {
    product: { id: PRODUCT_ID, name: 'Apollo' },
    labels: [{ id: LABEL, name: 'Radio', color: '#00aa00' }],
    people: [{ id: ASSIGNEE_ID, name: 'Grace Hopper', avatar_url: null }],
    columns: [
      {
        status: 'Pending',
        state: pendingState,
        total: 2,
        estimateSum: 5,
        cards: [card('t-1', 'Wire the radio', '2025-03-04T10:00:00.000Z')],
        nextCursor: 'CUR',
      },
      { status: 'In Progress', state: progressState, total: 0, estimateSum: 0, cards: [], nextCursor: null },
      {
        status: 'In Progress',
        state: reviewState,
        total: 1,
        estimateSum: 0,
        cards: [card('t-5', 'Check the welds', '2025-03-02T10:00:00.000Z')],
        nextCursor: null,
      },
      { status: 'Completed', state: completedState, total: 0, estimateSum: 0, cards: [], nextCursor: null },
    ],
  };
  const statesRoute = { [`GET /api/projects/${PRODUCT_ID}/states`]: () => jsonResponse(200, states) };
  const productFilters: TaskFilterValues = { ...noFilters, productId: PRODUCT_ID };

  it('loads every state’s column in one request, then a column’s next page from the board route at its cursor', async () => {
    const fetchMock = routeFetch({
      ...statesRoute,
      [`GET /api/tasks/${PRODUCT_ID}/board`]: ({ url }) =>
        url.searchParams.get('cursor') === 'CUR'
          ? jsonResponse(200, {
              ...board,
              columns: [
                {
                  status: 'Pending',
                  state: pendingState,
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
      `?stateId=${STATE.pending}&today=${localToday()}&cursor=CUR`,
    ]);

    // A card has no description: the edit dialog gets the whole task, read first.
    await user.click(within(radio).getByRole('button', { name: 'Actions for Wire the radio' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    await waitFor(() => expect(onEdit).toHaveBeenCalledTimes(1));
    expect(onEdit.mock.calls[0]?.[0]).toMatchObject({ id: 't-1', description: 'Antenna first.' });
  });

  it('shows a column per workflow state, in order, with its name, colour and count (issue 29)', async () => {
    routeFetch({ ...statesRoute, [`GET /api/tasks/${PRODUCT_ID}/board`]: () => jsonResponse(200, board) });
    renderBoard({ filters: productFilters });
    const review = await screen.findByRole('region', { name: 'In review' });
    expect(await within(review).findByText('Check the welds')).toBeInTheDocument();
    expect(column('In review')).toHaveTextContent('1 task');
    const regions = ['Pending', 'In Progress', 'In review', 'Completed'].map((name) =>
      screen.getByRole('region', { name }),
    );
    for (const [index, region] of regions.slice(1).entries()) {
      const before = regions[index];
      if (!before) throw new Error('no column');
      expect(before.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it('asks the board with the filters, and for the columns the status filter keeps only', async () => {
    const fetchMock = routeFetch({
      ...statesRoute,
      [`GET /api/tasks/${PRODUCT_ID}/board`]: () =>
        jsonResponse(200, {
          ...board,
          columns: board.columns.slice(1).map((c) => ({ ...c, total: 0, cards: [] })),
        }),
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

  it('shows the values of the fields shown on cards: "Name: value", a person by name, at most 3 then +N (issue 29)', async () => {
    const SEVERITY = 'b1111111-1111-4111-8111-111111111111';
    const OWNER = 'b2222222-2222-4222-8222-222222222222';
    const REVIEWED = 'b3333333-3333-4333-8333-333333333333';
    const POINTS = 'b4444444-4444-4444-8444-444444444444';
    const OWNER_ID = 'c1111111-1111-4111-8111-111111111111';
    const field = (id: string, name: string, type: string, position: number, options: object[] = []) => ({
      id,
      productId: PRODUCT_ID,
      name,
      type,
      options,
      showOnCards: true,
      position,
    });
    const fields = [
      field(SEVERITY, 'Severity', 'select', 0, [{ id: 'hi', name: 'High', color: '#ef4444' }]),
      field(OWNER, 'Owner', 'person', 1),
      field(REVIEWED, 'Reviewed', 'checkbox', 2),
      field(POINTS, 'Points', 'number', 3),
    ];
    const withFields = {
      ...board,
      fields,
      people: [...board.people, { id: OWNER_ID, name: 'Mia Wong', avatar_url: null }],
      columns: board.columns.map((c, i) =>
        i === 0
          ? {
              ...c,
              nextCursor: null,
              cards: c.cards.map((one) => ({
                ...one,
                fields: { [SEVERITY]: 'hi', [OWNER]: OWNER_ID, [REVIEWED]: true, [POINTS]: 8 },
              })),
            }
          : c,
      ),
    };
    routeFetch({
      ...statesRoute,
      [`GET /api/tasks/${PRODUCT_ID}/board`]: () => jsonResponse(200, withFields),
      'GET /api/fields': () => jsonResponse(200, { data: fields }),
    });
    renderBoard({ filters: productFilters });

    const pending = await screen.findByRole('region', { name: 'Pending' });
    const radio = (await within(pending).findByText('Wire the radio')).closest('article');
    if (!radio) throw new Error('no card');
    const chips = await within(radio).findByRole('list', { name: 'Fields' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Severity: High', 'Owner: Mia Wong', 'Reviewed: Yes', '+1and 1 more']);
    expect(within(chips).getByTitle('Points: 8')).toBeInTheDocument();
  });

  it('says so with a Try again when the product’s states fail to load, then draws the board', async () => {
    let statesAnswer = jsonResponse(500, { error: 'The database is unavailable' });
    routeFetch({
      [`GET /api/projects/${PRODUCT_ID}/states`]: () => statesAnswer,
      [`GET /api/tasks/${PRODUCT_ID}/board`]: () =>
        jsonResponse(200, { ...board, columns: board.columns.map((c) => ({ ...c, nextCursor: null })) }),
    });
    const { user } = renderBoard({ filters: productFilters });

    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.queryByRole('status', { name: /Loading/ })).not.toBeInTheDocument();
    statesAnswer = jsonResponse(200, states);
    await user.click(retry);
    const pending = await screen.findByRole('region', { name: 'Pending' });
    expect(await within(pending).findByText('Wire the radio')).toBeInTheDocument();
  });
});
