import type { CalendarItem, CalendarTask } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import {
  apiError,
  callsTo,
  deferred,
  jsonResponse,
  routeFetch,
  sentJson,
} from '../../../test/fetch-stubs.ts';
import { currentLocation, renderWithProviders } from '../../../test/render.tsx';
import { productColour } from './calendar-filters.ts';
import { CalendarPage } from './calendar-page.tsx';
import { makeEvent, makeEventList, makeMilestone, PRODUCT_ID, VIEWER } from './test-events.ts';

vi.mock('../../../lib/toast.ts', () => ({
  toast: { success: vi.fn(), error: vi.fn(), undoable: vi.fn() },
}));

// Issue 31: the big grids, at happy-dom's 1024 px (lg). Today is Monday 4 May 2026, weeks start
// on Sunday (en-US).
const TODAY = new Date(2026, 4, 4, 10, 0);

const task = (id: string, overrides: Partial<CalendarTask> = {}): CalendarTask => ({
  id,
  title: `Task ${id}`,
  dueDate: '2026-05-06',
  status: 'Pending',
  priority: 'medium',
  productId: PRODUCT_ID,
  productName: 'Apollo',
  assigneeId: null,
  assigneeName: null,
  updatedAt: '2026-05-01T10:00:00.000Z',
  ...overrides,
});

const ITEMS: CalendarItem[] = [
  makeEvent({ id: 'e-1', title: 'Design review', date: '2026-05-05', startTime: '09:30' }),
  makeMilestone({ date: '2026-05-07' }),
];

type Patch = { status: number; body: unknown } | Promise<Response>;

/** The server: the items and tasks in the asked range, and PATCH answers from `patches`. */
function serve({
  tasks = [task('late', { title: 'Ship the docs', dueDate: '2026-05-01' }), task('t-1')],
  items = ITEMS,
  patch = (): Patch => ({ status: 200, body: {} }),
  occurrencePatch = () => Promise.resolve(jsonResponse(200, {})),
}: {
  tasks?: CalendarTask[];
  items?: CalendarItem[];
  patch?: () => Patch;
  occurrencePatch?: () => Promise<Response>;
} = {}) {
  let current = tasks;
  return routeFetch({
    'PATCH /api/events/weekly/occurrences/2026-05-12': () => occurrencePatch(),
    'GET /api/events': ({ url }) => {
      const from = url.searchParams.get('from') ?? '';
      const to = url.searchParams.get('to') ?? '';
      const data = items.filter((item) => item.date >= from && item.date <= to);
      return jsonResponse(200, makeEventList(data, { from, to }));
    },
    'GET /api/projects': jsonResponse(200, { data: [], total: 0, page: 1, limit: 200 }),
    'GET /api/calendar/tasks': ({ url }) => {
      const from = url.searchParams.get('from') ?? '';
      const to = url.searchParams.get('to') ?? '';
      const data = current.filter((t) => t.dueDate >= from && t.dueDate <= to);
      return jsonResponse(200, { data, from, to, hasMore: false });
    },
    'PATCH /api/tasks/t-1/update': async ({ init }) => {
      const answer = patch();
      const response = answer instanceof Promise ? await answer : jsonResponse(answer.status, answer.body);
      if (response.ok) {
        const { dueDate } = sentJson(init ?? undefined) as { dueDate: string };
        current = current.map((t) => (t.id === 't-1' ? { ...t, dueDate } : t));
      }
      return response;
    },
  });
}

const cell = (day: string) => {
  const found = document.querySelector<HTMLElement>(`[data-day="${day}"]`);
  if (!found) throw new Error(`No cell for ${day}`);
  return found;
};

async function moveTaskWithTheMenu(user: ReturnType<typeof renderWithProviders>['user'], to: string) {
  await user.click(within(cell('2026-05-06')).getByRole('button', { name: /Wednesday, May 6, 2026/ }));
  const panel = screen.getByRole('region', { name: 'Wednesday, May 6, 2026' });
  await user.click(await within(panel).findByRole('button', { name: 'Actions for Task t-1' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Move to date' }));
  const dialog = await screen.findByRole('dialog', { name: 'Move to date' });
  const input = within(dialog).getByLabelText('New date');
  await user.clear(input);
  await user.type(input, to);
  await user.click(within(dialog).getByRole('button', { name: 'Move' }));
}

describe('CalendarPage: the big grids', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TODAY);
    vi.mocked(toast.undoable).mockClear();
    vi.mocked(toast.error).mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it('lists each day’s events with their time, target dates and tasks in their product’s colour, overdue in red', async () => {
    serve();
    renderWithProviders(<CalendarPage viewer={VIEWER} />, { route: '/calendar' });

    const grid = await screen.findByRole('region', { name: 'Month' });
    expect(grid.querySelectorAll('[data-day]')).toHaveLength(42);
    await waitFor(() => expect(within(cell('2026-05-06')).getByText('Task t-1')).toBeInTheDocument());
    expect(within(cell('2026-05-05')).getByText('Design review')).toBeInTheDocument();
    expect(within(cell('2026-05-05')).getByText('9:30 AM')).toBeInTheDocument();
    expect(cell('2026-05-07').querySelector('[data-entry="product"]')).not.toBeNull();

    const taskLink = within(cell('2026-05-06')).getByRole('link', { name: 'Task t-1' });
    expect(taskLink).toHaveAttribute('href', '/tasks/t-1');
    expect(taskLink.querySelector(`.${productColour(PRODUCT_ID).split(' ')[0]}`)).not.toBeNull();
    expect(taskLink).toHaveAttribute('data-movable', 'true');

    const late = within(cell('2026-05-01')).getByRole('link', { name: /^Ship the docs\s*, overdue$/ });
    expect(late.querySelector('[data-overdue]')).toHaveClass('text-red-600');
    expect(within(cell('2026-05-06')).getByText('Task t-1')).not.toHaveAttribute('data-overdue');
  });

  it('opens a task from its line with a plain click, and leaves a modified click to the browser', async () => {
    serve();
    const { user } = renderWithProviders(<CalendarPage viewer={VIEWER} />, { route: '/calendar' });
    const taskLink = await within(cell('2026-05-06')).findByRole('link', { name: 'Task t-1' });

    // Ctrl+click: a new tab's business, the calendar stays.
    await user.keyboard('{Control>}');
    await user.click(taskLink);
    await user.keyboard('{/Control}');
    expect(currentLocation()).toBe('/calendar');

    await user.click(taskLink);
    expect(currentLocation()).toBe('/tasks/t-1');
  });

  it('shows what fits and "+N more", which selects the day whose panel lists all of them', async () => {
    const tasks = Array.from({ length: 6 }, (_, i) => task(`m-${i}`, { title: `Busy ${i}` }));
    serve({ tasks });
    const { user } = renderWithProviders(<CalendarPage viewer={VIEWER} />, { route: '/calendar' });

    const more = await within(await screen.findByRole('region', { name: 'Month' })).findByRole('button', {
      name: '+3 more',
    });
    expect(within(cell('2026-05-06')).getAllByRole('link')).toHaveLength(3);
    await user.click(more);
    const panel = screen.getByRole('region', { name: 'Wednesday, May 6, 2026' });
    expect(within(panel).getAllByRole('article')).toHaveLength(6);
  });

  it('keeps the view and its day in the address beside the filters', async () => {
    const fetchMock = serve();
    const { user } = renderWithProviders(<CalendarPage viewer={VIEWER} />, {
      route: '/calendar?product=&view=week&date=2026-05-20',
    });

    expect(await screen.findByRole('region', { name: 'Week' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /^May 17\s–\s23, 2026$/ })).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/calendar/tasks').at(-1)?.url.search).toBe(
        '?from=2026-05-17&to=2026-05-23',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(currentLocation()).toContain('view=week&date=2026-05-27');
    await user.click(screen.getByRole('button', { name: 'Month' }));
    expect(currentLocation()).toBe('/calendar?product=&date=2026-05-27');
    expect(await screen.findByRole('heading', { name: 'May 2026' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(currentLocation()).toBe('/calendar?product=');

    // The week shown is the selected day's.
    await user.click(within(cell('2026-05-14')).getByRole('button', { name: /Thursday, May 14, 2026/ }));
    await user.click(screen.getByRole('button', { name: 'Week' }));
    expect(currentLocation()).toBe('/calendar?product=&view=week&date=2026-05-14');
    expect(await screen.findByRole('heading', { name: /^May 10\s–\s16, 2026$/ })).toBeInTheDocument();
  });

  it('lets a guest read but move nothing', async () => {
    serve();
    renderWithProviders(<CalendarPage viewer={{ id: 'g-1', role: 'guest' }} />, { route: '/calendar' });
    await waitFor(() => expect(within(cell('2026-05-06')).getByText('Task t-1')).toBeInTheDocument());
    expect(document.querySelectorAll('[data-movable]')).toHaveLength(0);
  });

  it('moves a task at once, then offers Undo, which puts it back', async () => {
    const answer = deferred<Response>();
    let first = true;
    const fetchMock = serve({
      patch: () => {
        if (!first) return { status: 200, body: {} };
        first = false;
        return answer.promise;
      },
    });
    const { user } = renderWithProviders(<CalendarPage viewer={VIEWER} />, { route: '/calendar' });
    await waitFor(() => expect(within(cell('2026-05-06')).getByText('Task t-1')).toBeInTheDocument());

    await moveTaskWithTheMenu(user, '2026-05-08');
    // On its new day before the server has answered.
    await waitFor(() => expect(within(cell('2026-05-08')).getByText('Task t-1')).toBeInTheDocument());
    expect(within(cell('2026-05-06')).queryByText('Task t-1')).not.toBeInTheDocument();
    expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/t-1/update')[0]?.init)).toEqual({
      dueDate: '2026-05-08',
    });

    answer.resolve(jsonResponse(200, {}));
    await waitFor(() => expect(toast.undoable).toHaveBeenCalledTimes(1));
    const [title, options] = vi.mocked(toast.undoable).mock.calls[0] ?? [];
    expect(title).toBe('Moved "Task t-1" to Friday, May 8, 2026');

    await options?.undo();
    expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/t-1/update')[1]?.init)).toEqual({
      dueDate: '2026-05-06',
    });
    await waitFor(() => expect(within(cell('2026-05-06')).getByText('Task t-1')).toBeInTheDocument());
    expect(within(cell('2026-05-08')).queryByText('Task t-1')).not.toBeInTheDocument();
  });

  it('puts the task back and says why when the server refuses the move', async () => {
    serve({ patch: () => Promise.resolve(apiError(403, 'FORBIDDEN', 'You cannot edit this task')) });
    const { user } = renderWithProviders(<CalendarPage viewer={VIEWER} />, { route: '/calendar' });
    await waitFor(() => expect(within(cell('2026-05-06')).getByText('Task t-1')).toBeInTheDocument());

    await moveTaskWithTheMenu(user, '2026-05-08');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Could not move "Task t-1"', {
        description: 'You cannot edit this task',
      }),
    );
    expect(within(cell('2026-05-06')).getByText('Task t-1')).toBeInTheDocument();
    expect(within(cell('2026-05-08')).queryByText('Task t-1')).not.toBeInTheDocument();
    expect(toast.undoable).not.toHaveBeenCalled();
  });

  it('moves one date of a repeating event alone, from its card’s menu', async () => {
    const weekly = makeEvent({
      id: 'weekly',
      title: 'Weekly sync',
      date: '2026-05-12',
      recurrence: 'FREQ=WEEKLY',
      seriesDate: '2026-05-05',
      occurrenceDate: '2026-05-12',
    });
    const answer = deferred<Response>();
    const fetchMock = serve({ tasks: [], items: [weekly], occurrencePatch: () => answer.promise });
    const { user } = renderWithProviders(<CalendarPage viewer={VIEWER} />, { route: '/calendar' });
    await waitFor(() => expect(within(cell('2026-05-12')).getByText('Weekly sync')).toBeInTheDocument());

    await user.click(within(cell('2026-05-12')).getByRole('button', { name: /Tuesday, May 12, 2026/ }));
    const panel = screen.getByRole('region', { name: 'Tuesday, May 12, 2026' });
    await user.click(await within(panel).findByRole('button', { name: 'Actions for Weekly sync' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to date' });
    await user.clear(within(dialog).getByLabelText('New date'));
    await user.type(within(dialog).getByLabelText('New date'), '2026-05-13');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));

    // On its new day before the server has answered.
    await waitFor(() => expect(within(cell('2026-05-13')).getByText('Weekly sync')).toBeInTheDocument());
    const [call] = callsTo(fetchMock, 'PATCH', '/api/events/weekly/occurrences/2026-05-12');
    expect(call?.url.search).toBe('?scope=this');
    expect(sentJson(call?.init)).toEqual({ date: '2026-05-13' });
    answer.resolve(jsonResponse(200, {}));
    await waitFor(() => expect(toast.undoable).toHaveBeenCalledTimes(1));
  });
});
