import { canEditTasks, type Role, TASK_PHASES, TASK_STATUSES, type Task } from '@shipyard/shared';
import { ListIcon, PlusIcon, SquareKanbanIcon, XIcon } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../components/ui/select.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useUrlSearchState } from '../../../hooks/use-url-state.ts';
import { statusLabel } from '../../../lib/format.ts';
import { useProductOptions } from '../../../lib/product-options.ts';
import { taskExportPath } from '../api/get-tasks.ts';
import { TaskBoard } from './task-board.tsx';
import { TaskFormDialog } from './task-form-dialog.tsx';
import { TaskLabelFilter } from './task-label-filter.tsx';
import { TaskList } from './task-list.tsx';
import {
  defaultTasksSearch,
  filtersOf,
  isNarrowed,
  readTasksSearch,
  type TasksView,
  writeTasksSearch,
} from './task-search-params.ts';
import { TaskStatusIcon } from './task-status-badge.tsx';

/** The select value that disables a filter (spec §5). */
const ALL = 'all';

// Filters push a history entry (Back undoes one); the list below keeps its scroll position.
const TASKS_URL_OPTIONS = { replace: false, preventScrollReset: true };

export type TasksPageProps = {
  /** The signed-in user: who may add and edit tasks, and whose tasks a guest may move (spec §6). */
  viewer: { id: string; role: Role };
};

/** Spec §2.15 /tasks: every task the viewer may see, filtered, as a list or a board. */
export function TasksPage({ viewer }: TasksPageProps) {
  const [state, update] = useUrlSearchState(readTasksSearch, writeTasksSearch, TASKS_URL_OPTIONS);
  const products = useProductOptions();
  const productOptions = products.data ?? [];

  const { id: viewerId, role } = viewer;
  const me = useMemo(() => ({ id: viewerId, role }), [viewerId, role]);
  const canEdit = canEditTasks(role);

  // The same filters (by value) keep the same object, so the lists below do not start over.
  const filterKey = writeTasksSearch({ ...state, view: 'list' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the filter values
  const filters = useMemo(() => filtersOf(state), [filterKey]);
  const narrowed = isNarrowed(state);

  const [dialog, setDialog] = useState<{ open: boolean; task?: Task | undefined }>({ open: false });
  const onAdd = useCallback(() => setDialog({ open: true, task: undefined }), []);
  const onEdit = useCallback((task: Task) => setDialog({ open: true, task }), []);
  const onDialogOpenChange = useCallback(
    (open: boolean) => setDialog((current) => ({ ...current, open })),
    [],
  );

  const onSearch = useCallback((search: string) => update({ search }, { replace: true }), [update]);
  const clearFilters = () => update({ ...defaultTasksSearch, view: state.view });

  const emptyAction = narrowed ? (
    <Button variant="outline" size="sm" onClick={clearFilters}>
      <XIcon aria-hidden="true" />
      Clear filters
    </Button>
  ) : canEdit ? (
    <Button size="sm" onClick={onAdd}>
      <PlusIcon aria-hidden="true" />
      Add Task
    </Button>
  ) : undefined;

  return (
    <div className="mx-auto grid w-full min-w-0 max-w-7xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Tasks"
        description="Plan, assign and follow the work across your products."
        actions={
          <>
            <ExportCsvButton path={taskExportPath({ ...filters, limit: 50 })} fileName="shipyard-tasks.csv" />
            {canEdit ? (
              <Button onClick={onAdd}>
                <PlusIcon aria-hidden="true" />
                Add Task
              </Button>
            ) : null}
          </>
        }
      />

      <Tabs
        value={state.view}
        onValueChange={(view) => update({ view: view as TasksView })}
        className="min-w-0 gap-4"
      >
        <div className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-center">
          <SearchBox
            value={state.search}
            onChange={onSearch}
            label="Search tasks"
            placeholder="Search tasks..."
            className="lg:max-w-xs"
          />
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:flex lg:flex-wrap lg:items-center">
            <Select
              value={state.productId ?? ALL}
              // Labels belong to a product: another product starts without a label filter.
              onValueChange={(value) =>
                update({ productId: value === ALL ? undefined : value, labelId: undefined })
              }
            >
              <SelectTrigger aria-label="Filter by product" className="w-full min-w-0 lg:w-44">
                <SelectValue placeholder="All Products" />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All Products</SelectItem>
                {productOptions.map((product) => (
                  <SelectItem key={product.id} value={product.id}>
                    {product.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Select
              value={state.phase ?? ALL}
              onValueChange={(value) =>
                update({ phase: TASK_PHASES.find((phase) => phase === value) ?? undefined })
              }
            >
              <SelectTrigger aria-label="Filter by phase" className="w-full min-w-0 lg:w-40">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All Phases</SelectItem>
                {TASK_PHASES.map((phase) => (
                  <SelectItem key={phase} value={phase}>
                    {statusLabel(phase)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Select
              value={state.status ?? ALL}
              onValueChange={(value) =>
                update({ status: TASK_STATUSES.find((status) => status === value) ?? undefined })
              }
            >
              <SelectTrigger aria-label="Filter by status" className="w-full min-w-0 lg:w-40">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All Statuses</SelectItem>
                {TASK_STATUSES.map((status) => (
                  <SelectItem key={status} value={status}>
                    <TaskStatusIcon status={status} />
                    {status}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {state.productId ? (
              <TaskLabelFilter
                productId={state.productId}
                value={state.labelId}
                onChange={(labelId) => update({ labelId })}
              />
            ) : null}
            {narrowed ? (
              <Button variant="ghost" onClick={clearFilters} className="justify-self-start">
                <XIcon aria-hidden="true" />
                Clear filters
              </Button>
            ) : null}
          </div>
          {/* On a phone the tabs take a row of their own, each half of it. */}
          <TabsList className="grid h-9 w-full grid-cols-2 sm:inline-flex sm:w-fit lg:ml-auto">
            <TabsTrigger value="list" className="px-3">
              <ListIcon aria-hidden="true" />
              List View
            </TabsTrigger>
            <TabsTrigger value="board" className="px-3">
              <SquareKanbanIcon aria-hidden="true" />
              Kanban Board
            </TabsTrigger>
          </TabsList>
        </div>

        <TabsContent value="list" className="min-w-0">
          <TaskList
            filters={filters}
            viewer={me}
            onEdit={onEdit}
            narrowed={narrowed}
            emptyAction={emptyAction}
          />
        </TabsContent>
        <TabsContent value="board" className="min-w-0">
          <TaskBoard
            filters={filters}
            viewer={me}
            onEdit={onEdit}
            narrowed={narrowed}
            emptyAction={emptyAction}
          />
        </TabsContent>
      </Tabs>

      <TaskFormDialog
        open={dialog.open}
        onOpenChange={onDialogOpenChange}
        task={dialog.task}
        products={productOptions}
      />
    </div>
  );
}
