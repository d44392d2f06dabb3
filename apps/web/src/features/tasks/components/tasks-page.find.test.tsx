import type { Task } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { productOptionsPage } from '../../../test/product-fixtures.ts';
import { currentLocation, renderWithProviders } from '../../../test/render.tsx';
import { layOutScrollAreas } from '../../../test/virtual-layout.ts';
import { localToday } from '../api/get-tasks.ts';
import { TasksPage } from './tasks-page.tsx';
import { ASSIGNEE_ID, makeTask, taskList } from './test-tasks.ts';

// Issue 28 on /tasks: presets, filter chips in the URL, sort and group, display options.

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const grace = { id: ASSIGNEE_ID, name: 'Grace Hopper', avatar_url: null };
const radio = makeTask({
  id: 't-1',
  title: 'Wire the radio',
  description: 'Ask [@Grace Hopper](user:55555555-5555-4555-8555-555555555555) about **the antenna**',
  assigneeId: ASSIGNEE_ID,
  assignee: grace,
});
const hull = makeTask({ id: 't-2', title: 'Paint the hull', description: '' });
const engine = makeTask({ id: 't-3', title: 'Test the engine', assigneeId: ASSIGNEE_ID, assignee: grace });

function serve(tasks: Task[] = [radio, hull], extra: Record<string, unknown> = {}) {
  return routeFetch({
    'GET /api/tasks/all': () => jsonResponse(200, { ...taskList(tasks), ...extra }),
    'GET /api/projects': jsonResponse(200, productOptionsPage({ id: 'p-1', name: 'Apollo' })),
  });
}

const lastQuery = (fetchMock: ReturnType<typeof routeFetch>) =>
  Object.fromEntries(callsTo(fetchMock, 'GET', '/api/tasks/all').at(-1)?.url.searchParams ?? []);

const renderPage = (route = '/tasks') =>
  renderWithProviders(<TasksPage viewer={{ id: 'u-1', role: 'member' }} />, { route });

async function addFilter(user: ReturnType<typeof renderPage>['user'], name: string) {
  await user.click(screen.getByRole('button', { name: 'Filter' }));
  await user.click(await screen.findByRole('menuitem', { name }));
  return screen.findByRole('dialog', { name: `${name} filter` });
}

const row = (title: string) => {
  const link = screen.getByRole('link', { name: title });
  const tr = link.closest('tr');
  if (!tr) throw new Error(`no row for ${title}`);
  return tr;
};

describe('TasksPage: find my work (issue 28)', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    localStorage.clear();
    layOutScrollAreas();
  });

  it('shows my work in one click: each preset in the URL and the query, All tasks back to everything', async () => {
    const fetchMock = serve();
    const { user } = renderPage();
    await screen.findByText('Wire the radio');

    for (const [name, preset] of [
      ['Assigned to me', 'assigned'],
      ['Created by me', 'created'],
      ['Watching', 'watching'],
      ['Mentioning me', 'mentioning'],
    ] as const) {
      await user.click(screen.getByRole('button', { name }));
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'true');
      expect(currentLocation()).toBe(`/tasks?preset=${preset}`);
      await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ preset }));
    }
    await user.click(screen.getByRole('button', { name: 'All tasks' }));
    expect(currentLocation()).toBe('/tasks');
    await waitFor(() => expect(lastQuery(fetchMock)).toEqual({ limit: '100', today: localToday() }));
  });

  it('round-trips the chips and the URL: assignee me + overdue + priorities, edited and removed', async () => {
    const fetchMock = serve();
    const { user } = renderPage();
    await screen.findByText('Wire the radio');

    await user.click(within(await addFilter(user, 'Assignee')).getByRole('button', { name: 'Me' }));
    await user.keyboard('{Escape}');
    await user.click(within(await addFilter(user, 'Due')).getByRole('button', { name: 'Overdue' }));
    await user.keyboard('{Escape}');
    const priority = await addFilter(user, 'Priority');
    await user.click(within(priority).getByRole('button', { name: 'High' }));
    await user.click(within(priority).getByRole('button', { name: 'Critical' }));
    await user.keyboard('{Escape}');

    expect(decodeURIComponent(currentLocation())).toBe(
      '/tasks?assignee=me&priority=high,critical&due=overdue',
    );
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toEqual({
        limit: '100',
        assignee: 'me',
        priority: 'high,critical',
        due: 'overdue',
        today: localToday(),
      }),
    );
    expect(screen.getByRole('button', { name: 'Priority filter: High, Critical' })).toBeInTheDocument();

    // The chip edits its filter: High off.
    await user.click(screen.getByRole('button', { name: 'Priority filter: High, Critical' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'High' }));
    await user.keyboard('{Escape}');
    expect(decodeURIComponent(currentLocation())).toBe('/tasks?assignee=me&priority=critical&due=overdue');

    await user.click(screen.getByRole('button', { name: 'Remove Due filter' }));
    expect(decodeURIComponent(currentLocation())).toBe('/tasks?assignee=me&priority=critical');
    await waitFor(() => expect(lastQuery(fetchMock)).not.toHaveProperty('due'));
  });

  it('opens a link with every filter as its chips, and sends them all', async () => {
    const fetchMock = serve();
    renderPage(
      '/tasks?assignee=none&label=Bug,UI&due=week&dueFrom=2026-01-01&createdBy=me&teamId=none&updatedSince=2026-01-15&status=pending',
    );
    await screen.findByText('Wire the radio');
    for (const name of [
      'Status filter: Pending',
      'Assignee filter: No assignee',
      'Labels filter: Bug, UI',
      'Team filter: No team',
      'Created by filter: Me',
    ]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: /^Due filter: Due this week, / })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Updated since filter: / })).toBeInTheDocument();
    expect(lastQuery(fetchMock)).toMatchObject({
      assignee: 'none',
      label: 'Bug,UI',
      due: 'week',
      dueFrom: '2026-01-01',
      createdBy: 'me',
      teamId: 'none',
      updatedSince: '2026-01-15',
      status: 'Pending',
    });
  });

  it('sorts and groups from their menus, in the URL and the query', async () => {
    const fetchMock = serve();
    const { user } = renderPage();
    await screen.findByText('Wire the radio');

    await user.click(screen.getByRole('button', { name: /^Sort:/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Due date' }));
    await user.click(screen.getByRole('button', { name: /^Sort:/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Descending' }));
    await user.click(screen.getByRole('button', { name: /^Group by:/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Assignee' }));

    expect(currentLocation()).toBe('/tasks?sort=due&order=desc&group=assignee');
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toMatchObject({ sort: 'due', order: 'desc', group: 'assignee' }),
    );
  });

  it('shows each group’s header with the server’s count, and collapses a group', async () => {
    serve([radio, engine, hull], {
      total: 57,
      groups: [
        { key: ASSIGNEE_ID, label: 'Grace Hopper', total: 41 },
        { key: 'none', label: 'No assignee', total: 16 },
      ],
    });
    const { user } = renderPage('/tasks?group=assignee');
    await screen.findByText('Wire the radio');

    const headers = screen.getAllByRole('button', { expanded: true });
    expect(headers.map((h) => h.textContent)).toEqual(['Grace Hopper41', 'No assignee16']);
    const rows = [...document.querySelectorAll('tbody tr:not([data-spacer])')].map(
      (tr) => tr.textContent ?? '',
    );
    // A task row starts with its key (APO-1 in these fixtures), then its title.
    expect(rows.map((text) => text.slice(0, 19))).toEqual([
      expect.stringMatching(/^Grace Hopper41/),
      'APO-1Wire the radio',
      'APO-1Test the engin',
      expect.stringMatching(/^No assignee16/),
      'APO-1Paint the hull',
    ]);

    await user.click(screen.getByRole('button', { name: 'Grace Hopper 41' }));
    expect(screen.getByRole('button', { name: 'Grace Hopper 41' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Wire the radio')).not.toBeInTheDocument();
    expect(screen.getByText('Paint the hull')).toBeInTheDocument();
  });

  it('keeps the display in this browser: compact rows, properties shown, a plain-text preview', async () => {
    serve();
    const { user, unmount } = renderPage();
    await screen.findByText('Wire the radio');
    expect(row('Wire the radio')).toHaveAttribute('data-density', 'comfortable');
    // No preview by default.
    expect(row('Wire the radio')).not.toHaveTextContent('antenna');

    await user.click(screen.getByRole('button', { name: 'Display' }));
    const options = await screen.findByRole('dialog', { name: 'Display options' });
    await user.click(within(options).getByRole('button', { name: 'Compact' }));
    await user.click(within(options).getByRole('button', { name: 'Description preview' }));
    await user.click(within(options).getByRole('button', { name: 'Team' }));
    await user.click(within(options).getByRole('button', { name: 'Product' }));
    await user.keyboard('{Escape}');

    expect(row('Wire the radio')).toHaveAttribute('data-density', 'compact');
    const preview = row('Wire the radio').querySelector('[data-preview]');
    // Plain text: the mention as "@Name", no markdown, no user id.
    expect(preview).toHaveTextContent('Ask @Grace Hopper about the antenna');
    expect(preview?.textContent).not.toMatch(/\*|user:|\[/);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Task',
      'Status',
      'Priority',
      'Phase',
      'Assignee',
      'Due date',
      'Actions',
    ]);
    unmount();

    // Another visit: the same display.
    renderPage();
    await screen.findByText('Wire the radio');
    expect(row('Wire the radio')).toHaveAttribute('data-density', 'compact');
    expect(row('Wire the radio').querySelector('[data-preview]')).toHaveTextContent('Ask @Grace Hopper');
    expect(screen.queryByRole('columnheader', { name: 'Team' })).not.toBeInTheDocument();
  });

  it('shows the board as one row of columns per group (swimlanes), grouped from the cards', async () => {
    routeFetch({
      'GET /api/tasks/all': ({ url }) => {
        const status = url.searchParams.get('status');
        return jsonResponse(200, taskList([radio, hull, engine].filter((t) => t.status === status)));
      },
      'GET /api/projects': jsonResponse(200, productOptionsPage({ id: 'p-1', name: 'Apollo' })),
    });
    renderPage('/tasks?view=board&group=assignee');
    const lane = await screen.findByRole('region', { name: 'Grace Hopper' });
    expect(within(lane).getByText('Wire the radio')).toBeInTheDocument();
    expect(within(lane).getByText('Test the engine')).toBeInTheDocument();
    expect(within(lane).queryByText('Paint the hull')).not.toBeInTheDocument();
    const none = screen.getByRole('region', { name: 'No assignee' });
    expect(within(none).getByText('Paint the hull')).toBeInTheDocument();
    // Each lane has the three status columns.
    for (const status of ['Pending', 'In Progress', 'Completed']) {
      expect(within(none).getByRole('region', { name: status })).toBeInTheDocument();
    }
  });
});
