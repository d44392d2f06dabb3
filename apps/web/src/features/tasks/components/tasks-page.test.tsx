import type { Role, Task } from '@shipyard/shared';
import { screen, cleanup as unmountAll, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { productOptionsPage } from '../../../test/product-fixtures.ts';
import { currentLocation, renderWithProviders } from '../../../test/render.tsx';
import { layOutScrollAreas } from '../../../test/virtual-layout.ts';
import { localToday } from '../api/get-tasks.ts';
import { TasksPage } from './tasks-page.tsx';
import { makeTask, taskList } from './test-tasks.ts';

/** The product filter's options, out of alphabetical order (the filter sorts them by name). */
const productOptions = productOptionsPage({ id: 'p-2', name: 'Gemini' }, { id: 'p-1', name: 'Apollo' });

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// The dialog has its own tests; here it only shows what it was opened with.
vi.mock('./task-form-dialog.tsx', () => ({
  TaskFormDialog: ({
    open,
    task,
    products,
  }: {
    open: boolean;
    task?: Task;
    products?: ReadonlyArray<{ id: string; name: string }>;
  }) =>
    open ? (
      <div role="dialog" aria-label={task ? `Edit ${task.title}` : 'New task'}>
        {products?.map((product) => product.name).join(', ')}
      </div>
    ) : null,
}));

const radio = makeTask({ id: 't-1', title: 'Wire the radio', status: 'Pending' });

const BUG = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
const labels = {
  data: [{ id: BUG, productId: 'p-2', name: 'Bug', color: '#ef4444', tasks: 1 }],
  canManage: false,
};

function serve(tasks: Task[] = [radio]) {
  const answer = () => jsonResponse(200, taskList(tasks));
  return routeFetch({
    'GET /api/tasks/all': answer,
    'GET /api/tasks/p-2/tasks': answer,
    'GET /api/projects': jsonResponse(200, productOptions),
    'GET /api/projects/p-2/labels': jsonResponse(200, labels),
  });
}

/** The query of the latest list request, as a plain object, and the path it went to. */
const lastListRequest = (fetchMock: ReturnType<typeof routeFetch>) => {
  const calls = fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url, init }) => (init?.method ?? 'GET') === 'GET' && url.pathname.startsWith('/api/tasks/'));
  const last = calls.at(-1);
  return { path: last?.url.pathname, query: Object.fromEntries(last?.url.searchParams ?? []) };
};

function renderPage(route = '/tasks', role: Role = 'member') {
  return renderWithProviders(<TasksPage viewer={{ id: 'u-1', role }} />, { route });
}

/** Adds a filter from the "Filter" menu: its chip's editor opens. */
async function addFilter(user: ReturnType<typeof renderPage>['user'], name: string) {
  await user.click(screen.getByRole('button', { name: 'Filter' }));
  await user.click(await screen.findByRole('menuitem', { name }));
  return screen.findByRole('dialog', { name: `${name} filter` });
}

describe('TasksPage', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    layOutScrollAreas();
  });

  it('exports what the list shows as CSV: the filters of the URL, every task or one product', async () => {
    const answer = () => jsonResponse(200, taskList([radio]));
    const csv = () => new Response('\uFEFFid\r\n', { status: 200 });
    const fetchMock = routeFetch({
      'GET /api/tasks/all': answer,
      'GET /api/tasks/p-2/tasks': answer,
      'GET /api/projects': jsonResponse(200, productOptions),
      'GET /api/projects/p-2/labels': jsonResponse(200, labels),
      'GET /api/tasks/export.csv': csv,
      'GET /api/tasks/p-2/tasks.csv': csv,
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user, unmount } = renderPage('/tasks?search=radio&status=Completed&phase=testing&priority=high');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/tasks/export.csv')).toHaveLength(1));
    expect(
      Object.fromEntries(callsTo(fetchMock, 'GET', '/api/tasks/export.csv')[0]?.url.searchParams ?? []),
    ).toEqual({
      limit: '50',
      search: 'radio',
      phase: 'testing',
      status: 'Completed',
      priority: 'high',
      today: localToday(),
    });
    unmount();

    const again = renderPage(`/tasks?product=p-2&label=${BUG}`);
    await again.user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/tasks/p-2/tasks.csv')).toHaveLength(1));
    expect(callsTo(fetchMock, 'GET', '/api/tasks/p-2/tasks.csv')[0]?.url.searchParams.get('labelId')).toBe(
      BUG,
    );
  });

  it('shows the title, Add Task, the filters and the list of every task at first', async () => {
    const fetchMock = serve();
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Tasks' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Task' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search tasks' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filter' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All tasks' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('tab', { name: 'List View' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Kanban Board' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();

    expect(await screen.findByText('Wire the radio')).toBeInTheDocument();
    expect(lastListRequest(fetchMock)).toEqual({
      path: '/api/tasks/all',
      query: { limit: '100', today: localToday() },
    });
  });

  it('offers every filter in the Filter menu, and each one’s choices in its chip', async () => {
    serve();
    const { user } = renderPage();
    await screen.findByText('Wire the radio');

    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect((await screen.findAllByRole('menuitem')).map((o) => o.textContent)).toEqual([
      'Status',
      'Assignee',
      'Priority',
      'Labels',
      'Due',
      'Product',
      'Team',
      'Created by',
      'Phase',
      'Updated since',
    ]);
    await user.keyboard('{Escape}');

    const product = await addFilter(user, 'Product');
    expect(
      within(product)
        .getAllByRole('button')
        .map((o) => o.textContent),
    ).toEqual(['Apollo', 'Gemini']);
    await user.keyboard('{Escape}');
    // Picked and left empty: the chip goes.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /^Product filter/ })).not.toBeInTheDocument(),
    );

    const phase = await addFilter(user, 'Phase');
    expect(
      within(phase)
        .getAllByRole('button')
        .map((o) => o.textContent),
    ).toEqual(['Planning', 'Development', 'Testing', 'Production', 'Maintenance']);
  });

  it('sends the search once typing pauses, and keeps it in the URL', async () => {
    const fetchMock = serve();
    const { user } = renderPage();
    await screen.findByText('Wire the radio');

    await user.type(screen.getByRole('searchbox', { name: 'Search tasks' }), 'Radio');

    await waitFor(() =>
      expect(lastListRequest(fetchMock)).toEqual({
        path: '/api/tasks/all',
        query: { limit: '100', search: 'Radio', today: localToday() },
      }),
    );
    expect(currentLocation()).toBe('/tasks?search=Radio');
    // One call for the page, one for the settled text: not one per keystroke.
    expect(callsTo(fetchMock, 'GET', '/api/tasks/all')).toHaveLength(2);
  });

  it('narrows by product, phase and status, keeps them in the URL, and × removes a filter', async () => {
    const fetchMock = serve();
    const { user } = renderPage();
    await screen.findByText('Wire the radio');

    await user.click(within(await addFilter(user, 'Product')).getByRole('button', { name: 'Gemini' }));
    await user.keyboard('{Escape}');
    await user.click(within(await addFilter(user, 'Phase')).getByRole('button', { name: 'Testing' }));
    await user.keyboard('{Escape}');
    await user.click(within(await addFilter(user, 'Status')).getByRole('button', { name: 'In Progress' }));
    await user.keyboard('{Escape}');

    await waitFor(() =>
      expect(lastListRequest(fetchMock)).toEqual({
        path: '/api/tasks/p-2/tasks',
        query: { limit: '100', phase: 'testing', status: 'In Progress', today: localToday() },
      }),
    );
    expect(currentLocation()).toBe('/tasks?productId=p-2&phase=testing&status=in-progress');
    expect(screen.getByRole('button', { name: 'Product filter: Gemini' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Phase filter' }));
    await user.click(screen.getByRole('button', { name: 'Remove Product filter' }));

    await waitFor(() =>
      expect(lastListRequest(fetchMock)).toEqual({
        path: '/api/tasks/all',
        query: { limit: '100', status: 'In Progress', today: localToday() },
      }),
    );
    expect(currentLocation()).toBe('/tasks?status=in-progress');
  });

  it('starts from the filters and the tab in the URL, and clears the filters but not the tab', async () => {
    const fetchMock = serve();
    const { user } = renderPage('/tasks?search=radio&phase=testing&status=completed&view=board');

    expect(screen.getByRole('tab', { name: 'Kanban Board' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('searchbox', { name: 'Search tasks' })).toHaveValue('radio');
    expect(screen.getByRole('button', { name: 'Phase filter: Testing' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Status filter: Completed' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Completed' });
    // Only the column the status filter keeps asks the server.
    expect(callsTo(fetchMock, 'GET', '/api/tasks/all').map(({ url }) => url.search)).toEqual([
      `?limit=100&search=radio&phase=testing&status=Completed&today=${localToday()}`,
    ]);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));

    expect(currentLocation()).toBe('/tasks?view=board');
    expect(screen.getByRole('searchbox', { name: 'Search tasks' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: /^Status filter/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('switches to the board, one list per column, and keeps the tab in the URL', async () => {
    const fetchMock = serve();
    const { user } = renderPage();
    await screen.findByText('Wire the radio');

    await user.click(screen.getByRole('tab', { name: 'Kanban Board' }));

    expect(currentLocation()).toBe('/tasks?view=board');
    expect(
      within(await screen.findByRole('region', { name: 'Pending' })).getByText('Wire the radio'),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'In Progress' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Completed' })).toBeInTheDocument();
    const statuses = callsTo(fetchMock, 'GET', '/api/tasks/all').map(({ url }) =>
      url.searchParams.get('status'),
    );
    expect(statuses.sort()).toEqual([null, 'Completed', 'In Progress', 'Pending'].sort());

    await user.click(screen.getByRole('tab', { name: 'List View' }));
    expect(currentLocation()).toBe('/tasks');
  });

  it('opens the task dialog with the products to add a task, and with the task to edit it', async () => {
    serve();
    const { user } = renderPage();
    await screen.findByText('Wire the radio');

    await user.click(screen.getByRole('button', { name: 'Add Task' }));
    expect(await screen.findByRole('dialog', { name: 'New task' })).toHaveTextContent('Apollo, Gemini');

    await user.click(screen.getByRole('button', { name: 'Actions for Wire the radio' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Wire the radio' })).toBeInTheDocument();
  });

  it('shows a guest no Add Task, and an empty list with no action', async () => {
    serve([]);
    renderPage('/tasks', 'guest');

    expect(await screen.findByText('No tasks found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Task' })).not.toBeInTheDocument();
  });

  it('offers Add Task as the next step when there is no task yet', async () => {
    serve([]);
    renderPage();

    expect(await screen.findByText('No tasks found')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add Task' })).toHaveLength(2);
  });

  it('offers the chosen product’s labels by name, and still reads an older link’s label id', async () => {
    const fetchMock = serve();
    const { user } = renderPage('/tasks?product=p-2');
    await screen.findByText('Wire the radio');
    await user.click(within(await addFilter(user, 'Labels')).getByRole('button', { name: 'Bug' }));
    await waitFor(() => expect(currentLocation()).toBe('/tasks?productId=p-2&label=Bug'));
    await waitFor(() =>
      expect(lastListRequest(fetchMock)).toEqual({
        path: '/api/tasks/p-2/tasks',
        query: { limit: '100', label: 'Bug', today: localToday() },
      }),
    );
    unmountAll();

    // An older link: ?product=…&label=<the label's id> filters by that label, sent as labelId.
    renderPage(`/tasks?product=p-2&label=${BUG}`);
    await screen.findByText('Wire the radio');
    expect(lastListRequest(fetchMock)).toEqual({
      path: '/api/tasks/p-2/tasks',
      query: { limit: '100', labelId: BUG, today: localToday() },
    });
  });
});
