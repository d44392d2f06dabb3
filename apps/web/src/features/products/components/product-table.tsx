import type { ProductListItem } from '@shipyard/shared';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { ArchivedBadge } from '../../../components/archived-banner.tsx';
import { PriorityBadge } from '../../../components/priority-badge.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table.tsx';
import { useIsMobile } from '../../../hooks/use-mobile.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { aroundSlot, slot } from '../../../lib/text-slots.tsx';
import { type ProductFilterValues, useProducts } from '../api/get-products.ts';
import { ProductActionsMenu, type ProductViewer } from './product-actions.tsx';
import { ProductsEmptyState, ProductsErrorState } from './products-states.tsx';
import { ProgressBar } from './progress-bar.tsx';
import { StatusBadge } from './status-badge.tsx';

export const LIST_PAGE_SIZE = 20;

const count = new Intl.NumberFormat();

export type ProductTableProps = {
  filters: ProductFilterValues;
  page: number;
  onPageChange: (page: number) => void;
  /** The empty state's next action (clear the filters, or create a product). */
  emptyAction?: ReactNode;
  /** Who looks: a product's creator and admins get its row menu (Edit, Archive, Delete). */
  viewer?: ProductViewer | undefined;
};

const productPath = (product: ProductListItem) => paths.product(product.id);

/**
 * Spec §2.9 List View: Product, Status, Team Size, Progress, Actions, paged by the server. On a
 * phone the rows become cards (as /tasks does), so nothing scrolls sideways.
 */
export function ProductTable({ filters, page, onPageChange, emptyAction, viewer }: ProductTableProps) {
  const isMobile = useIsMobile();
  const query = useProducts({ ...filters, page, limit: LIST_PAGE_SIZE });
  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));

  // A page past the end (an old link, or the last row filtered away): show the last page.
  const pastTheEnd = query.isSuccess && !query.isPlaceholderData && page > pageCount && total > 0;
  useEffect(() => {
    if (pastTheEnd) onPageChange(pageCount);
  }, [pastTheEnd, pageCount, onPageChange]);

  let body: ReactNode;
  if (query.isPending) {
    body = <LoadingRows />;
  } else if (query.isError && !query.data) {
    body = <ProductsErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else if (query.data.data.length === 0) {
    return (
      <div className="rounded-xl border bg-card">
        <ProductsEmptyState action={emptyAction} />
      </div>
    );
  } else if (isMobile) {
    body = (
      <ul aria-label={t('Products')} className="divide-y">
        {query.data.data.map((product) => (
          <ProductCard key={product.id} product={product} viewer={viewer} />
        ))}
      </ul>
    );
  } else {
    body = query.data.data.map((product) => (
      <ProductRow key={product.id} product={product} viewer={viewer} />
    ));
  }

  const from = (page - 1) * LIST_PAGE_SIZE + 1;
  const to = Math.min(page * LIST_PAGE_SIZE, total);

  return (
    <div className="overflow-hidden rounded-xl border bg-card">
      {(query.isError && !query.data) || (isMobile && !query.isPending) ? (
        <div aria-busy={query.isFetching} className={cn(query.isPlaceholderData && 'opacity-60')}>
          {body}
        </div>
      ) : (
        <Table aria-busy={query.isFetching} className={cn(query.isPlaceholderData && 'opacity-60')}>
          <TableCaption className="sr-only">{t('Products')}</TableCaption>
          <TableHeader className="bg-muted/40">
            <TableRow className="hover:bg-transparent">
              <TableHead className="ps-4">{t('Product')}</TableHead>
              <TableHead>{t('Status')}</TableHead>
              <TableHead className="text-end">{t('Team Size')}</TableHead>
              <TableHead className="min-w-40">{t('Progress')}</TableHead>
              <TableHead className="pe-4 text-end">{t('Actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>{body}</TableBody>
        </Table>
      )}
      {query.isPending ? (
        <p role="status" className="border-t px-4 py-3 text-muted-foreground text-sm">
          {t('Loading products...')}
        </p>
      ) : null}
      {query.data && total > LIST_PAGE_SIZE ? (
        <nav
          aria-label={t('Pagination')}
          className="flex flex-wrap items-center justify-between gap-3 border-t px-4 py-3 text-sm"
        >
          <p className="text-muted-foreground tabular-nums">
            {t('{{from}}–{{to}} of {{total}}', {
              from: count.format(from),
              to: count.format(to),
              total: count.format(total),
            })}
          </p>
          <div className="flex items-center gap-2">
            <span className="text-muted-foreground tabular-nums">
              {t('Page {{page}} of {{pages}}', { page: count.format(page), pages: count.format(pageCount) })}
            </span>
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
              <ChevronLeftIcon aria-hidden="true" />
              {t('Previous')}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={page >= pageCount}
              onClick={() => onPageChange(page + 1)}
            >
              {t('Next')}
              <ChevronRightIcon aria-hidden="true" />
            </Button>
          </div>
        </nav>
      ) : null}
    </div>
  );
}

/** The spec's team size, with the people actually on its teams beside it: "6 · 2 active". */
function TeamSize({ product }: { product: ProductListItem }) {
  return (
    <span className="tabular-nums">
      {count.format(product.team_size)}
      <span className="text-muted-foreground text-xs">
        {' · '}
        {t('{{active}} active', {
          count: product.active_members,
          active: count.format(product.active_members),
        })}
      </span>
    </span>
  );
}

/** A product on a phone: what a row shows, stacked. */
function ProductCard({ product, viewer }: { product: ProductListItem; viewer: ProductViewer | undefined }) {
  const [dueBefore, dueAfter] = aroundSlot(t('Due {{date}}', { date: slot('date') }));
  return (
    <li className="relative grid gap-2 px-4 py-3" data-product-id={product.id}>
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <Link
            to={productPath(product)}
            className="min-w-0 break-words font-medium outline-none after:absolute after:inset-0 hover:underline focus-visible:underline"
          >
            {product.name}
          </Link>
          <PriorityBadge priority={product.priority} />
          {product.archived_at ? <ArchivedBadge /> : null}
        </div>
        <ProductActionsMenu product={product} viewer={viewer} />
      </div>
      <p className="line-clamp-2 text-muted-foreground text-xs">{product.description}</p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground text-xs">
        <StatusBadge status={product.status} />
        <span>
          {t('Team')} <TeamSize product={product} />
        </span>
        <span>
          {dueBefore}
          <time dateTime={product.target_end_date}>{formatDate(product.target_end_date)}</time>
          {dueAfter}
        </span>
      </div>
      <ProgressBar value={product.progress} label={t('Progress of {{name}}', { name: product.name })} />
    </li>
  );
}

function ProductRow({ product, viewer }: { product: ProductListItem; viewer: ProductViewer | undefined }) {
  const to = productPath(product);
  return (
    <TableRow data-product-id={product.id}>
      <TableCell className="max-w-[15rem] py-3 ps-4 sm:max-w-[26rem]">
        <div className="flex min-w-0 items-center gap-2">
          <Link to={to} className="truncate font-medium hover:underline focus-visible:underline">
            {product.name}
          </Link>
          <PriorityBadge priority={product.priority} />
          {product.archived_at ? <ArchivedBadge /> : null}
        </div>
        <p className="mt-0.5 truncate text-muted-foreground text-xs" title={product.description}>
          {product.description}
        </p>
      </TableCell>
      <TableCell>
        <StatusBadge status={product.status} />
      </TableCell>
      <TableCell className="text-end">
        <TeamSize product={product} />
      </TableCell>
      <TableCell>
        <ProgressBar
          value={product.progress}
          label={t('Progress of {{name}}', { name: product.name })}
          className="w-40"
        />
      </TableCell>
      <TableCell className="pe-4 text-end">
        <div className="flex items-center justify-end gap-1">
          <Link
            to={to}
            aria-label={t('View {{name}}', { name: product.name })}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            {t('View')}
          </Link>
          <ProductActionsMenu product={product} viewer={viewer} />
        </div>
      </TableCell>
    </TableRow>
  );
}

function LoadingRows() {
  return (
    <>
      {['a', 'b', 'c', 'd', 'e'].map((key) => (
        <TableRow key={key} className="hover:bg-transparent">
          <TableCell className="py-3 ps-4">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="mt-1.5 h-3 w-64" />
          </TableCell>
          <TableCell>
            <Skeleton className="h-5 w-24" />
          </TableCell>
          <TableCell>
            <Skeleton className="ms-auto h-4 w-6" />
          </TableCell>
          <TableCell>
            <Skeleton className="h-1.5 w-40" />
          </TableCell>
          <TableCell className="pe-4">
            <Skeleton className="ms-auto h-8 w-14" />
          </TableCell>
        </TableRow>
      ))}
    </>
  );
}
