import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Skeleton } from '../ui/skeleton.tsx';
import { columnFrame, columnHeight, type KanbanHeight } from './kanban-column.tsx';

/** A loading column's cards. */
export function KanbanCardsSkeleton() {
  return (
    <div className="grid content-start gap-2 px-2 pb-2">
      {[0, 1, 2].map((card) => (
        <Skeleton key={card} className="h-28 w-full rounded-lg" />
      ))}
    </div>
  );
}

/**
 * A loading board: its columns in the board's own widths and height, each with a title and a
 * few cards; `status` says what loads (a live region, shown or for screen readers only).
 */
export function KanbanSkeleton({
  columns,
  height,
  columnWidths,
  status,
}: {
  columns: number;
  height: KanbanHeight;
  columnWidths: string;
  status: ReactNode;
}) {
  return (
    <div className="grid gap-3">
      {status}
      <div
        className={cn('-mx-4 grid grid-flow-col gap-3 overflow-x-hidden px-4 md:mx-0 md:px-0', columnWidths)}
      >
        {Array.from({ length: columns }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders, never reordered
          <div key={index} className={cn(columnFrame, columnHeight[height], 'gap-2 p-3')}>
            <Skeleton className="h-4 w-24" />
            {/* Short columns: three cards and two in turn; columns as tall as the screen: two tall ones. */}
            {Array.from({ length: height === 'fit' ? 3 - (index % 2) : 2 }, (_, card) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders, never reordered
              <Skeleton key={card} className={cn('w-full rounded-lg', height === 'fit' ? 'h-20' : 'h-28')} />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
