import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { productOptionsPage } from '../../../test/product-fixtures.ts';
import { currentLocation, renderWithProviders } from '../../../test/render.tsx';
import { TasksPage } from './tasks-page.tsx';
import { makeTask, taskList } from './test-tasks.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// Issue 33: on a phone /tasks has a one-line header and its toolbar in a bottom sheet.

function stubViewport(width: number) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      const max = /max-width:\s*(\d+)px/.exec(query)?.[1];
      return {
        matches: max !== undefined && width <= Number(max),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      };
    }),
  );
}

function serve() {
  return routeFetch({
    'GET /api/tasks/all': () =>
      jsonResponse(200, taskList([makeTask({ id: 't-1', title: 'Wire the radio', priority: 'high' })])),
    'GET /api/projects': jsonResponse(200, productOptionsPage({ id: 'p-1', name: 'Apollo' })),
  });
}

const renderPage = (route = '/tasks') =>
  renderWithProviders(<TasksPage viewer={{ id: 'u-1', role: 'member' }} />, { route });

describe('the tasks page on a phone', () => {
  beforeEach(() => stubViewport(390));

  it('has the title and one create button, the search, and a Filters button instead of the toolbar', async () => {
    serve();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tasks' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Tasks' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Task' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search tasks' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
    // Not on the page itself: the description, the export, the presets, the sort and the view tabs.
    expect(
      screen.queryByText('Plan, assign and follow the work across your products.'),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Export/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Presets' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Kanban Board' })).not.toBeInTheDocument();
  });

  it('counts the filters in use on its button', async () => {
    serve();
    renderPage('/tasks?priority=high&status=Pending&preset=assigned&search=radio');
    // The search shows on the page: it is not counted.
    expect(await screen.findByRole('button', { name: 'Filters, 3 active' })).toHaveTextContent('Filters3');
  });

  it('filters, sorts and switches the view from the sheet, each change in the URL at once', async () => {
    serve();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(sheet).getByRole('group', { name: 'Presets' })).toBeInTheDocument();
    expect(within(sheet).queryByRole('searchbox')).not.toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();

    await user.click(within(sheet).getByRole('button', { name: 'Filter' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Priority' }));
    const editor = await screen.findByRole('dialog', { name: 'Priority filter' });
    await user.click(within(editor).getByRole('button', { name: 'High' }));
    await waitFor(() => expect(currentLocation()).toContain('priority=high'));
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Priority filter' })).not.toBeInTheDocument(),
    );

    await user.click(
      within(screen.getByRole('dialog', { name: 'Filters' })).getByRole('tab', { name: 'Kanban Board' }),
    );
    await waitFor(() => expect(currentLocation()).toContain('view=board'));

    await user.click(
      within(screen.getByRole('dialog', { name: 'Filters' })).getByRole('button', { name: 'Show tasks' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Filters, 1 active' })).toBeInTheDocument();
  });

  it('keeps the desktop toolbar as it was from 768 px up', async () => {
    stubViewport(1440);
    serve();
    renderPage();
    expect(await screen.findByRole('group', { name: 'Presets' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filter' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument();
  });
});
