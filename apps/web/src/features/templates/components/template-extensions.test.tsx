import type { Role, Task } from '@shipyard/shared';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppExtensions } from '../../../components/app-extensions.tsx';
import { toast } from '../../../lib/toast.ts';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { currentLocation, renderWithProviders } from '../../../test/render.tsx';
import { TemplateExtensions } from './template-extensions.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), undoable: vi.fn() } }));

const task = { id: 'task-1', projectId: 'p-1', title: 'Flaky test', key: 'APO-1' } as Task;

/** The menu items the extensions give a task, as buttons. */
function TaskMenuProbe({ viewerRole, of = task }: { viewerRole: Role; of?: Task }) {
  const actions = useAppExtensions().taskActions?.(of, { id: 'u-1', role: viewerRole }) ?? [];
  return (
    <>
      {actions.map((a) => (
        <button key={a.key} type="button" onClick={a.onSelect}>
          {a.label}
        </button>
      ))}
    </>
  );
}

describe('TemplateExtensions', () => {
  beforeEach(() => vi.clearAllMocks());

  it('duplicates a task, opens the copy and offers Undo, which deletes it', async () => {
    const fetchMock = routeFetch({
      'POST /api/tasks/task-1/duplicate': () => jsonResponse(201, { ...task, id: 'task-2', key: 'APO-2' }),
      'DELETE /api/tasks/task-2': () => jsonResponse(200, { message: 'Task deleted' }),
    });
    const { user } = renderWithProviders(
      <TemplateExtensions>
        <TaskMenuProbe viewerRole="member" />
      </TemplateExtensions>,
    );
    await user.click(screen.getByRole('button', { name: 'Duplicate' }));
    await vi.waitFor(() => expect(toast.undoable).toHaveBeenCalled());
    await vi.waitFor(() => expect(currentLocation()).toBe('/tasks/task-2'));
    const [title, options] = vi.mocked(toast.undoable).mock.calls[0] ?? [];
    expect(title).toBe('Task duplicated');
    await options?.undo();
    const [undone] = callsTo(fetchMock, 'DELETE', '/api/tasks/task-2');
    // The copy alone: no sub-tree was copied.
    expect(undone?.url.searchParams.get('withSubtasks')).toBeNull();
  });

  it('offers "Duplicate with sub-tasks" only for a task that has some, sends withSubtasks, and its Undo trashes the copied tree', async () => {
    const fetchMock = routeFetch({
      'POST /api/tasks/task-1/duplicate': () => jsonResponse(201, { ...task, id: 'task-3', key: 'APO-3' }),
      'DELETE /api/tasks/task-3': () => jsonResponse(200, { message: 'Task deleted' }),
    });
    const { user, unmount } = renderWithProviders(
      <TemplateExtensions>
        <TaskMenuProbe viewerRole="member" of={{ ...task, subtasks: { done: 0, total: 0 } }} />
      </TemplateExtensions>,
    );
    expect(screen.queryByRole('button', { name: 'Duplicate with sub-tasks' })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(
      <TemplateExtensions>
        <TaskMenuProbe viewerRole="member" of={{ ...task, subtasks: { done: 1, total: 2 } }} />
      </TemplateExtensions>,
    );
    await user.click(screen.getByRole('button', { name: 'Duplicate with sub-tasks' }));
    await vi.waitFor(() => expect(currentLocation()).toBe('/tasks/task-3'));
    const [call] = callsTo(fetchMock, 'POST', '/api/tasks/task-1/duplicate');
    expect(JSON.parse(String(call?.init?.body))).toEqual({ withSubtasks: true });
    const [, options] = vi.mocked(toast.undoable).mock.calls[0] ?? [];
    await options?.undo();
    const [undone] = callsTo(fetchMock, 'DELETE', '/api/tasks/task-3');
    expect(undone?.url.searchParams.get('withSubtasks')).toBe('true');
  });

  it('offers a guest nothing', () => {
    renderWithProviders(
      <TemplateExtensions>
        <TaskMenuProbe viewerRole="guest" />
      </TemplateExtensions>,
    );
    expect(screen.queryByRole('button', { name: 'Duplicate' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save as template' })).not.toBeInTheDocument();
  });
});
