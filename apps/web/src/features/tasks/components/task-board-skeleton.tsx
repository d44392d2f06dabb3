import { TASK_COLUMNS } from '@shipyard/shared';
import { Skeleton } from '../../../components/ui/skeleton.tsx';

export function ColumnSkeleton() {
  return (
    <div className="grid content-start gap-2 px-2 pb-2">
      {[0, 1, 2].map((card) => (
        <Skeleton key={card} className="h-28 w-full rounded-lg" />
      ))}
    </div>
  );
}

export function BoardSkeleton() {
  return (
    <div className="grid gap-3">
      <p role="status" className="sr-only">
        Loading tasks...
      </p>
      <div className="-mx-4 grid auto-cols-[minmax(16rem,85%)] grid-flow-col gap-3 overflow-x-hidden px-4 sm:auto-cols-[minmax(16rem,1fr)] md:mx-0 md:px-0">
        {TASK_COLUMNS.map((column) => (
          <div
            key={column.id}
            className="flex h-[max(26rem,calc(100dvh-17rem))] flex-col gap-2 rounded-xl border bg-muted/40 p-3 dark:bg-muted/20"
          >
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-28 w-full rounded-lg" />
            <Skeleton className="h-28 w-full rounded-lg" />
          </div>
        ))}
      </div>
    </div>
  );
}
