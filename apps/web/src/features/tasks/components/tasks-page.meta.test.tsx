import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TaskListMetaProvider } from '../../../hooks/task-list-meta.tsx';
import { jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { productOptionsPage } from '../../../test/product-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { layOutScrollAreas } from '../../../test/virtual-layout.ts';
import { TasksPage } from './tasks-page.tsx';
import { makeTask, taskList } from './test-tasks.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// Issue 31: a route adds to the list's header (the time feature: the time logged on its tasks),
// given the list's own query.
describe('TasksPage: the header addition a route gives', () => {
  beforeEach(() => layOutScrollAreas());

  it('hands the list’s query to the route’s addition and shows it beside the count', async () => {
    routeFetch({
      'GET /api/tasks/all': () =>
        jsonResponse(200, taskList([makeTask({ id: 't-1', title: 'Wire the radio' })])),
      'GET /api/projects': jsonResponse(200, productOptionsPage()),
    });
    const seen: string[] = [];
    renderWithProviders(
      <TaskListMetaProvider
        meta={(query) => {
          seen.push(query);
          return <span data-testid="meta">logged here</span>;
        }}
      >
        <TasksPage viewer={{ id: 'u-1', role: 'member' }} />
      </TaskListMetaProvider>,
      { route: '/tasks?search=radio&priority=high' },
    );
    const meta = await screen.findByTestId('meta');
    expect(
      within(meta.closest('p') as HTMLElement).getByText('1 task', { exact: false }),
    ).toBeInTheDocument();
    const query = new URLSearchParams(seen.at(-1));
    expect(query.get('search')).toBe('radio');
    expect(query.get('priority')).toBe('high');
    expect(query.get('cursor')).toBeNull();
  });
});
