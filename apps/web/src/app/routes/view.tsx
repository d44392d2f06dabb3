import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ErrorState } from '../../components/error-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useSession } from '../../features/auth/api/get-session.ts';
import { TasksPage } from '../../features/tasks/components/tasks-page.tsx';
import { listLoggedTime } from '../../features/time/components/list-logged-time.tsx';
import { useView } from '../../features/views/api/views.ts';
import { OpenViewActions, viewDescription } from '../../features/views/components/open-view-actions.tsx';
import { TaskDisplayScope } from '../../hooks/task-display-scope.tsx';
import { TaskListMetaProvider } from '../../hooks/task-list-meta.tsx';
import { t } from '../../lib/i18n/index.ts';
import { usePrefetchTaskRoute } from './prefetch-task-route.ts';

/**
 * /views/:id (issue 28): the task list with the view's filters (in the URL, as on /tasks) and
 * display, under the view's name. Opened without a query, it takes the view's own.
 */
export function Component() {
  const { id = '' } = useParams();
  const { data: user } = useSession();
  const view = useView(id);
  const { search } = useLocation();
  const navigate = useNavigate();
  const [appliedTo, setAppliedTo] = useState<string>();
  usePrefetchTaskRoute();

  const stored = view.data;
  useEffect(() => {
    if (!stored || appliedTo === stored.id) return;
    if (search === '' && stored.query !== '') navigate({ search: `?${stored.query}` }, { replace: true });
    setAppliedTo(stored.id);
  }, [stored, appliedTo, search, navigate]);

  if (!user) return null;
  if (view.isError) {
    return (
      <ErrorState
        title={t('Failed to open the view')}
        error={view.error}
        onRetry={() => view.refetch()}
        retrying={view.isFetching}
      />
    );
  }
  if (!stored || appliedTo !== stored.id) {
    return (
      <div role="status" aria-label={t('Loading the view')} className="mx-auto grid w-full max-w-7xl gap-4">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  return (
    <TaskDisplayScope key={stored.id} initial={stored.display}>
      {/* Issue 31: the time logged on the view's tasks, beside their count. */}
      <TaskListMetaProvider meta={listLoggedTime}>
        <TasksPage
          viewer={{ id: user.id, role: user.role }}
          title={stored.name}
          description={viewDescription(stored)}
          actions={<OpenViewActions view={stored} />}
        />
      </TaskListMetaProvider>
    </TaskDisplayScope>
  );
}
