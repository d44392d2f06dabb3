import { commentMessages, normaliseTaskKey, type TaskDetail } from '@shipyard/shared';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ParentTask } from '../../components/app-extensions.tsx';
import { useSession } from '../../features/auth/api/get-session.ts';
import { checklistKeys } from '../../features/checklists/api/keys.ts';
import { TaskChecklist } from '../../features/checklists/components/task-checklist.tsx';
import { commentKeys } from '../../features/comments/api/keys.ts';
import { TaskConversation } from '../../features/comments/components/task-conversation.tsx';
import { WatchButton } from '../../features/comments/components/watch-button.tsx';
import { cycleKeys } from '../../features/cycles/api/keys.ts';
import { TaskCycleField } from '../../features/cycles/components/task-cycle-field.tsx';
import { fieldKeys } from '../../features/fields/api/keys.ts';
import { TaskFieldsSection } from '../../features/fields/components/task-fields-section.tsx';
import { hierarchyKeys } from '../../features/hierarchy/api/keys.ts';
import { TaskRelations } from '../../features/hierarchy/components/task-relations.tsx';
import { TaskBreadcrumb, TaskSubtasks } from '../../features/hierarchy/components/task-subtasks.tsx';
import { labelKeys } from '../../features/labels/api/keys.ts';
import { TaskLabelsField } from '../../features/labels/components/task-labels-field.tsx';
import { TaskRepeatField } from '../../features/recurrence/components/task-repeat-field.tsx';
import { taskFileKeys } from '../../features/task-files/api/keys.ts';
import { TaskFiles } from '../../features/task-files/components/task-files.tsx';
import { TaskFormDialog } from '../../features/tasks/components/task-form-dialog.tsx';
import { TaskPage, type TaskPageSlots } from '../../features/tasks/components/task-page/task-page.tsx';
import { TaskPageByKey } from '../../features/tasks/components/task-page/task-page-by-key.tsx';
import { timeKeys } from '../../features/time/api/keys.ts';
import { TaskTime } from '../../features/time/components/task-time.tsx';

/**
 * The detail carries the checklist, labels, files, watchers, sub-tasks, relations, time and cycle in the shapes of their own GET
 * routes: put them in those queries' caches before their components mount, so the page costs
 * two requests (the detail and the conversation's first page). Only where the cache is empty:
 * once a part is mounted, its own query and the realtime changes keep it fresh.
 */
function seedParts(queryClient: QueryClient, detail: TaskDetail) {
  const id = detail.task.id;
  const seed = (key: QueryKey, data: unknown) => {
    if (queryClient.getQueryData(key) === undefined) queryClient.setQueryData(key, data);
  };
  seed(checklistKeys.ofTask(id), detail.checklist);
  seed(labelKeys.ofTask(id), detail.labels);
  seed(taskFileKeys.ofTask(id), detail.files);
  seed(commentKeys.watchers(id), detail.watchers);
  seed(hierarchyKeys.subtasks(id), detail.subtasks);
  seed(hierarchyKeys.relations(id), detail.relations);
  seed(fieldKeys.product(detail.task.projectId), detail.fields);
  if (detail.time) seed(timeKeys.ofTask(id), detail.time);
  if (detail.cycle) seed(cycleKeys.ofTask(id), detail.cycle);
}

/**
 * A task's page with every feature's part: the /tasks/{id} route, and the task beside the
 * inbox's list (issue 30). `id` is the task's id or key (`ATL-12`, issue 28); `keys`: whether
 * the task's action keys act (not beside the inbox, whose keys are its own); `onDeleted`: what
 * follows a trash from the page (the inbox moves on; by default the page leaves).
 */
export function TaskView({
  id,
  keys = true,
  onDeleted,
}: {
  id: string;
  keys?: boolean;
  onDeleted?: (() => void) | undefined;
}) {
  const queryClient = useQueryClient();
  // RequireSession has loaded the user before any signed-in page renders.
  const { data: user } = useSession();
  const viewer = { id: user?.id ?? '', role: user?.role ?? ('guest' as const) };
  const person = { ...viewer, name: user?.name ?? '', avatar_url: user?.avatar_url ?? null };
  // Issue 29: "Add with details" in the sub-tasks opens the create dialog with the task as parent.
  const [subtaskOf, setSubtaskOf] = useState<(ParentTask & { projectId: string }) | null>(null);

  // The other features' parts of the page (features never import each other; the app composes).
  // Each part's cache is seeded from the detail before the first of them renders.
  const parts: TaskPageSlots = {
    watch: ({ task, product }) => <WatchButton taskId={task.id} disabled={product.archived} />,
    checklist: ({ task, permissions }) => <TaskChecklist taskId={task.id} canEdit={permissions.canEdit} />,
    // Issue 29: sub-tasks, parents and relations (features/hierarchy).
    breadcrumb: ({ task }) => <TaskBreadcrumb taskId={task.id} />,
    subtasks: ({ task, permissions }) => (
      <TaskSubtasks task={task} canEdit={permissions.canEdit} onAddWithDetails={() => setSubtaskOf(task)} />
    ),
    relations: ({ task, permissions }) => <TaskRelations taskId={task.id} canEdit={permissions.canEdit} />,
    // Issue 31: logged time, the timer and manual entries; guests and archived products only read.
    time: ({ task, permissions }) => (
      <TaskTime
        task={task}
        viewerId={viewer.id}
        canLog={permissions.canEdit && viewer.role !== 'guest'}
        keys={keys}
      />
    ),
    // Issue 31: the task's cycle (features/cycles), changed by whoever may change the task.
    cycle: ({ task, permissions }) => <TaskCycleField taskId={task.id} canEdit={permissions.canEdit} />,
    files: ({ task, permissions }) => <TaskFiles taskId={task.id} canEdit={permissions.canEdit} />,
    fields: ({ task, permissions }) => (
      <TaskFieldsSection
        taskId={task.id}
        productId={task.projectId}
        values={task.fields}
        canEdit={permissions.canEdit}
      />
    ),
    labels: ({ task, permissions }) => (
      <TaskLabelsField taskId={task.id} productId={task.projectId} canEdit={permissions.canEdit} />
    ),
    repeat: ({ task, permissions }) => (
      <TaskRepeatField
        taskId={task.id}
        dueDate={task.dueDate}
        canEdit={permissions.canEdit}
        recurring={task.recurring === true}
        version={task.updatedAt}
      />
    ),
    comments: ({ task, product, permissions }) => (
      <TaskConversation
        taskId={task.id}
        viewer={person}
        canComment={permissions.canComment}
        readOnlyHint={product.archived ? commentMessages.archivedHint : commentMessages.guestHint}
      />
    ),
  };
  const slots = Object.fromEntries(
    Object.entries(parts).map(([name, part]) => [
      name,
      (detail: TaskDetail) => {
        seedParts(queryClient, detail);
        return part(detail);
      },
    ]),
  ) as TaskPageSlots;
  const taskKey = normaliseTaskKey(id);
  return (
    <>
      {taskKey ? (
        <TaskPageByKey
          key={taskKey}
          taskKey={taskKey}
          viewer={viewer}
          slots={slots}
          keys={keys}
          onDeleted={onDeleted}
        />
      ) : (
        // Keyed by id: another task starts with fresh state (no half-typed title carried over).
        <TaskPage key={id} taskId={id} viewer={viewer} slots={slots} keys={keys} onDeleted={onDeleted} />
      )}
      {subtaskOf ? (
        <TaskFormDialog
          open
          onOpenChange={(open) => {
            if (!open) setSubtaskOf(null);
          }}
          productId={subtaskOf.projectId}
          defaults={{
            projectId: subtaskOf.projectId,
            labelIds: [],
            labelNames: [],
            parent: { id: subtaskOf.id, key: subtaskOf.key, title: subtaskOf.title },
          }}
        />
      ) : null}
    </>
  );
}
