import { canEditTasks } from '@shipyard/shared';
import { Plus } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { EmptyStateButton } from '../../../components/empty-state.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { taskExportPath } from '../api/get-tasks.ts';
import type { Viewer } from './task-board-model.ts';
import { taskDefaultsFrom } from './task-defaults.ts';
import { TaskFormDialog } from './task-form-dialog.tsx';
import { TaskLabelFilter } from './task-label-filter.tsx';
import { LIST_LIMIT, TaskList } from './task-list.tsx';
import { TaskStatusTabs } from './task-status-tabs.tsx';
import { useTaskDialog } from './use-task-dialog.ts';
import { useProductTasksFilters } from './use-task-filters.ts';

/**
 * Spec §2.11 Tasks tab: the product's tasks by status and label, with the row menu and the task
 * dialog; the task list of /tasks, for this product.
 */
export function ProductTasksTab({
  productId,
  viewer,
  actions,
}: {
  productId: string;
  viewer: Viewer;
  /** More buttons beside "Create Task" (the route puts the labels manager there). */
  actions?: ReactNode;
}) {
  // Callers pass a fresh object each render; the memoized rows should not redraw for that.
  const { id: viewerId, role } = viewer;
  const me = useMemo<Viewer>(() => ({ id: viewerId, role }), [viewerId, role]);
  const canEdit = canEditTasks(role);
  const { status, setStatus, labelId, setLabel, filters } = useProductTasksFilters(productId);
  const dialog = useTaskDialog();

  return (
    <Card className="gap-4 pb-0">
      <CardHeader>
        <CardTitle className="text-base">{t('Tasks')}</CardTitle>
        {/* On a phone the toolbar takes its own row under the title and wraps, so nothing runs off screen. */}
        <CardAction className="col-span-2 col-start-1 row-span-1 row-start-2 flex flex-wrap items-center gap-2 justify-self-stretch sm:col-span-1 sm:col-start-2 sm:row-span-2 sm:row-start-1 sm:justify-self-end">
          <TaskLabelFilter
            productId={productId}
            value={labelId}
            onChange={setLabel}
            className="h-8 lg:w-36"
          />
          {actions}
          <ExportCsvButton
            size="sm"
            compact
            path={taskExportPath({ ...filters, limit: LIST_LIMIT })}
            fileName="shipyard-product-tasks.csv"
          />
          {canEdit ? (
            <Button size="sm" onClick={dialog.add}>
              <Plus aria-hidden="true" />
              {t('Create Task')}
            </Button>
          ) : null}
        </CardAction>
      </CardHeader>
      <CardContent className="px-0">
        <TaskStatusTabs productId={productId} labelId={labelId} value={status} onChange={setStatus}>
          <TaskList
            place="product"
            filters={filters}
            viewer={me}
            onEdit={dialog.edit}
            emptyAction={
              canEdit ? (
                <EmptyStateButton icon={Plus} onClick={dialog.add}>
                  {t('Create Task')}
                </EmptyStateButton>
              ) : undefined
            }
          />
        </TaskStatusTabs>
      </CardContent>

      <TaskFormDialog
        open={dialog.open}
        onOpenChange={dialog.onOpenChange}
        task={dialog.task}
        productId={productId}
        defaults={taskDefaultsFrom(filters, me.id)}
      />
    </Card>
  );
}
