import { useSession } from '../../features/auth/api/get-session.ts';
import { TasksPage } from '../../features/tasks/components/tasks-page.tsx';
import { listLoggedTime } from '../../features/time/components/list-logged-time.tsx';
import { SaveViewButton } from '../../features/views/components/save-view-dialog.tsx';
import { TaskDisplayScope } from '../../hooks/task-display-scope.tsx';
import { TaskListMetaProvider } from '../../hooks/task-list-meta.tsx';
import { usePrefetchTaskRoute } from './prefetch-task-route.ts';

export function Component() {
  // RequireSession has loaded the user before any signed-in page renders.
  const { data: user } = useSession();
  usePrefetchTaskRoute();
  if (!user) return null;
  return (
    <TaskDisplayScope>
      {/* Issue 31: the time logged on the listed tasks, beside their count. */}
      <TaskListMetaProvider meta={listLoggedTime}>
        <TasksPage
          viewer={{ id: user.id, role: user.role }}
          actions={<SaveViewButton viewerRole={user.role} />}
        />
      </TaskListMetaProvider>
    </TaskDisplayScope>
  );
}
