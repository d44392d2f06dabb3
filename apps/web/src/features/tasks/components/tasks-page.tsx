import { canEditTasks } from '@shipyard/shared';
import { PlusIcon } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { ClearFiltersButton } from '../../../components/clear-filters-button.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { ListBoardPanels, ListBoardTabs, ListBoardTabsList } from '../../../components/list-board-tabs.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useTaskDisplay } from '../../../hooks/task-display-scope.tsx';
import { useIsMobile } from '../../../hooks/use-mobile.ts';
import { t } from '../../../lib/i18n/index.ts';
import { useProductOptions } from '../../../lib/product-options.ts';
import { taskExportPath } from '../api/get-tasks.ts';
import { TaskBoard } from './task-board.tsx';
import type { Viewer } from './task-board-model.ts';
import { taskDefaultsFrom } from './task-defaults.ts';
import { TaskFilterBar, TaskPresets, TaskSearchBox } from './task-filter-bar.tsx';
import { TaskFilterSheet } from './task-filter-sheet.tsx';
import { TaskFormDialog } from './task-form-dialog.tsx';
import { TaskList } from './task-list.tsx';
import { TaskDisplayMenu, TaskGroupMenu, TaskSortMenu } from './task-view-menus.tsx';
import { useTaskDialog } from './use-task-dialog.ts';
import { useTasksPageFilters } from './use-task-filters.ts';

export type TasksPageProps = {
  /** The signed-in user: who may add and edit tasks, and whose tasks a guest may move (spec §6). */
  viewer: Viewer;
  /** The heading: 'Tasks', or a saved view's name (issue 28). */
  title?: string;
  /** The line under the heading (a saved view says whose it is and who sees it). */
  description?: string;
  /** Buttons the page composing this one adds first in the header ("Save view", "Save changes"). */
  actions?: ReactNode;
};

/** Spec §2.15 /tasks: every task the viewer may see, filtered, as a list or a board. */
export function TasksPage({
  viewer,
  title = t('Tasks'),
  description = t('Plan, assign and follow the work across your products.'),
  actions,
}: TasksPageProps) {
  const { state, update, filters, narrowed, clear } = useTasksPageFilters();
  const products = useProductOptions();
  const productOptions = products.data ?? [];

  const { id: viewerId, role } = viewer;
  const me = useMemo(() => ({ id: viewerId, role }), [viewerId, role]);
  const canEdit = canEditTasks(role);
  const dialog = useTaskDialog();
  const [display, changeDisplay] = useTaskDisplay();

  const emptyAction = narrowed ? (
    <ClearFiltersButton onClick={clear} inEmptyState />
  ) : canEdit ? (
    <Button size="sm" onClick={dialog.add}>
      <PlusIcon aria-hidden="true" />
      {t('Add Task')}
    </Button>
  ) : undefined;
  const shown = { filters, viewer: me, onEdit: dialog.edit, narrowed, emptyAction, display };
  const phone = useIsMobile();
  const addButton = canEdit ? (
    <Button onClick={dialog.add} size={phone ? 'sm' : 'default'}>
      <PlusIcon aria-hidden="true" />
      {t('Add Task')}
    </Button>
  ) : null;
  const exportButton = (
    <ExportCsvButton path={taskExportPath({ ...filters, limit: 50 })} fileName="shipyard-tasks.csv" />
  );
  const formDialog = (
    <TaskFormDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      task={dialog.task}
      products={productOptions}
      defaults={taskDefaultsFrom(filters, viewer.id)}
    />
  );

  // Issue 33: a phone gets the tasks first — a line of title and Add, then the search and one
  // Filters button whose sheet holds the rest of the toolbar.
  if (phone) {
    return (
      <div className="mx-auto grid w-full min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
        <div className="flex min-w-0 flex-wrap items-center justify-between gap-2">
          <h1 className="min-w-0 truncate font-semibold text-xl tracking-tight">{title}</h1>
          <div className="flex items-center gap-2">
            {actions}
            {addButton}
          </div>
        </div>
        <ListBoardTabs view={state.view} onViewChange={(view) => update({ view })}>
          <div className="flex min-w-0 items-center gap-2">
            <TaskSearchBox state={state} update={update} className="min-w-0 flex-1" />
            <TaskFilterSheet
              state={state}
              update={update}
              products={productOptions}
              narrowed={narrowed}
              onClear={clear}
              display={display}
              changeDisplay={changeDisplay}
              exportButton={exportButton}
            />
          </div>
          <ListBoardPanels list={<TaskList {...shown} />} board={<TaskBoard {...shown} />} />
        </ListBoardTabs>
        {formDialog}
      </div>
    );
  }

  return (
    <div className="mx-auto grid w-full min-w-0 max-w-7xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title={title}
        description={description}
        actions={
          <>
            {actions}
            {exportButton}
            {addButton}
          </>
        }
      />

      <ListBoardTabs view={state.view} onViewChange={(view) => update({ view })}>
        <div className="grid gap-3">
          <div className="flex min-w-0 flex-wrap items-center justify-between gap-2">
            <TaskPresets state={state} update={update} />
            <div className="flex min-w-0 flex-wrap items-center gap-2 max-sm:w-full">
              <TaskSortMenu state={state} update={update} />
              <TaskGroupMenu state={state} update={update} />
              <TaskDisplayMenu display={display} change={changeDisplay} />
              <ListBoardTabsList />
            </div>
          </div>
          <TaskFilterBar
            state={state}
            update={update}
            products={productOptions}
            narrowed={narrowed}
            onClear={clear}
          />
        </div>
        <ListBoardPanels list={<TaskList {...shown} />} board={<TaskBoard {...shown} />} />
      </ListBoardTabs>

      {formDialog}
    </div>
  );
}
