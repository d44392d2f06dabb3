import { syncMessages as m, TASK_CHANGED, type TaskDetail } from '@shipyard/shared';
import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, jsonResponse, mockFetch, sentRequest } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { taskKeys } from '../api/get-tasks.ts';
import { fieldsEdit, queuedEditKey, TaskEditConflict } from '../api/queued-task-edit.ts';
import { TaskConflictDialog, TaskPendingMark, TaskSyncStatus } from './task-sync.tsx';
import { makeTask } from './test-tasks.ts';

// Issue 33: what the person sees of offline changes: pending marks, and the conflict's choice.

const seen = makeTask({ title: 'Seen', updatedAt: '2025-03-01T10:00:00.000Z' });
const current = { ...seen, title: 'Theirs', updatedAt: '2025-03-02T10:00:00.000Z' };
const conflict = new TaskEditConflict(fieldsEdit(seen, { title: 'Mine' }, { title: 'Mine' }), current, [
  'title',
]);

afterEach(() => onlineManager.setOnline(true));

describe('TaskSyncStatus and TaskPendingMark', () => {
  it('shows Offline, and Pending sync on the bar and the task while a change waits', async () => {
    onlineManager.setOnline(false);
    const { queryClient } = renderWithProviders(
      <>
        <TaskSyncStatus />
        <TaskPendingMark taskId={seen.id} />
        <TaskPendingMark taskId="another" />
      </>,
    );
    expect(screen.getByText(m.offline)).toBeInTheDocument();
    expect(screen.queryByText(m.pending)).not.toBeInTheDocument();

    const fetchMock = mockFetch(jsonResponse(200, { ...seen, title: 'Mine' }));
    void queryClient
      .getMutationCache()
      .build(queryClient, { mutationKey: queuedEditKey, mutationFn: () => fetch('/api/x') })
      .execute(fieldsEdit(seen, { title: 'Mine' }, { title: 'Mine' }));
    expect(await screen.findAllByText(m.pending)).toHaveLength(2);
    expect(screen.getByTitle(m.pendingCount(1))).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    onlineManager.setOnline(true);
    await waitFor(() => expect(screen.queryByText(m.pending)).not.toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('TaskConflictDialog', () => {
  it('shows both values; Keep current puts the current task on the page and sends nothing', async () => {
    const fetchMock = mockFetch(jsonResponse(200, {}));
    const { user, queryClient } = renderWithProviders(<TaskConflictDialog conflict={conflict} />);
    queryClient.setQueryData<Partial<TaskDetail>>(taskKeys.detail(seen.id), {
      task: { ...seen, title: 'Mine' },
    });
    const dialog = screen.getByRole('alertdialog', { name: m.conflictTitle });
    expect(within(dialog).getByText(m.yours).parentElement).toHaveTextContent('Mine');
    expect(within(dialog).getByText(m.current).parentElement).toHaveTextContent('Theirs');

    await user.click(within(dialog).getByRole('button', { name: m.keepCurrent }));
    await waitFor(() =>
      expect(queryClient.getQueryData<TaskDetail>(taskKeys.detail(seen.id))?.task.title).toBe('Theirs'),
    );
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toHaveLength(0);
  });

  it('Keep yours sends the change again on the current version', async () => {
    const fetchMock = mockFetch(jsonResponse(200, { ...current, title: 'Mine' }), jsonResponse(200, {}));
    const { user } = renderWithProviders(<TaskConflictDialog conflict={conflict} />);
    await user.click(screen.getByRole('button', { name: m.keepYours }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sentRequest(fetchMock)).toMatchObject({
      method: 'PATCH',
      url: `/api/tasks/${seen.id}/update`,
      body: { title: 'Mine', ifUnmodifiedSince: current.updatedAt },
    });
  });

  it('opens from the bar when a queued change meets a conflict', async () => {
    mockFetch(apiError(409, TASK_CHANGED, 'changed', { current }));
    const { queryClient } = renderWithProviders(<TaskSyncStatus />);
    const { sendQueuedEdit } = await import('../api/queued-task-edit.ts');
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationKey: queuedEditKey, mutationFn: sendQueuedEdit, retry: false })
      .execute(fieldsEdit(seen, { title: 'Mine' }, { title: 'Mine' }))
      .catch(() => undefined);
    expect(await screen.findByRole('alertdialog', { name: m.conflictTitle })).toBeInTheDocument();
  });
});
