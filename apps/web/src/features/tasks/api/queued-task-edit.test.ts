import { TASK_CHANGED } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { apiError, jsonResponse, mockFetch, sentRequest } from '../../../test/fetch-stubs.ts';
import { makeTask } from '../components/test-tasks.ts';
import {
  clashingFields,
  fieldsEdit,
  sendQueuedEdit,
  statusEdit,
  TaskEditConflict,
} from './queued-task-edit.ts';

// Issue 33: a change made offline is sent with the version it was made on; the server's 409
// with the current task is a conflict only when someone else changed one of its fields.

const seen = makeTask({ title: 'Seen', updatedAt: '2025-03-01T10:00:00.000Z' });
const renamed = fieldsEdit(seen, { title: 'Mine' }, { title: 'Mine' });

describe('clashingFields', () => {
  it('is a clash only where the field changed since to another value than this change’s', () => {
    expect(clashingFields(renamed, { ...seen, title: 'Theirs' })).toEqual(['title']);
    expect(clashingFields(renamed, { ...seen, priority: 'high' })).toEqual([]);
    expect(clashingFields(renamed, { ...seen, title: 'Mine' })).toEqual([]);
    const moved = statusEdit(seen, 'Completed');
    expect(clashingFields(moved, { ...seen, status: 'In Progress' })).toEqual(['status']);
  });
});

describe('sendQueuedEdit', () => {
  it('sends the change with the version it was made on', async () => {
    const fetchMock = mockFetch(jsonResponse(200, { ...seen, title: 'Mine' }));
    await expect(sendQueuedEdit(renamed)).resolves.toMatchObject({ title: 'Mine' });
    expect(sentRequest(fetchMock)).toMatchObject({
      method: 'PATCH',
      url: `/api/tasks/${seen.id}/update`,
      body: { title: 'Mine', ifUnmodifiedSince: seen.updatedAt },
    });
  });

  it('sends it again on the new version when only other fields changed', async () => {
    const current = { ...seen, priority: 'high' as const, updatedAt: '2025-03-02T10:00:00.000Z' };
    const fetchMock = mockFetch(
      apiError(409, TASK_CHANGED, 'changed', { current }),
      jsonResponse(200, { ...current, title: 'Mine' }),
    );
    await expect(sendQueuedEdit(renamed)).resolves.toMatchObject({ title: 'Mine', priority: 'high' });
    expect(sentRequest(fetchMock, 1).body).toEqual({ title: 'Mine', ifUnmodifiedSince: current.updatedAt });
  });

  it('rejects with a conflict holding both sides when someone else changed the same field', async () => {
    const current = { ...seen, title: 'Theirs', updatedAt: '2025-03-02T10:00:00.000Z' };
    const fetchMock = mockFetch(apiError(409, TASK_CHANGED, 'changed', { current }));
    const failure = await sendQueuedEdit(renamed).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TaskEditConflict);
    expect(failure).toMatchObject({ current: { title: 'Theirs' }, fields: ['title'], edit: renamed });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends a status change through the status call', async () => {
    const fetchMock = mockFetch(jsonResponse(200, { ...seen, status: 'Completed', previous: {} }));
    await expect(sendQueuedEdit(statusEdit(seen, 'Completed'))).resolves.not.toHaveProperty('previous');
    expect(sentRequest(fetchMock)).toMatchObject({
      url: `/api/tasks/${seen.id}/task/update`,
      body: { status: 'Completed', ifUnmodifiedSince: seen.updatedAt },
    });
  });
});
