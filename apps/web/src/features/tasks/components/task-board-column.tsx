import { useDroppable } from '@dnd-kit/core';
import { type ReactNode, useId, useMemo } from 'react';
import type { NextPages } from '../../../hooks/use-infinite-virtual-list.ts';
import { cn } from '../../../lib/cn.ts';
import { loadedTasks, totalTasks } from '../api/get-tasks.ts';
import { ColumnCards, type ColumnCardsProps } from './task-board-column-cards.tsx';
import { type Column, taskOf } from './task-board-model.ts';
import { ColumnSkeleton } from './task-board-skeleton.tsx';
import { TasksErrorState, taskCount } from './task-fields.tsx';
import { TaskStatusIcon } from './task-status-badge.tsx';
import type { ColumnQuery } from './use-column-tasks.ts';

type ColumnProps = {
  column: Column;
  query: ColumnQuery;
} & Omit<ColumnCardsProps, 'tasks' | keyof NextPages>;

export function BoardColumn({ column, query: { query, enabled }, ...cards }: ColumnProps) {
  const headingId = useId();
  const { setNodeRef, isOver, active } = useDroppable({ id: column.id });
  const isSource = active !== null && taskOf(active.data.current)?.status === column.status;
  const tasks = useMemo(() => loadedTasks(query.data), [query.data]);
  const total = enabled ? totalTasks(query.data) : 0;

  let body: ReactNode;
  if (!enabled) {
    body = <ColumnNote>Hidden by the status filter</ColumnNote>;
  } else if (query.isPending) {
    body = <ColumnSkeleton />;
  } else if (query.isError && !query.data) {
    body = <TasksErrorState error={query.error} onRetry={() => void query.refetch()} className="px-3 py-6" />;
  } else if (tasks.length === 0) {
    body = <ColumnNote>No tasks</ColumnNote>;
  } else {
    body = (
      <ColumnCards
        {...cards}
        tasks={tasks}
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        isFetchNextPageError={query.isFetchNextPageError}
        fetchNextPage={query.fetchNextPage}
      />
    );
  }

  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-column={column.id}
      tabIndex={-1}
      className={cn(
        'flex h-[max(26rem,calc(100dvh-17rem))] min-w-0 snap-start flex-col rounded-xl border bg-muted/40 outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-muted/20',
        isOver && !isSource && 'border-ring/60 bg-accent ring-2 ring-ring/30 dark:bg-accent/60',
        query.isPlaceholderData && 'opacity-60',
      )}
    >
      <header className="flex items-center justify-between gap-2 px-3 pt-3 pb-2">
        <h2 id={headingId} className="flex items-center gap-2 font-semibold text-sm">
          <TaskStatusIcon status={column.status} className="size-4 text-muted-foreground" />
          {column.status}
        </h2>
        <span className="text-muted-foreground text-xs tabular-nums">{taskCount(total)}</span>
      </header>
      {body}
    </section>
  );
}

function ColumnNote({ children }: { children: string }) {
  return (
    <p className="mx-2 mb-2 flex flex-1 items-center justify-center rounded-lg border border-dashed px-3 py-6 text-center text-muted-foreground text-xs">
      {children}
    </p>
  );
}
