import type { Role, TaskDetail, TaskStatus } from '@shipyard/shared';
import { taskMessages } from '@shipyard/shared';
import { ArrowLeftIcon, SearchXIcon } from 'lucide-react';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ArchivedBanner } from '../../../../components/archived-banner.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { ErrorState } from '../../../../components/error-state.tsx';
import { useInPanel } from '../../../../components/route-panel.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { useIsMobile } from '../../../../hooks/use-mobile.ts';
import { ApiRequestError } from '../../../../lib/api-client.ts';
import { cn } from '../../../../lib/cn.ts';
import { k, t } from '../../../../lib/i18n/index.ts';
import { paths } from '../../../../lib/paths.ts';
import { useTaskDetail } from '../../api/get-task-detail.ts';
import { TaskActionsMenu } from '../task-actions-menu.tsx';
import { TaskFormDialog } from '../task-form-dialog.tsx';
import { TaskPendingMark } from '../task-sync.tsx';
import { TaskChips } from './task-chips.tsx';
import { TaskDescription } from './task-description.tsx';
import { TaskHistory } from './task-history.tsx';
import { TaskKeyBar } from './task-key-bar.tsx';
import { TaskPageKeys } from './task-page-keys.tsx';
import { TaskProperties } from './task-properties.tsx';
import { TaskTitle, type TaskTitleHandle } from './task-title.tsx';
import { useSaveTask } from './use-save-task.ts';

/**
 * What the app plugs into the page (issue 15): the other features' parts, which this feature may
 * not import (features never import each other; apps/web/src/app/routes/task.tsx composes them).
 */
export type TaskPageSlots = Partial<
  Record<
    // Issue 29: its parents above the title, its sub-tasks and relations below the description.
    | 'checklist'
    | 'labels'
    | 'fields'
    | 'files'
    | 'comments'
    | 'watch'
    | 'repeat'
    | 'breadcrumb'
    | 'subtasks'
    | 'relations'
    // Issue 31: its logged time and the timer (features/time), its cycle (features/cycles).
    | 'time'
    | 'cycle',
    (detail: TaskDetail) => ReactNode
  >
>;

export type TaskPageProps = {
  taskId: string;
  viewer: { id: string; role: Role };
  slots?: TaskPageSlots;
  /**
   * Whether the action keys (issue 30) act on this task: not where the page is a part of another
   * screen with keys of its own (the inbox's split view).
   */
  keys?: boolean;
  /**
   * After the task went to the trash from this page (its menu, Delete, the palette): by default
   * back where the user came from, else to /tasks; the inbox's pane moves on to the next notification.
   */
  onDeleted?: () => void;
};

/**
 * A headed part of the page; the app supplies the body of the ones other features own. `title` is
 * the English text (`data-property`, where the keys find it), shown in the reader's language.
 */
function PageSection({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <section aria-labelledby={id} data-property={title} className="grid gap-2">
      <h2 id={id} className="font-medium text-sm">
        {t(title)}
      </h2>
      {children}
    </section>
  );
}

/**
 * The task's page (issue 15), the same as a full page at /tasks/{id} and as the side panel
 * opened from a list: title and markdown description edited in place, the properties beside
 * them (below on a narrow screen), the places of the checklist, files and conversation, and the
 * history of its changes. One request (GET /tasks/{id}/detail) fills all of it.
 */
/** The page of a task that does not exist or that the viewer may not see (one answer for both). */
export function TaskNotFound() {
  return (
    <EmptyState
      icon={SearchXIcon}
      title={t(taskMessages.notFound)}
      description={t('It may have been deleted, or it belongs to a product you cannot see.')}
      action={
        <Button asChild variant="outline" size="sm">
          <Link to={paths.tasks()}>
            <ArrowLeftIcon className="rtl:-scale-x-100" aria-hidden="true" />
            {t('Back to tasks')}
          </Link>
        </Button>
      }
    />
  );
}

export function TaskPage({ taskId, viewer, slots = {}, keys = true, onDeleted: afterDelete }: TaskPageProps) {
  const inPanel = useInPanel();
  const root = useRef<HTMLElement | null>(null);
  const navigate = useNavigate();
  const fromInside = useLocation().key !== 'default';
  const title = useRef<TaskTitleHandle>(null);
  const editTitle = useCallback(() => title.current?.edit(), []);
  const query = useTaskDetail(taskId);
  const save = useSaveTask(taskId);
  const [editing, setEditing] = useState(false);
  // Issue 33: a phone shows the properties as chips under the title; the whole panel on demand.
  const phone = useIsMobile();
  const [allProperties, setAllProperties] = useState(false);
  const panelShown = !phone || allProperties;
  // Once the task is in the trash, back where the user came from (Linear's way), else to the tasks.
  const onDeleted = useCallback(() => {
    if (afterDelete) afterDelete();
    else if (inPanel || fromInside) navigate(-1);
    else navigate(paths.tasks(), { replace: true });
  }, [afterDelete, inPanel, fromInside, navigate]);
  const onChangeStatus = useCallback(
    (task: { status: TaskStatus }, status: TaskStatus, stateId?: string) =>
      void save.saveStatus(task.status, status, stateId),
    [save],
  );

  if (query.isPending) return <TaskPageSkeleton inPanel={inPanel} />;
  if (query.isError) {
    if (query.error instanceof ApiRequestError && query.error.status === 404) return <TaskNotFound />;
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }

  const detail = query.data;
  const { task, permissions, product } = detail;
  // An archived product is read-only: the menu then offers nothing (the server refuses anyway).
  const menuViewer = product.archived ? { id: '', role: 'guest' as const } : viewer;

  const page = (
    <article
      ref={root}
      aria-labelledby="task-page-title"
      // One column no wider than the page: a long word or a wide part below wraps or scrolls inside.
      className={cn(
        '@container mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6',
        inPanel && 'p-4 pt-12 sm:p-6 sm:pt-12',
      )}
    >
      <header className="grid grid-cols-[minmax(0,1fr)] gap-3">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          {inPanel ? null : (
            <Link
              to={paths.tasks()}
              className="inline-flex w-fit items-center gap-1.5 rounded-sm text-muted-foreground text-sm outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <ArrowLeftIcon className="size-4 rtl:-scale-x-100" aria-hidden="true" />
              {t('Tasks')}
            </Link>
          )}
          <TaskKeyBar task={task} />
          <TaskPendingMark taskId={task.id} />
          {slots.breadcrumb?.(detail)}
        </div>
        <div className="flex items-start gap-2">
          <div id="task-page-title" className="min-w-0 flex-1">
            <TaskTitle
              ref={title}
              title={task.title}
              canEdit={permissions.canEdit}
              onSave={(title) => save.save({ title })}
            />
          </div>
          {slots.watch?.(detail)}
          <TaskActionsMenu
            task={task}
            viewer={menuViewer}
            place={keys ? 'page' : undefined}
            onEdit={() => setEditing(true)}
            onChangeStatus={onChangeStatus}
            onDeleted={onDeleted}
            states={detail.states}
          />
        </div>
        {phone ? (
          <TaskChips
            detail={detail}
            save={save}
            moreOpen={allProperties}
            onToggleMore={() => setAllProperties((open) => !open)}
          />
        ) : null}
        {product.archived ? <ArchivedBanner /> : null}
      </header>

      <div className="grid gap-8 @2xl:grid-cols-[minmax(0,1fr)_15rem]">
        <div className="grid min-w-0 content-start gap-8">
          <TaskDescription
            description={task.description}
            canEdit={permissions.canEdit}
            onSave={(description) => save.save({ description })}
          />
          {/* The checklist, the files and the conversation come with their own headings (the app
              plugs them in: features/checklists, features/task-files, features/comments). */}
          {slots.subtasks?.(detail)}
          {slots.checklist?.(detail)}
          {slots.time?.(detail)}
          {slots.relations?.(detail)}
          {slots.files?.(detail)}
          {slots.comments?.(detail)}
          <PageSection id="task-history" title={k('History')}>
            <TaskHistory taskId={task.id} first={detail.history} />
          </PageSection>
        </div>
        <aside
          id="task-properties-panel"
          aria-label={t('Properties')}
          data-properties=""
          hidden={!panelShown}
          // On a phone, opened from the chips: right under them, above the description.
          className="grid content-start gap-6 max-md:order-first @2xl:border-s @2xl:ps-6"
        >
          <TaskProperties detail={detail} save={save} />
          {/* The product's custom fields (issue 29: features/fields), with their own heading. */}
          {slots.fields?.(detail)}
          {slots.labels ? (
            <PageSection id="task-labels" title={k('Labels')}>
              {slots.labels(detail)}
            </PageSection>
          ) : null}
          {slots.repeat ? (
            <PageSection id="task-repeat" title={k('Repeat')}>
              {slots.repeat(detail)}
            </PageSection>
          ) : null}
          {slots.cycle ? (
            <PageSection id="task-cycle" title={k('Cycle')}>
              {slots.cycle(detail)}
            </PageSection>
          ) : null}
        </aside>
      </div>

      <TaskFormDialog open={editing} onOpenChange={setEditing} task={task} productId={task.projectId} />
    </article>
  );
  // The keys' provider opens the pickers for the menu and offers the task to the palette, keys or not.
  return (
    <TaskPageKeys
      task={task}
      viewer={viewer}
      canEdit={permissions.canEdit && !product.archived}
      root={root}
      editTitle={editTitle}
      leave={onDeleted}
      listen={keys}
    >
      {page}
    </TaskPageKeys>
  );
}

export function TaskPageSkeleton({ inPanel }: { inPanel: boolean }) {
  return (
    <div className={cn('mx-auto grid w-full max-w-6xl gap-6', inPanel && 'p-4 pt-12 sm:p-6 sm:pt-12')}>
      <p role="status" className="sr-only">
        {t('Loading task...')}
      </p>
      <Skeleton className="h-8 w-2/3" />
      <div className="grid gap-8 md:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="grid content-start gap-3">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-4 w-3/5" />
        </div>
        <div className="grid content-start gap-4">
          {[0, 1, 2, 3, 4, 5].map((row) => (
            <div key={row} className="grid gap-1">
              <Skeleton className="h-3 w-16" />
              <Skeleton className="h-8 w-full" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
