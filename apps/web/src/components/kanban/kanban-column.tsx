import { useDroppable } from '@dnd-kit/core';
import { type ReactNode, useId } from 'react';
import type { NextPages } from '../../hooks/use-infinite-virtual-list.ts';
import { cn } from '../../lib/cn.ts';
import { KanbanCardList, type KanbanCardsProps, KanbanVirtualCards } from './kanban-cards.tsx';
import type { KanbanColumnData } from './kanban-moves.ts';
import { itemOf, kanbanCount, kanbanTexts } from './kanban-texts.ts';

/** How tall a board's columns are: as their cards, or as the screen (each scrolls on its own). */
export type KanbanHeight = 'fit' | 'scroll';

export const columnHeight: Record<KanbanHeight, string> = {
  fit: 'min-h-64',
  scroll: 'h-[max(26rem,calc(100dvh-17rem))]',
};

const noMorePages: NextPages = {
  hasNextPage: false,
  isFetchingNextPage: false,
  isFetchNextPageError: false,
  fetchNextPage: () => Promise.resolve(),
};

export const columnFrame =
  'flex min-w-0 snap-start flex-col rounded-xl border bg-muted/40 transition-colors dark:bg-muted/20';

type KanbanColumnProps<T> = {
  column: KanbanColumnData<T>;
  /** Under the cards: the column's "Add …" line (issue 28), when the viewer may add. */
  footer?: ReactNode;
  height: KanbanHeight;
  columnOf: (item: T) => string;
} & Omit<KanbanCardsProps<T>, 'items'>;

/**
 * A column: a drop target named by its heading, with its count, highlighted while another
 * column's card is over it; then its cards, its placeholder, or 'No <noun>' when empty.
 */
export function KanbanColumn<T>({ column, height, columnOf, footer, ...cards }: KanbanColumnProps<T>) {
  const headingId = useId();
  const { setNodeRef, isOver, active } = useDroppable({ id: column.id });
  const dragged = itemOf<T>(active?.data.current);
  const isSource = dragged !== undefined && columnOf(dragged) === column.id;

  let body: ReactNode;
  if (column.placeholder !== undefined) {
    body = column.placeholder;
  } else if (column.items.length === 0) {
    body = <KanbanNote>{kanbanTexts(cards.noun).none()}</KanbanNote>;
  } else if (height === 'scroll') {
    body = <KanbanVirtualCards {...cards} items={column.items} {...(column.pages ?? noMorePages)} />;
  } else {
    body = <KanbanCardList {...cards} items={column.items} />;
  }

  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-column={column.id}
      // A keyboard move whose card sorts past the loaded ones puts the focus on the column.
      tabIndex={-1}
      className={cn(
        columnFrame,
        columnHeight[height],
        'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        isOver && !isSource && 'border-ring/60 bg-accent ring-2 ring-ring/30 dark:bg-accent/60',
        column.stale && 'opacity-60',
      )}
    >
      <header className="flex items-center justify-between gap-2 px-3 pt-3 pb-2">
        <h2 id={headingId} className="flex items-center gap-2 font-semibold text-sm">
          {column.icon}
          {column.title}
        </h2>
        <span className="flex items-center gap-2 text-muted-foreground text-xs tabular-nums">
          {column.meta}
          <span data-count="">{kanbanCount(cards.noun, column.total)}</span>
        </span>
      </header>
      {body}
      {footer ? <div className="px-2 pb-2">{footer}</div> : null}
    </section>
  );
}

/** A column's note instead of cards: 'No tasks', 'Hidden by the status filter'. */
export function KanbanNote({ children }: { children: string }) {
  return (
    <p className="mx-2 mb-2 flex flex-1 items-center justify-center rounded-lg border border-dashed px-3 py-6 text-center text-muted-foreground text-xs">
      {children}
    </p>
  );
}
