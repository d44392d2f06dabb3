import { productMessages, type Role, type TaskDetail, taskMessages } from '@shipyard/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../../lib/format.ts';
import { toast } from '../../../../lib/toast.ts';
import { apiError, callsTo, jsonResponse, routeFetch } from '../../../../test/fetch-stubs.ts';
import { menuItemNames, openSubmenu } from '../../../../test/menu.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { makeTaskOptions, PRODUCT_ID } from '../test-tasks.ts';
import { TaskPage } from './task-page.tsx';
import { entry, makeDetail, none, task } from './test-task-detail.ts';

vi.mock('../../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const member = { id: 'u-1', role: 'member' as Role };
const guest = { id: 'u-9', role: 'guest' as Role };

function renderPage(detail: TaskDetail | Response, viewer = member, routes = {}) {
  const fetchMock = routeFetch({
    'GET /api/tasks/t-1/detail': detail instanceof Response ? detail : jsonResponse(200, detail),
    ...routes,
  });
  const result = renderWithProviders(<TaskPage taskId="t-1" viewer={viewer} />, { route: '/tasks/t-1' });
  return { ...result, fetchMock };
}

beforeEach(() => {
  vi.mocked(toast.error).mockClear();
});

describe('TaskPage', () => {
  it('shows the task from its one request: title, rendered description, properties, product, creator and history', async () => {
    const { fetchMock } = renderPage(makeDetail());

    expect(await screen.findByRole('heading', { level: 1, name: /Wire the radio/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Steps' })).toBeInTheDocument();
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([true, false]);
    expect(screen.getByRole('link', { name: 'Apollo' })).toHaveAttribute('href', `/products/${PRODUCT_ID}`);
    expect(screen.getByText(/by Ada Lovelace/)).toBeInTheDocument();
    const history = screen.getByRole('list', { name: 'History' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('from Pending to In Progress'),
      expect.stringContaining('Created task "Wire the radio"'),
    ]);
    // The checklist, labels, files and conversation are the app's to plug in (app/routes/task.tsx).
    expect(screen.getByRole('heading', { name: 'History' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Labels' })).not.toBeInTheDocument();
    // Nothing but the detail: the team and assignee choices wait until their select opens.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('renames the task in place: Enter saves, and the page shows the saved title', async () => {
    // A little server: the page reads the detail again after the save (for its history).
    let stored = task;
    const { user, fetchMock } = renderPage(makeDetail(), member, {
      'GET /api/tasks/t-1/detail': () => jsonResponse(200, makeDetail({ task: stored })),
      'PATCH /api/tasks/t-1/update': () => {
        stored = { ...task, title: 'Wire the new radio' };
        return jsonResponse(200, stored);
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Wire the radio (rename)' }));
    const field = screen.getByRole('textbox', { name: 'Title' });
    await user.clear(field);
    await user.type(field, 'Wire the new radio{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: /Wire the new radio/ })).toBeInTheDocument();
    const [patch] = callsTo(fetchMock, 'PATCH', '/api/tasks/t-1/update');
    expect(JSON.parse(String(patch?.init?.body))).toEqual({ title: 'Wire the new radio' });
  });

  it('cancels a rename on Escape, and refuses an empty title with the form’s message', async () => {
    const { user, fetchMock } = renderPage(makeDetail());

    await user.click(await screen.findByRole('button', { name: 'Wire the radio (rename)' }));
    await user.clear(screen.getByRole('textbox', { name: 'Title' }));
    await user.keyboard('{Enter}');
    expect(screen.getByText(taskMessages.titleRequired)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Something else{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: /Wire the radio/ })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', '/api/tasks/t-1/update')).toHaveLength(0);
  });

  it('previews the description being written, then saves it', async () => {
    const saved = { ...task, description: '# Plan' };
    const { user, fetchMock } = renderPage(makeDetail(), member, {
      'PATCH /api/tasks/t-1/update': jsonResponse(200, saved),
    });

    await user.click(await screen.findByRole('button', { name: 'Edit description' }));
    const field = screen.getByRole('textbox', { name: 'Description' });
    await user.clear(field);
    await user.type(field, '# Plan');
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    // Markdown headings sit below the page's own (an h1 written renders as an h3).
    expect(await screen.findByRole('heading', { level: 3, name: 'Plan' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'Preview' })).not.toBeInTheDocument());
    const [patch] = callsTo(fetchMock, 'PATCH', '/api/tasks/t-1/update');
    expect(JSON.parse(String(patch?.init?.body))).toEqual({ description: '# Plan' });
  });

  it('lets a member change every property, loading the team choices only when asked', async () => {
    const { user, fetchMock } = renderPage(makeDetail(), member, {
      'GET /api/tasks/11111111-1111-4111-8111-111111111111/options': jsonResponse(200, makeTaskOptions()),
      'PATCH /api/tasks/t-1/update': jsonResponse(200, { ...task, priority: 'low' }),
    });

    await screen.findByRole('heading', { level: 1, name: /Wire the radio/ });
    for (const name of ['Status', 'Priority', 'Phase', 'Team', 'Assignee']) {
      expect(screen.getByRole('combobox', { name })).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Due date')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `/api/tasks/${PRODUCT_ID}/options`)).toHaveLength(0);

    await user.click(screen.getByRole('combobox', { name: 'Priority' }));
    await user.click(await screen.findByRole('option', { name: 'Low' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/tasks/t-1/update')).toHaveLength(1));
    const [patch] = callsTo(fetchMock, 'PATCH', '/api/tasks/t-1/update');
    expect(JSON.parse(String(patch?.init?.body))).toEqual({ priority: 'low' });

    await user.click(screen.getByRole('combobox', { name: 'Team' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', `/api/tasks/${PRODUCT_ID}/options`)).toHaveLength(1),
    );
  });

  it('saves a due date once chosen, and clears it', async () => {
    let stored = task;
    const { fetchMock } = renderPage(makeDetail(), member, {
      'GET /api/tasks/t-1/detail': () => jsonResponse(200, makeDetail({ task: stored })),
      'PATCH /api/tasks/t-1/update': ({ init }: { init: RequestInit | undefined }) => {
        stored = { ...stored, ...JSON.parse(String(init?.body)) };
        return jsonResponse(200, stored);
      },
    });

    const field = await screen.findByLabelText('Due date');
    fireEvent.change(field, { target: { value: '2031-05-01' } });
    fireEvent.blur(field);
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/tasks/t-1/update')).toHaveLength(1));
    await waitFor(() => expect(screen.getByLabelText('Due date')).toHaveValue(formatDate('2031-05-01')));
    fireEvent.change(screen.getByLabelText('Due date'), { target: { value: '' } });
    fireEvent.blur(screen.getByLabelText('Due date'));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/tasks/t-1/update')).toHaveLength(2));
    expect(
      callsTo(fetchMock, 'PATCH', '/api/tasks/t-1/update').map((c) => JSON.parse(String(c.init?.body))),
    ).toEqual([{ dueDate: '2031-05-01' }, { dueDate: null }]);
  });

  it('picks a workflow state of the product in place of a bare status (issue 29)', async () => {
    const states = [
      { id: 's-1', name: 'Pending', color: '#64748b', category: 'Pending' as const },
      { id: 's-2', name: 'In review', color: '#a855f7', category: 'In Progress' as const },
      { id: 's-3', name: 'Completed', color: '#22c55e', category: 'Completed' as const },
    ];
    const { user, fetchMock } = renderPage(
      makeDetail({ task: { ...task, stateId: 's-1' }, states }),
      member,
      {
        'PATCH /api/tasks/t-1/task/update': () =>
          jsonResponse(200, {
            ...task,
            status: 'In Progress',
            stateId: 's-2',
            previous: { status: 'Pending', stateId: 's-1', afterId: null, beforeId: null },
          }),
      },
    );
    const select = await screen.findByRole('combobox', { name: 'Status' });
    expect(select).toHaveTextContent('Pending');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: /In review/ }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/tasks/t-1/task/update')).toHaveLength(1));
    const [move] = callsTo(fetchMock, 'PATCH', '/api/tasks/t-1/task/update');
    expect(JSON.parse(String(move?.init?.body))).toEqual({ status: 'In Progress', stateId: 's-2' });
  });

  it('offers the product’s own workflow states in its actions menu, as rows and cards do (issue 29)', async () => {
    const states = [
      { id: 's-1', name: 'Pending', color: '#64748b', category: 'Pending' as const },
      { id: 's-2', name: 'In review', color: '#a855f7', category: 'In Progress' as const },
      { id: 's-3', name: 'Completed', color: '#22c55e', category: 'Completed' as const },
    ];
    const { user, fetchMock } = renderPage(
      makeDetail({ task: { ...task, status: 'Pending', stateId: 's-1' }, states }),
      member,
      {
        'PATCH /api/tasks/t-1/task/update': () =>
          jsonResponse(200, {
            ...task,
            status: 'In Progress',
            stateId: 's-2',
            previous: { status: 'Pending', stateId: 's-1', afterId: null, beforeId: null },
          }),
      },
    );
    await screen.findByRole('heading', { level: 1, name: /Wire the radio/ });
    await user.click(screen.getByRole('button', { name: /Actions for/ }));
    await openSubmenu(user, 'Other states');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toContain('Mark as In review');
    await user.click(screen.getByRole('menuitem', { name: 'Mark as In review' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/tasks/t-1/task/update')).toHaveLength(1));
    const [move] = callsTo(fetchMock, 'PATCH', '/api/tasks/t-1/task/update');
    expect(JSON.parse(String(move?.init?.body))).toEqual({ status: 'In Progress', stateId: 's-2' });
  });

  it('gives a guest only the status of a task assigned to them, and the rest as text', async () => {
    renderPage(makeDetail({ permissions: { ...none, canEditStatus: true, canComment: true } }), guest);

    await screen.findByRole('heading', { level: 1, name: 'Wire the radio' });
    expect(screen.queryByRole('button', { name: 'Wire the radio (rename)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit description' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('combobox').map((box) => box.getAttribute('aria-labelledby'))).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Priority' })).not.toBeInTheDocument();
    expect(screen.getByText('Design Team')).toBeInTheDocument();
  });

  it('shows an archived product’s task read-only under a banner', async () => {
    const { user } = renderPage(
      makeDetail({ product: { id: PRODUCT_ID, name: 'Apollo', archived: true }, permissions: none }),
    );

    expect(await screen.findByText(productMessages.archived)).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    // Only copying is left in its menu (issues 28, 30): no picker for a read-only task.
    await user.click(screen.getByRole('button', { name: /Actions for/ }));
    expect(menuItemNames()).toEqual(['Copy']);
  });

  it('says "Task not found" with a way back when the task is gone or out of sight', async () => {
    renderPage(apiError(404, 'TASK_NOT_FOUND', taskMessages.notFound));

    expect(await screen.findByText(taskMessages.notFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to tasks' })).toHaveAttribute('href', '/tasks');
  });

  it('offers Try again after a failed load, and shows the page once it works', async () => {
    let fail = true;
    const { user } = renderPage(makeDetail(), member, {
      'GET /api/tasks/t-1/detail': () =>
        fail ? apiError(500, 'INTERNAL', 'Something went wrong.') : jsonResponse(200, makeDetail()),
    });

    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: /Wire the radio/ })).toBeInTheDocument();
  });

  it('reads older history on "Show more", page by page', async () => {
    const detail = makeDetail({ history: { data: [entry(3)], nextCursor: 'c-1' } });
    const { user, fetchMock } = renderPage(detail, member, {
      'GET /api/tasks/t-1/history': ({ url }: { url: URL }) =>
        url.searchParams.get('cursor') === 'c-1'
          ? jsonResponse(200, { data: [entry(2)], nextCursor: 'c-2' })
          : jsonResponse(200, { data: [entry(1)], nextCursor: null }),
    });

    await screen.findByText('Change 3');
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Change 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Change 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/tasks/t-1/history').map((c) => c.url.search)).toEqual([
      '?cursor=c-1',
      '?cursor=c-2',
    ]);
  });
});
