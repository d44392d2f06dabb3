import type { Role } from '@shipyard/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import { createElement } from 'react';
import { jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { TaskList } from './task-list.tsx';
import type { TaskFilterValues } from './task-search-params.ts';
import { makeTask, taskList } from './test-tasks.ts';

// What the keyboard list's tests share (issue 30): four tasks of Apollo, the keys, the list.

const noFilters: TaskFilterValues = { search: '', productId: undefined, phase: [], status: [] };
const member = { id: 'u-1', role: 'member' as Role };
export const tasks = ['Alpha', 'Bravo', 'Charlie', 'Delta'].map((title, i) =>
  makeTask({
    id: `t-${i}`,
    title,
    key: `APO-${i + 1}`,
    projectId: 'p-1',
    project: { id: 'p-1', name: 'Apollo' },
    createdAt: new Date(Date.UTC(2025, 0, 10) - i * 60_000).toISOString(),
  }),
);

/** A key pressed on the page (not in a field). */
export const press = (key: string, extra: Partial<KeyboardEventInit> = {}) =>
  act(() => {
    fireEvent.keyDown(document.body, { key, ...extra });
  });

export const rowOf = (title: string) => {
  const found = screen.getByText(title).closest('tr');
  if (!found) throw new Error(`no row for ${title}`);
  return found;
};
export const focusedTitle = () => document.querySelector('[data-focused] a')?.textContent;
export const checkbox = (title: string) => screen.getByRole('checkbox', { name: `Select ${title}` });

/** The list of `tasks` for `viewer`, the server answering `answers` besides the list. */
export function renderList(answers: Parameters<typeof routeFetch>[0] = {}, viewer = member) {
  const fetchMock = routeFetch({
    'GET /api/tasks/all': jsonResponse(200, taskList(tasks)),
    'GET /api/projects/p-1/states': jsonResponse(200, { data: [], canManage: false }),
    ...answers,
  });
  renderWithProviders(createElement(TaskList, { filters: noFilters, viewer, onEdit: () => {} }), {
    route: '/tasks',
  });
  return fetchMock;
}
