import type { UniqueIdentifier } from '@dnd-kit/core';
import { PRODUCT_STATUSES, type ProductListItem as Product, type ProductStatus } from '@shipyard/shared';
import { type ReactNode, useCallback, useMemo } from 'react';
import { KanbanBoard } from '../../../components/kanban/kanban-board.tsx';
import type { KanbanPlace } from '../../../components/kanban/kanban-moves.ts';
import { KanbanSkeleton } from '../../../components/kanban/kanban-skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatNumber, statusLabel } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { type ProductFilterValues, useProducts } from '../api/get-products.ts';
import { byRank, useUpdateProductStatus } from '../api/update-product-status.ts';
import type { ProductViewer } from './product-actions.tsx';
import { ProductBoardCard } from './product-board-card.tsx';
import { ProductsEmptyState, ProductsErrorState } from './products-states.tsx';
import { StatusDot, stageLabel } from './status-badge.tsx';

/** The board shows every visible product at once, up to the API's page maximum. */
export const BOARD_LIMIT = 200;

const NOUN = { one: 'product', other: 'products' };
const COLUMN_WIDTHS = 'auto-cols-[minmax(15rem,1fr)] xl:auto-cols-[minmax(12.5rem,1fr)]';

const isColumnId = (id: UniqueIdentifier | null | undefined): id is ProductStatus =>
  typeof id === 'string' && (PRODUCT_STATUSES as readonly string[]).includes(id);

/**
 * What a drop means (spec §4): on a column, the new status is that column's id with its first
 * letter capitalised, and the product lands where it was dropped among its cards (issue 28; in
 * its own column, a drop elsewhere only reorders it); outside every column, nothing.
 */
export function statusChangeForDrop(
  product: Pick<Product, 'id' | 'status'>,
  overId: UniqueIdentifier | null | undefined,
  place: KanbanPlace = {},
): ({ id: string; status: string } & KanbanPlace) | null {
  if (!isColumnId(overId)) return null;
  const placed = place.afterId !== undefined || place.beforeId !== undefined;
  if (overId === product.status.toLowerCase() && !placed) return null;
  return { id: product.id, status: statusLabel(overId), ...place };
}

const productId = (product: Product) => product.id;
const productName = (product: Product) => product.name;
const columnOf = (product: Product) => product.status.toLowerCase();
// An archived product is read-only: it stays where it is.
const notArchived = (product: Product) => product.archived_at === null;
const cannotMove = () => false;

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
  const { mutateAsync } = useUpdateProductStatus();
  // The mutation moves the card in every cached list at once, puts it back and toasts a refusal.
  const onMove = useCallback(
    (product: Product, column: string, place: KanbanPlace) => {
      const change = statusChangeForDrop(product, column, place);
      return change
        ? mutateAsync(change).then(
            () => true,
            () => false,
          )
        : Promise.resolve(false);
    },
    [mutateAsync],
  );
  const renderCard = useCallback(
    (product: Product, overlay: boolean) => (
      <ProductBoardCard product={product} viewer={viewer} overlay={overlay} />
    ),
    [viewer],
  );

  const { columns, compare } = useMemo(() => {
    const products = query.data?.data ?? [];
    const byStatus = new Map<string, Product[]>(PRODUCT_STATUSES.map((status) => [status, []]));
    for (const product of [...products].sort(byRank)) byStatus.get(columnOf(product))?.push(product);
    return {
      columns: PRODUCT_STATUSES.map((status) => {
        const items = byStatus.get(status) ?? [];
        const icon = <StatusDot key={status} status={status} className="size-2" />;
        return { id: status, title: stageLabel(status), icon, items, total: items.length };
      }),
      // Each column in its manual order (issue 28); a moved card shows where it was dropped.
      compare: byRank,
    };
  }, [query.data]);

  if (query.isPending) {
    return (
      <KanbanSkeleton
        columns={PRODUCT_STATUSES.length}
        height="fit"
        columnWidths={COLUMN_WIDTHS}
        status={
          <p role="status" className="text-muted-foreground text-sm">
            {t('Loading products...')}
          </p>
        }
      />
    );
  }
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

  const { total } = query.data;
  const shown = query.data.data.length;

  return (
    <div
      className={cn('grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3', query.isPlaceholderData && 'opacity-60')}
      aria-busy={query.isFetching}
    >
      {total > shown ? (
        <p className="text-muted-foreground text-sm">
          {t('Showing the first {{shown}} of {{total}} products. Search or filter to narrow the board.', {
            count: total,
            shown: formatNumber(shown),
            total: formatNumber(total),
          })}
        </p>
      ) : null}
      <KanbanBoard
        columns={columns}
        noun={NOUN}
        getId={productId}
        getName={productName}
        columnOf={columnOf}
        canMove={canMove ? notArchived : cannotMove}
        onMove={onMove}
        renderCard={renderCard}
        compare={compare}
        height="fit"
        columnWidths={COLUMN_WIDTHS}
      />
    </div>
  );
}
