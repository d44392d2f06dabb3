import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
  useDraggable,
  useDroppable,
} from '@dnd-kit/core';
import { PRODUCT_STATUSES, type ProductListItem as Product, type ProductStatus } from '@shipyard/shared';
import { ArchiveIcon, CalendarIcon, GripVerticalIcon } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PriorityBadge } from '../../../components/priority-badge.tsx';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  boardAutoScroll,
  boardCollisionDetection,
  boardDropAnimation,
  columnKeyboardCoordinates,
  useBoardSensors,
} from '../../../lib/dnd.ts';
import { formatDate, initials, statusLabel } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { type ProductFilterValues, useProducts } from '../api/get-products.ts';
import { useUpdateProductStatus } from '../api/update-product-status.ts';
import { ProductActionsMenu, type ProductViewer } from './product-actions.tsx';
import { ProductsEmptyState, ProductsErrorState } from './products-states.tsx';
import { ProgressBar } from './progress-bar.tsx';
import { StatusBadge, StatusDot } from './status-badge.tsx';

/** The board shows every visible product at once, up to the API's page maximum. */
export const BOARD_LIMIT = 200;

type CardData = { product: Product };

const productOf = (data: unknown): Product | undefined => (data as CardData | undefined)?.product;

const isColumnId = (id: UniqueIdentifier | null | undefined): id is ProductStatus =>
  typeof id === 'string' && (PRODUCT_STATUSES as readonly string[]).includes(id);

/**
 * What a drop means (spec §4): on another column, the new status is that column's id with its
 * first letter capitalised; in the product's own column, or outside every column, nothing.
 */
export function statusChangeForDrop(
  product: Pick<Product, 'id' | 'status'>,
  overId: UniqueIdentifier | null | undefined,
): { id: string; status: string } | null {
  if (!isColumnId(overId) || overId === product.status.toLowerCase()) return null;
  return { id: product.id, status: statusLabel(overId) };
}

/** Left and right arrows move a picked-up card between the status columns (ARCHITECTURE §6). */
const keyboardCoordinates = columnKeyboardCoordinates(PRODUCT_STATUSES, (data) => productOf(data)?.status);

const columnName = (id: UniqueIdentifier | undefined) => (isColumnId(id) ? statusLabel(id) : undefined);

const screenReaderInstructions: ScreenReaderInstructions = {
  draggable:
    'To move a product to another status, press space or enter to pick it up, use the left and right arrow keys to choose a column, then press space or enter to drop it, or escape to cancel.',
};

const announcements: Announcements = {
  onDragStart({ active }) {
    const product = productOf(active.data.current);
    if (!product) return undefined;
    return `Picked up ${product.name}, in the ${statusLabel(product.status)} column.`;
  },
  onDragOver({ active, over }) {
    const product = productOf(active.data.current);
    if (!product) return undefined;
    const column = columnName(over?.id);
    return column ? `${product.name} is over the ${column} column.` : `${product.name} is not over a column.`;
  },
  onDragEnd({ active, over }) {
    const product = productOf(active.data.current);
    if (!product) return undefined;
    const column = columnName(over?.id);
    if (!column) return `${product.name} was dropped outside the columns. Its status is unchanged.`;
    if (over?.id === product.status)
      return `${product.name} was dropped back in ${column}. Its status is unchanged.`;
    return `${product.name} was moved to ${column}.`;
  },
  onDragCancel({ active }) {
    const product = productOf(active.data.current);
    if (!product) return undefined;
    return `Moving ${product.name} was cancelled. It stays in ${statusLabel(product.status)}.`;
  },
};

const productCount = (n: number) =>
  `${new Intl.NumberFormat().format(n)} ${n === 1 ? 'product' : 'products'}`;

export type ProductBoardProps = {
  filters: ProductFilterValues;
  /** Whether the viewer may change statuses at all (guests are read-only, ARCHITECTURE §5). */
  canMove: boolean;
  /** The empty state's next action. */
  emptyAction?: ReactNode;
  /** Who looks: a product's creator and admins get its card menu (Edit, Archive, Delete). */
  viewer?: ProductViewer | undefined;
};

/** Spec §2.9 Kanban Board: five status columns; dragging a card to another column changes its status. */
export function ProductBoard({ filters, canMove, emptyAction, viewer }: ProductBoardProps) {
  const query = useProducts({ ...filters, page: 1, limit: BOARD_LIMIT });
  const updateStatus = useUpdateProductStatus();
  const [dragged, setDragged] = useState<Product | null>(null);
  // After a keyboard drop the card remounts in its new column; its handle takes the focus back.
  const [refocus, setRefocus] = useState<{ id: string; status: string } | null>(null);
  const refocused = useCallback(() => setRefocus(null), []);

  const sensors = useBoardSensors(keyboardCoordinates);

  const columns = useMemo(() => {
    const byStatus = new Map<string, Product[]>(PRODUCT_STATUSES.map((status) => [status, []]));
    for (const product of query.data?.data ?? []) byStatus.get(product.status.toLowerCase())?.push(product);
    return PRODUCT_STATUSES.map((status) => ({ status, products: byStatus.get(status) ?? [] }));
  }, [query.data]);

  if (query.isPending) return <BoardSkeleton />;
  if (query.isError && !query.data) {
    return (
      <div className="rounded-xl border bg-card">
        <ProductsErrorState error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (query.data.total === 0) {
    return (
      <div className="rounded-xl border bg-card">
        <ProductsEmptyState action={emptyAction} />
      </div>
    );
  }

  const onDragStart = ({ active }: DragStartEvent) => setDragged(productOf(active.data.current) ?? null);
  const onDragEnd = ({ active, over, activatorEvent }: DragEndEvent) => {
    setDragged(null);
    const product = productOf(active.data.current);
    const change = product ? statusChangeForDrop(product, over?.id) : null;
    if (!change) return;
    updateStatus.mutate(change);
    if (activatorEvent instanceof KeyboardEvent)
      setRefocus({ id: change.id, status: change.status.toLowerCase() });
  };

  const { total } = query.data;
  const shown = query.data.data.length;

  return (
    <div
      className={cn('grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3', query.isPlaceholderData && 'opacity-60')}
      aria-busy={query.isFetching}
    >
      {total > shown ? (
        <p className="text-muted-foreground text-sm">
          Showing the first {new Intl.NumberFormat().format(shown)} of {productCount(total)}. Search or filter
          to narrow the board.
        </p>
      ) : null}
      <DndContext
        sensors={sensors}
        collisionDetection={boardCollisionDetection}
        autoScroll={boardAutoScroll}
        accessibility={{ announcements, screenReaderInstructions }}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragged(null)}
      >
        <div
          data-slot="product-board"
          className="-mx-4 grid min-w-0 scroll-px-4 snap-x snap-mandatory auto-cols-[minmax(15rem,1fr)] grid-flow-col gap-3 overflow-x-auto px-4 pb-2 md:mx-0 md:snap-none md:px-0 xl:auto-cols-[minmax(12.5rem,1fr)]"
        >
          {columns.map((column) => (
            <BoardColumn
              key={column.status}
              status={column.status}
              products={column.products}
              canMove={canMove}
              viewer={viewer}
              refocus={refocus}
              onRefocused={refocused}
            />
          ))}
        </div>
        <DragOverlay dropAnimation={boardDropAnimation}>
          {dragged ? <CardBody product={dragged} overlay /> : null}
        </DragOverlay>
      </DndContext>
    </div>
  );
}

type Refocus = { refocus: { id: string; status: string } | null; onRefocused: () => void };

function BoardColumn({
  status,
  products,
  canMove,
  viewer,
  refocus,
  onRefocused,
}: {
  status: ProductStatus;
  products: Product[];
  canMove: boolean;
  viewer: ProductViewer | undefined;
} & Refocus) {
  const headingId = useId();
  const { setNodeRef, isOver, active } = useDroppable({ id: status });
  const isSource = active !== null && productOf(active.data.current)?.status === status;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-column={status}
      className={cn(
        'flex min-h-64 snap-start flex-col rounded-xl border bg-muted/40 transition-colors dark:bg-muted/20',
        isOver && !isSource && 'border-ring/60 bg-accent ring-2 ring-ring/30 dark:bg-accent/60',
      )}
    >
      <header className="flex items-center justify-between gap-2 px-3 pt-3 pb-2">
        <h2 id={headingId} className="flex items-center gap-2 font-semibold text-sm">
          <StatusDot status={status} className="size-2" />
          {statusLabel(status)}
        </h2>
        <span className="text-muted-foreground text-xs tabular-nums">{productCount(products.length)}</span>
      </header>
      {products.length > 0 ? (
        <ul className="flex flex-1 flex-col gap-2 px-2 pb-2">
          {products.map((product) => (
            <BoardCard
              key={product.id}
              product={product}
              // An archived product is read-only: it stays where it is.
              canMove={canMove && product.archived_at === null}
              viewer={viewer}
              takeFocus={refocus?.id === product.id && refocus.status === status}
              onFocused={onRefocused}
            />
          ))}
        </ul>
      ) : (
        <p className="mx-2 mb-2 flex flex-1 items-center justify-center rounded-lg border border-dashed px-3 py-6 text-center text-muted-foreground text-xs">
          No products
        </p>
      )}
    </section>
  );
}

function BoardCard({
  product,
  canMove,
  viewer,
  takeFocus,
  onFocused,
}: {
  product: Product;
  canMove: boolean;
  viewer: ProductViewer | undefined;
  takeFocus: boolean;
  onFocused: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: product.id,
    data: { product } satisfies CardData,
    disabled: !canMove,
    attributes: { roleDescription: 'draggable product' },
  });
  const handle = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (!takeFocus) return;
    handle.current?.focus();
    onFocused();
  }, [takeFocus, onFocused]);
  return (
    <li
      ref={setNodeRef}
      {...listeners}
      data-product-id={product.id}
      className={cn('touch-manipulation', isDragging && 'opacity-40')}
    >
      <CardBody
        product={product}
        menu={<ProductActionsMenu product={product} viewer={viewer} />}
        handle={
          canMove ? (
            <button
              ref={(node) => {
                setActivatorNodeRef(node);
                handle.current = node;
              }}
              type="button"
              {...attributes}
              aria-label={`Move ${product.name}`}
              className="relative z-10 -mr-1 flex size-6 shrink-0 cursor-grab items-center justify-center rounded text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 active:cursor-grabbing"
            >
              <GripVerticalIcon aria-hidden="true" className="size-4" />
            </button>
          ) : null
        }
      />
    </li>
  );
}

/**
 * A card's face: name (a link, except on the dragged copy), two lines of description, badges,
 * progress, owner and target date (as the landing page's board shows them).
 */
function CardBody({
  product,
  handle,
  menu,
  overlay = false,
}: {
  product: Product;
  handle?: ReactNode;
  menu?: ReactNode;
  overlay?: boolean;
}) {
  return (
    <article
      data-card={product.id}
      className={cn(
        'relative grid select-none gap-2 rounded-lg border bg-card p-3 text-card-foreground shadow-xs transition-shadow',
        overlay
          ? 'cursor-grabbing shadow-lg ring-1 ring-ring/30'
          : 'hover:shadow-sm focus-within:border-ring/60',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        {overlay ? (
          <h3 className="min-w-0 break-words font-medium text-sm leading-snug">{product.name}</h3>
        ) : (
          <h3 className="min-w-0 break-words font-medium text-sm leading-snug">
            {/* The link covers the card, so a click anywhere opens the product. */}
            <Link
              to={paths.product(product.id)}
              draggable={false}
              className="outline-none after:absolute after:inset-0 after:rounded-lg hover:underline focus-visible:underline"
            >
              {product.name}
            </Link>
          </h3>
        )}
        {overlay ? (
          <GripVerticalIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        ) : (
          <div className="-mt-1 -mr-1 flex shrink-0 items-center">
            {menu}
            {handle}
          </div>
        )}
      </div>
      {product.description ? (
        <p className="line-clamp-2 text-muted-foreground text-xs leading-relaxed">{product.description}</p>
      ) : null}
      <div className="flex flex-wrap items-center gap-1.5">
        <StatusBadge status={product.status} />
        <PriorityBadge priority={product.priority} />
        {product.archived_at ? (
          <Badge variant="outline" className="gap-1 text-muted-foreground">
            <ArchiveIcon aria-hidden="true" />
            Archived
          </Badge>
        ) : null}
      </div>
      <ProgressBar value={product.progress} label={`Progress of ${product.name}`} />
      {/* Owner and date share a line when both fit; in a narrow column the date wraps below. */}
      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 text-muted-foreground text-xs">
        {product.creator ? (
          <span
            className="flex min-w-0 max-w-full items-center gap-1.5"
            title={`Owner: ${product.creator.name}`}
          >
            <Avatar className="size-5 ring-1 ring-background">
              {product.creator.avatar_url ? <AvatarImage src={product.creator.avatar_url} alt="" /> : null}
              <AvatarFallback className="text-[10px]">{initials(product.creator.name)}</AvatarFallback>
            </Avatar>
            <span className="truncate">
              <span className="sr-only">Owner: </span>
              {product.creator.name}
            </span>
          </span>
        ) : (
          <span />
        )}
        <span className="flex shrink-0 items-center gap-1">
          <CalendarIcon aria-hidden="true" className="size-3.5" />
          <span className="sr-only">Target date: </span>
          <time dateTime={product.target_end_date}>{formatDate(product.target_end_date)}</time>
        </span>
      </div>
    </article>
  );
}

function BoardSkeleton() {
  return (
    <div className="grid gap-3">
      <p role="status" className="text-muted-foreground text-sm">
        Loading products...
      </p>
      <div className="-mx-4 grid auto-cols-[minmax(15rem,1fr)] grid-flow-col gap-3 overflow-x-hidden px-4 md:mx-0 md:px-0 xl:auto-cols-[minmax(12.5rem,1fr)]">
        {PRODUCT_STATUSES.map((status, index) => (
          <div
            key={status}
            className="flex min-h-64 flex-col gap-2 rounded-xl border bg-muted/40 p-3 dark:bg-muted/20"
          >
            <Skeleton className="h-4 w-24" />
            {Array.from({ length: 3 - (index % 2) }, (_, card) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders, never reordered
              <Skeleton key={card} className="h-20 w-full rounded-lg" />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
