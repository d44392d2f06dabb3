import { ErrorState } from '../../../../components/error-state.tsx';
import { useInPanel } from '../../../../components/route-panel.tsx';
import { ApiRequestError } from '../../../../lib/api-client.ts';
import { useTaskByKey } from '../../api/get-task-by-key.ts';
import { TaskNotFound, TaskPage, type TaskPageProps, TaskPageSkeleton } from './task-page.tsx';

/**
 * /tasks/ATL-12 (issue 28): the task the key names (an old key too, after a move or its product's
 * new key), then its page as /tasks/{id} shows it. The URL keeps the key.
 */
export function TaskPageByKey({ taskKey, ...props }: Omit<TaskPageProps, 'taskId'> & { taskKey: string }) {
  const inPanel = useInPanel();
  const query = useTaskByKey(taskKey);
  if (query.isPending) return <TaskPageSkeleton inPanel={inPanel} />;
  if (query.isError) {
    if (query.error instanceof ApiRequestError && query.error.status === 404) return <TaskNotFound />;
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }
  // Keyed by id: another task starts with fresh state.
  return <TaskPage key={query.data.id} taskId={query.data.id} {...props} />;
}
