import type { TaskTime as TaskTimeData, TimeEntry, TimerState } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { TaskTime } from './task-time.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const TASK = { id: 't-1', key: 'ATL-12', title: 'Fix the login' };
const ME = 'u-me';

const entry = (id: string, seconds: number, authorId: string, note = ''): TimeEntry => ({
  id,
  taskId: TASK.id,
  author: { id: authorId, name: authorId === ME ? 'Me' : 'Someone' },
  date: '2026-11-30',
  seconds,
  note,
  source: 'manual',
  startedAt: null,
  endedAt: null,
  createdAt: '2026-11-30T10:00:00.000Z',
  updatedAt: '2026-11-30T10:00:00.000Z',
});

/** A little server: the task's time and the caller's timer, as the API answers them. */
function serve(entries: TimeEntry[], { estimate = '4', scale = 'hours' } = {}) {
  let timer: TimerState['timer'] = null;
  const time = (): TaskTimeData => ({
    taskId: TASK.id,
    estimate,
    estimateScale: scale,
    totalSeconds: entries.reduce((sum, e) => sum + e.seconds, 0),
    mySeconds: entries.filter((e) => e.author?.id === ME).reduce((sum, e) => sum + e.seconds, 0),
    entryCount: entries.length,
    entries,
  });
  return routeFetch({
    [`GET /api/tasks/${TASK.id}/time`]: () => jsonResponse(200, time()),
    'GET /api/me/timer': () => jsonResponse(200, { timer }),
    [`POST /api/tasks/${TASK.id}/timer`]: () => {
      timer = {
        id: 'run-1',
        startedAt: new Date().toISOString(),
        date: '2026-11-30',
        task: { ...TASK, projectId: 'p-1' },
      };
      return jsonResponse(200, { timer });
    },
    'DELETE /api/me/timer': () => {
      timer = null;
      return jsonResponse(200, { timer: null, stopped: entry('e-new', 5, ME) });
    },
    [`POST /api/tasks/${TASK.id}/time`]: ({ init }) => {
      const body = JSON.parse(String(init?.body));
      entries = [entry(`e-${entries.length + 1}`, body.seconds, ME, body.note), ...entries];
      return jsonResponse(201, time());
    },
  });
}

describe('TaskTime', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows the time logged against an hours estimate, and Edit and Delete on one’s own entries only', async () => {
    serve([entry('e-1', 5400, ME, 'Pairing'), entry('e-2', 1800, 'u-other')]);
    renderWithProviders(<TaskTime task={TASK} viewerId={ME} canLog keys />);
    expect(await screen.findByText('2h logged of 4h estimated')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Logged against the estimate' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(screen.getByText('1h 30m of it by you')).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Time entries' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(
      within(rows[0] as HTMLElement).getByRole('button', { name: /Actions for the entry/ }),
    ).toBeVisible();
    expect(within(rows[1] as HTMLElement).queryByRole('button')).toBeNull();
  });

  it('starts and stops the timer from its button and with Shift+T', async () => {
    const fetchMock = serve([]);
    const { user } = renderWithProviders(<TaskTime task={TASK} viewerId={ME} canLog keys />);
    await user.click(await screen.findByRole('button', { name: 'Start timer' }));
    expect(await screen.findByRole('button', { name: /Stop timer/ })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `/api/tasks/${TASK.id}/timer`)).toHaveLength(1);

    await user.keyboard('{Shift>}T{/Shift}');
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/me/timer')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Start timer' })).toBeInTheDocument();
  });

  it('logs time typed as people say it, and refuses what is not a duration with the field’s message', async () => {
    const fetchMock = serve([], { estimate: '', scale: 'points' });
    const { user } = renderWithProviders(<TaskTime task={TASK} viewerId={ME} canLog keys />);
    expect(await screen.findByText('0m logged')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log time' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Duration'), 'soon');
    await user.click(within(dialog).getByRole('button', { name: 'Log time' }));
    expect(await within(dialog).findByText('Enter a duration like 1h 30m, 90m or 1.5h.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `/api/tasks/${TASK.id}/time`)).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Duration'));
    await user.type(within(dialog).getByLabelText('Duration'), '1h 30m');
    await user.type(within(dialog).getByLabelText('Note'), 'Review');
    await user.click(within(dialog).getByRole('button', { name: 'Log time' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', `/api/tasks/${TASK.id}/time`)).toHaveLength(1));
    const body = JSON.parse(String(callsTo(fetchMock, 'POST', `/api/tasks/${TASK.id}/time`)[0]?.init?.body));
    expect(body).toMatchObject({ seconds: 5400, note: 'Review' });
    expect(await screen.findByText('1h 30m logged')).toBeInTheDocument();
  });

  it('offers no timer or logging to whoever may only read', async () => {
    serve([entry('e-1', 600, ME)]);
    renderWithProviders(<TaskTime task={TASK} viewerId={ME} canLog={false} keys />);
    expect(await screen.findByText(/10m logged/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start timer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log time' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Actions for the entry/ })).toBeNull();
  });
});
