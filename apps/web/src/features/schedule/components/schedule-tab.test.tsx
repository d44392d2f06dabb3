import type { Schedule, ScheduleTask } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
import { renderWithProviders } from '../../../test/render.tsx';
import { layOutScrollAreas } from '../../../test/virtual-layout.ts';
import { ScheduleTab } from './schedule-tab.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), undoable: vi.fn(), error: vi.fn() } }));

const today = new Date(2026, 2, 3);

const task = (id: string, values: Partial<ScheduleTask> = {}): ScheduleTask => ({
  id,
  key: `ATL-${id}`,
  title: `Task ${id}`,
  status: 'Pending',
  stateId: 's-1',
  assignee: null,
  team: null,
  estimate: null,
  startDate: '2026-03-02',
  dueDate: '2026-03-04',
  ...values,
});

const schedule = (values: Partial<Schedule> = {}): Schedule => ({
  productId: 'p-1',
  canEdit: true,
  hasMore: false,
  tasks: [
    task('1'),
    task('2', { startDate: '2026-03-05', dueDate: '2026-03-09' }),
    task('3', { startDate: null, dueDate: null, title: 'Someday' }),
  ],
  links: [{ from: '1', to: '2' }],
  states: [{ id: 's-1', name: 'To do', color: '#888', category: 'Pending' }],
  ...values,
});

function stubApi(
  answer: Schedule,
  write: () => Response | Promise<Response> = () => jsonResponse(200, { task: {}, days: 0, shifted: [] }),
) {
  return routeFetch({
    'GET /api/projects/p-1/schedule': () => jsonResponse(200, answer),
    'PATCH /api/tasks/1/schedule': write,
    'PATCH /api/tasks/3/schedule': write,
  });
}

const renderTab = (route = '/products/p-1?tab=schedule', readOnly = false) =>
  renderWithProviders(<ScheduleTab productId="p-1" readOnly={readOnly} today={today} />, { route });

const bar = (name: RegExp) => screen.getByRole('group', { name });

beforeEach(() => {
  vi.clearAllMocks();
  layOutScrollAreas({ viewport: 600, row: 36 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ScheduleTab', () => {
  it('draws each dated task as a bar, the blocks relation as an arrow, a today line, and lists the undated', async () => {
    stubApi(schedule());
    renderTab();
    expect(
      await screen.findByRole('group', { name: /^ATL-1 Task 1: Mar 2, 2026 – Mar 4, 2026$/ }),
    ).toBeInTheDocument();
    const second = bar(/^ATL-2 Task 2:/);
    expect(second.style.insetInlineStart).not.toBe('');
    expect(screen.getByTestId('gantt-arrows').querySelectorAll('path[data-link="1>2"]')).toHaveLength(1);
    expect(screen.getByTestId('gantt-today')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /No dates/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Someday' })).toBeInTheDocument();
  });

  it('moves a bar by keyboard (a day per arrow, a week with Shift), saves on Enter with the blocked task, offers Undo', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const fetchMock = stubApi(schedule(), () => answer.promise);
    renderTab();
    const first = await screen.findByRole('group', { name: /^ATL-1 Task 1:/ });
    first.focus();
    await user.keyboard('{ArrowRight}{Shift>}{ArrowRight}{/Shift}');
    expect(
      screen.getByText('ATL-1: Mar 10, 2026 – Mar 12, 2026. Enter saves, Escape cancels.'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', '/api/tasks/1/schedule')).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/tasks/1/schedule')).toHaveLength(1));
    expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/1/schedule')[0]?.init)).toEqual({
      startDate: '2026-03-10',
      dueDate: '2026-03-12',
      shiftBlocked: true,
    });
    // The task it blocks moved with it at once, before the server answered.
    expect(
      await screen.findByRole('group', { name: /^ATL-2 Task 2: Mar 13, 2026 – Mar 17, 2026$/ }),
    ).toBeVisible();
    answer.resolve(
      jsonResponse(200, {
        task: task('1'),
        days: 8,
        shifted: [
          {
            id: '2',
            startDate: '2026-03-13',
            dueDate: '2026-03-17',
            previous: { startDate: '2026-03-05', dueDate: '2026-03-09' },
          },
        ],
      }),
    );
    await waitFor(() => expect(toast.undoable).toHaveBeenCalled());
    const [title, options] = vi.mocked(toast.undoable).mock.calls[0] ?? [];
    expect(title).toBe('Task moved');
    expect(options?.description).toContain('1 blocked task moved');
    await options?.undo();
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/tasks/1/schedule')).toHaveLength(2));
    expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/1/schedule')[1]?.init)).toEqual({
      startDate: '2026-03-02',
      dueDate: '2026-03-04',
      shiftBlocked: true,
    });
  });

  it('resizes the end with Alt+arrows, puts it back on Escape, and moves alone when shifting is off', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(schedule());
    renderTab('/products/p-1?tab=schedule&shift=0');
    const first = await screen.findByRole('group', { name: /^ATL-1 Task 1:/ });
    first.focus();
    await user.keyboard('{ArrowLeft}{Escape}{Alt>}{ArrowRight}{ArrowRight}{/Alt}{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/tasks/1/schedule')).toHaveLength(1));
    expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/1/schedule')[0]?.init)).toEqual({
      startDate: '2026-03-02',
      dueDate: '2026-03-06',
      shiftBlocked: false,
    });
  });

  it('puts a refused move back and says why', async () => {
    const user = userEvent.setup();
    stubApi(schedule(), () =>
      apiError(403, 'READ_ONLY', 'Guests can only change the status of tasks assigned to them.'),
    );
    renderTab();
    const first = await screen.findByRole('group', { name: /^ATL-1 Task 1:/ });
    first.focus();
    await user.keyboard('{ArrowRight}{Enter}');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Could not move the task', expect.anything()),
    );
    expect(bar(/^ATL-1 Task 1: Mar 2, 2026 – Mar 4, 2026$/)).toBeInTheDocument();
  });

  it('gives an undated task today’s dates with its button', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(schedule());
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Schedule Someday for today' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/tasks/3/schedule')).toHaveLength(1));
    expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/3/schedule')[0]?.init)).toMatchObject({
      startDate: '2026-03-03',
      dueDate: '2026-03-03',
    });
  });

  it('highlights the critical path and groups by the URL’s choice', async () => {
    const user = userEvent.setup();
    stubApi(schedule());
    renderTab('/products/p-1?tab=schedule&group=state');
    expect(await screen.findByRole('heading', { name: /To do/ })).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Critical path' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(bar(/^ATL-1 Task 1:.*on the critical path/)).toHaveAttribute('data-critical', 'true');
    expect(screen.getByTestId('gantt-arrows').querySelector('path[data-link="1>2"]')).toHaveAttribute(
      'data-critical',
      'true',
    );
  });

  it('offers no moves to whom may not edit the tasks', async () => {
    stubApi(schedule({ canEdit: false }));
    renderTab();
    const first = await screen.findByRole('group', { name: /^ATL-1 Task 1:/ });
    expect(first).toHaveAttribute('tabindex', '-1');
    expect(screen.queryByRole('button', { name: /for today/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/By keyboard/)).not.toBeInTheDocument();
  });

  it('shows a read-only list on a phone', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: /max-width/.test(query),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      })),
    );
    stubApi(schedule());
    renderTab();
    const list = await screen.findByTestId('schedule-list');
    expect(within(list).getByText(/Blocked by 1 task$/)).toBeInTheDocument();
    expect(screen.queryByTestId('gantt')).not.toBeInTheDocument();
  });
});
