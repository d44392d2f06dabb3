import { lazy, Suspense } from 'react';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useSession } from '../../features/auth/api/get-session.ts';
import type { RenderTask } from '../../features/notifications/components/inbox.tsx';
import { NotificationsPage } from '../../features/notifications/components/notifications-page.tsx';

// The task beside the inbox's list (issue 30) is the task page itself, loaded when first shown.
const TaskView = lazy(() => import('./task-view.tsx').then((m) => ({ default: m.TaskView })));

const renderTask: RenderTask = (taskId, pane) => (
  <Suspense fallback={<Skeleton className="h-64 w-full" />}>
    {/* The inbox's keys (j/k, e, h, u) are its own: the task's action keys stay off here. After a
        trash from the pane (its menu, the palette), the inbox moves on instead of the page leaving. */}
    <TaskView id={taskId} keys={false} onDeleted={pane.onDeleted} />
  </Suspense>
);

export function Component() {
  const { data: user } = useSession();
  return <NotificationsPage userId={user?.id} renderTask={renderTask} />;
}
