import type { Task, TaskGroup } from '@shipyard/shared';
import { type ComponentProps, useMemo } from 'react';
import { KanbanBoard } from '../../../components/kanban/kanban-board.tsx';
import type { KanbanColumnData } from '../../../components/kanban/kanban-moves.ts';
import { LoadMore } from '../../../components/load-more.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { useFieldsInSight } from '../../../lib/product-fields.ts';
import { useTaskOptions } from '../api/get-task-options.ts';
import { localToday } from '../api/get-tasks.ts';
import { fieldGroupLabel, swimlanesOf } from './task-groups.ts';

/** How a custom field's swimlanes are named (issue 29), once its definition (and people) are known. */
function useFieldGroupLabel(fieldId: string | undefined) {
  const field = useFieldsInSight().find((f) => f.id === fieldId);
  const people = useTaskOptions(field?.type === 'person' ? field.productId : undefined).data?.assignees;
  return useMemo(
    () =>
      field
        ? (key: string) => fieldGroupLabel(field, key, (id) => people?.find((p) => p.id === id)?.name)
        : undefined,
    [field, people],
  );
}

const noMorePages = {
  hasNextPage: false,
  isFetchingNextPage: false,
  isFetchNextPageError: false,
  fetchNextPage: () => Promise.resolve(),
};

type BoardProps = Omit<ComponentProps<typeof KanbanBoard<Task>>, 'columns' | 'height'>;

/**
 * A grouped board's lanes (issue 28): one row of the status columns per group, grouped on screen
 * from the loaded cards' own fields; none when the board is not grouped.
 */
export function useSwimlanes(
  columns: readonly KanbanColumnData<Task>[],
  group: TaskGroup | undefined,
  groupField: string | undefined,
) {
  const fieldLabel = useFieldGroupLabel(group === 'field' ? groupField : undefined);
  return useMemo(() => {
    if (!group) return undefined;
    const today = localToday();
    const all = columns.flatMap((column) => column.items);
    return swimlanesOf(all, group, today, groupField).map((lane) => {
      const ids = new Set(lane.tasks.map((task) => task.id));
      return {
        ...lane,
        label: fieldLabel ? fieldLabel(lane.key) : lane.label,
        columns: columns.map((column) => {
          const items = column.items.filter((task) => ids.has(task.id));
          return { ...column, items, total: items.length, pages: noMorePages };
        }),
      };
    });
  }, [columns, group, groupField, fieldLabel]);
}

type Lanes = NonNullable<ReturnType<typeof useSwimlanes>>;

/**
 * A grouped board (issue 28): a swimlane per group, each the status columns of its cards;
 * "Load more" brings every column's next page.
 */
export function TaskSwimlanes({
  lanes,
  columns,
  ...board
}: { lanes: Lanes; columns: readonly KanbanColumnData<Task>[] } & BoardProps) {
  const more = columns.filter((column) => column.pages?.hasNextPage);
  const loading = more.some((column) => column.pages?.isFetchingNextPage);
  const failed = more.some((column) => column.pages?.isFetchNextPageError);
  const loadAll = () => {
    for (const column of more) void column.pages?.fetchNextPage();
  };

  return (
    <div className="grid gap-6">
      {lanes.map((lane) => (
        <section key={lane.key} aria-label={lane.label} data-swimlane={lane.key} className="grid gap-2">
          <h2 className="flex items-center gap-2 font-medium text-sm">
            {lane.label}
            <span className="text-muted-foreground tabular-nums">{formatNumber(lane.tasks.length)}</span>
          </h2>
          <KanbanBoard {...board} columns={lane.columns} height="fit" />
        </section>
      ))}
      {more.length > 0 && !loading && !failed ? (
        <Button variant="outline" size="sm" className="justify-self-start" onClick={loadAll}>
          {t('Load more tasks')}
        </Button>
      ) : null}
      <LoadMore
        noun="tasks"
        loading={loading}
        failed={failed && !loading}
        onRetry={loadAll}
        className="text-sm"
      />
    </div>
  );
}
