import type { Role } from '@shipyard/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REST_MS } from '../../../hooks/use-fling.ts';
import { jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { layOutScrollAreas } from '../../../test/virtual-layout.ts';
import { LIST_LIMIT, TaskList } from './task-list.tsx';
import type { TaskFilterValues } from './task-search-params.ts';
import { makeTask, taskList } from './test-tasks.ts';

// Issue 28's scroll measure (docs/decisions/062-light-rows-while-flung.md): the rows a fling brings
// into view draw their texts only, and fill in with their link, checkbox and menu once it rests.

const noFilters: TaskFilterValues = { search: '', productId: undefined, phase: [], status: [] };
const member = { id: 'u-1', role: 'member' as Role };
const tasks = Array.from({ length: LIST_LIMIT }, (_, i) =>
  makeTask({ id: `t-${i}`, title: `Task ${i}`, number: i + 1, key: `APO-${i + 1}` }),
);

/** A desktop window (`wide`: the rows do not fold into cards) or a phone's. */
function stubWidth(wide: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: /min-width/.test(query) ? wide : !wide,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

async function renderList() {
  routeFetch({ 'GET /api/tasks/all': () => jsonResponse(200, taskList(tasks, { total: LIST_LIMIT })) });
  renderWithProviders(<TaskList filters={noFilters} viewer={member} onEdit={vi.fn()} />, { route: '/tasks' });
  await screen.findByRole('link', { name: 'Task 0' });
  return document.querySelector<HTMLElement>('[data-scroll-area]') as HTMLElement;
}

const rowOf = (title: string) => screen.getByText(title).closest('tr') as HTMLElement;

/** Two scroll events close together, far apart in px: a fling to `top`. */
function fling(area: HTMLElement, top: number) {
  act(() => {
    area.scrollTop = top - 400;
    fireEvent.scroll(area);
    area.scrollTop = top;
    fireEvent.scroll(area);
  });
}

describe('TaskList rows during a fling', () => {
  beforeEach(() => {
    localStorage.setItem('shipyard.tasks.display', JSON.stringify({ density: 'compact' }));
    layOutScrollAreas({ viewport: 720, row: 36 });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('draws the rows a fling brings into view light, then fills them in once the list rests', async () => {
    stubWidth(true);
    const area = await renderList();
    expect(rowOf('Task 0')).not.toHaveAttribute('data-sketch');

    fling(area, 60 * 36);

    const row = await waitFor(() => rowOf('Task 62'));
    expect(row).toHaveAttribute('data-sketch');
    // Its texts in their columns; no link, checkbox or menu yet.
    expect(within(row).getByText('APO-63')).toBeInTheDocument();
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
    expect(within(row).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();

    await waitFor(() => expect(rowOf('Task 62')).not.toHaveAttribute('data-sketch'), {
      timeout: REST_MS * 10,
    });
    const filled = rowOf('Task 62');
    expect(within(filled).getByRole('link', { name: 'Task 62' })).toBeInTheDocument();
    expect(within(filled).getByRole('button', { name: 'Actions for Task 62' })).toBeInTheDocument();
  });

  it('keeps a phone’s folded rows whole, whatever the speed', async () => {
    stubWidth(false);
    const area = await renderList();
    fling(area, 60 * 36);
    const row = await waitFor(() => rowOf('Task 62'));
    expect(row).not.toHaveAttribute('data-sketch');
    expect(within(row).getByRole('link', { name: 'Task 62' })).toBeInTheDocument();
  });
});
