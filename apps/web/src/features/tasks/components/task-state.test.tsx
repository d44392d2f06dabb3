import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, routeFetch, sentJson } from '../../../test/fetch-stubs.ts';
import { openSubmenu } from '../../../test/menu.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { layOutScrollAreas } from '../../../test/virtual-layout.ts';
import { TaskList } from './task-list.tsx';
import { noFilters, taskBoard } from './test-task-board.tsx';
import { makeTask, OTHER_PRODUCT_ID, PRODUCT_ID, productStates, STATE_IDS, taskList } from './test-tasks.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), undoable: vi.fn(), error: vi.fn() } }));

// Issue 29: rows and cards name a task's own workflow state ("In review", its colour) where the
// spec's badge says its status; the three first states and a task without a state keep the spec's text.

const REVIEW = 'a5555555-5555-4555-8555-555555555555';
const member = { id: 'u-1', role: 'member' as const };

const withReview = {
  ...productStates(),
  data: [
    ...productStates().data,
    {
      id: REVIEW,
      productId: PRODUCT_ID,
      name: 'In review',
      color: '#a855f7',
      category: 'In Progress' as const,
      position: 3,
      tasks: 1,
    },
  ],
};

const inReview = makeTask({ id: 't-1', title: 'Check the welds', status: 'In Progress', stateId: REVIEW });
const started = makeTask({
  id: 't-2',
  title: 'Paint the hull',
  status: 'In Progress',
  stateId: STATE_IDS['In Progress'],
});
const elsewhere = makeTask({
  id: 't-3',
  title: 'Test the engine',
  status: 'Completed',
  stateId: null,
  projectId: OTHER_PRODUCT_ID,
  project: { id: OTHER_PRODUCT_ID, name: 'Gemini' },
});

function serve(tasks = [inReview, started, elsewhere]) {
  return routeFetch({
    'GET /api/tasks/all': ({ url }) => {
      const status = url.searchParams.get('status');
      return jsonResponse(200, taskList(status ? tasks.filter((t) => t.status === status) : tasks));
    },
    [`GET /api/projects/${PRODUCT_ID}/states`]: jsonResponse(200, withReview),
    [`GET /api/projects/${OTHER_PRODUCT_ID}/states`]: jsonResponse(200, productStates(OTHER_PRODUCT_ID)),
    [`PATCH /api/tasks/${started.id}/task/update`]: jsonResponse(200, {
      ...started,
      stateId: REVIEW,
      previous: { status: 'In Progress', stateId: STATE_IDS['In Progress'], afterId: null, beforeId: null },
    }),
  });
}

const rowOf = (title: string) => {
  const found = screen.getByText(title).closest('tr');
  if (!found) throw new Error(`no row for ${title}`);
  return found;
};

describe('a task’s workflow state in rows and cards', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows a row’s own state by name and colour, the spec’s status otherwise, asking once a product', async () => {
    layOutScrollAreas();
    const fetchMock = serve();
    renderWithProviders(<TaskList filters={noFilters} viewer={member} onEdit={() => {}} />, {
      route: '/tasks',
    });

    await screen.findByText('Check the welds');
    const review = await waitFor(() => {
      const badge = within(rowOf('Check the welds')).getByText('In review');
      return badge.closest('[data-slot="task-status-badge"]');
    });
    expect(review).toHaveAttribute('title', 'In review (In Progress)');
    expect(review?.querySelector('[aria-hidden="true"]')).toHaveStyle({ backgroundColor: '#a855f7' });
    expect(within(rowOf('Check the welds')).queryByText('In Progress')).not.toBeInTheDocument();
    // The first "In Progress" state and a task without a state: the spec's badge and text.
    expect(within(rowOf('Paint the hull')).getByText('In Progress')).toBeInTheDocument();
    expect(within(rowOf('Test the engine')).getByText('Completed')).toBeInTheDocument();
    // One request for each product shown, whatever the number of its rows.
    expect(callsTo(fetchMock, 'GET', `/api/projects/${PRODUCT_ID}/states`)).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET', `/api/projects/${OTHER_PRODUCT_ID}/states`)).toHaveLength(1);
  });

  it('offers the product’s own states in a row’s menu beside the spec’s three, and moves the task to one', async () => {
    layOutScrollAreas();
    const fetchMock = serve();
    const { user } = renderWithProviders(<TaskList filters={noFilters} viewer={member} onEdit={() => {}} />, {
      route: '/tasks',
    });
    await waitFor(() => expect(within(rowOf('Paint the hull')).getByText('In Progress')).toBeInTheDocument());
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', `/api/projects/${PRODUCT_ID}/states`)).toHaveLength(1),
    );

    await user.click(screen.getByRole('button', { name: 'Actions for Paint the hull' }));
    // The spec's three at the top level (§2.11), the product's own one level down.
    expect(
      screen
        .getAllByRole('menuitem')
        .map((item) => item.textContent)
        .filter((name) => name?.startsWith('Mark as') || name === 'Other states'),
    ).toEqual(['Mark as Pending', 'Mark as In Progress', 'Mark as Completed', 'Other states']);
    await openSubmenu(user, 'Other states');
    expect(
      within(screen.getByRole('menu', { name: 'Other states' }))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Mark as In review']);
    await user.click(screen.getByRole('menuitem', { name: 'Mark as In review' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH', `/api/tasks/${started.id}/task/update`)).toHaveLength(1),
    );
    expect(sentJson(callsTo(fetchMock, 'PATCH', `/api/tasks/${started.id}/task/update`)[0]?.init)).toEqual({
      status: 'In Progress',
      stateId: REVIEW,
    });

    // A task already in it: the item is there, disabled; another product's row has none.
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions for Check the welds' }));
    await openSubmenu(user, 'Other states');
    expect(screen.getByRole('menuitem', { name: 'Mark as In review' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions for Test the engine' }));
    expect(screen.getByRole('menuitem', { name: 'Mark as Completed' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Other states' })).not.toBeInTheDocument();
  });

  it('shows the state on a card of the board across products', async () => {
    layOutScrollAreas();
    serve();
    renderWithProviders(taskBoard(), { route: '/tasks?view=board' });

    const column = await screen.findByRole('region', { name: 'In Progress' });
    const card = (await within(column).findByText('Check the welds')).closest('article');
    if (!card) throw new Error('no card');
    const mark = await within(card).findByText('In review');
    expect(mark.closest('[data-slot="task-state"]')).toHaveAttribute('title', 'In review (In Progress)');
    // A card in one of the three first states names no state: its column says it.
    const other = within(column).getByText('Paint the hull').closest('article');
    expect(other?.querySelector('[data-slot="task-state"]')).toBeNull();
  });
});
