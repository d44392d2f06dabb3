import type { Role } from '@shipyard/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { layOutScrollAreas } from '../../../test/virtual-layout.ts';
import { LIST_LIMIT, TaskList } from './task-list.tsx';
import type { TaskFilterValues } from './task-search-params.ts';
import { makeTask, taskList } from './test-tasks.ts';

// Issue 28's scroll measure: a page that arrives while the list scrolls must cost its own rows,
// not a render of every row on screen. A row draws its task's key once per render: counted here.
const drawn = vi.hoisted(() => new Map<string, number>());
vi.mock('./task-key.tsx', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./task-key.tsx')>();
  return {
    ...actual,
    TaskKey: (props: Parameters<typeof actual.TaskKey>[0]) => {
      drawn.set(props.taskKey, (drawn.get(props.taskKey) ?? 0) + 1);
      return actual.TaskKey(props);
    },
  };
});

const noFilters: TaskFilterValues = { search: '', productId: undefined, phase: [], status: [] };
const member = { id: 'u-1', role: 'member' as Role };

const page1 = Array.from({ length: LIST_LIMIT }, (_, i) =>
  makeTask({
    id: `a-${i}`,
    title: `Task ${i}`,
    number: i + 1,
    key: `APO-${i + 1}`,
    createdAt: new Date(Date.UTC(2025, 0, 1) - i * 60_000).toISOString(),
  }),
);
const page2 = [
  makeTask({
    id: 'b-0',
    title: 'The last task',
    number: 101,
    key: 'APO-101',
    createdAt: '2024-01-01T00:00:00Z',
  }),
];

describe('TaskList pages', () => {
  beforeEach(() => {
    drawn.clear();
    // 50 rows in view: the end of the first page is near at once, so the next one is asked for.
    layOutScrollAreas({ viewport: 3000, row: 60 });
  });

  it('adds the rows of a page that arrives without drawing the rows on screen again', async () => {
    const next = deferred<Response>();
    routeFetch({
      'GET /api/tasks/all': ({ url }) =>
        url.searchParams.get('cursor') === 'c-2'
          ? next.promise
          : jsonResponse(200, taskList(page1, { total: 101, nextCursor: 'c-2' })),
    });
    renderWithProviders(<TaskList filters={noFilters} viewer={member} onEdit={vi.fn()} />, {
      route: '/tasks',
    });
    expect(await screen.findByText('Loading more tasks...')).toBeInTheDocument();
    expect(screen.getByText('Task 40')).toBeInTheDocument();
    const before = new Map(drawn);

    next.resolve(jsonResponse(200, taskList(page2, { total: 101 })));

    // The page is in: nothing more to load.
    await waitFor(() => expect(screen.queryByText('Loading more tasks...')).not.toBeInTheDocument());
    expect(screen.getByText('Task 40')).toBeInTheDocument();
    for (const key of ['APO-1', 'APO-20', 'APO-41']) {
      expect(before.get(key)).toBeGreaterThan(0);
      expect(drawn.get(key)).toBe(before.get(key));
    }
  });
});
