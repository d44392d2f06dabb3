import type { ProductListItem as Product } from '@shipyard/shared';
import { CalendarIcon, GripVerticalIcon, HourglassIcon } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { ArchivedBadge } from '../../../components/archived-banner.tsx';
import { KanbanHandle } from '../../../components/kanban/kanban-card.tsx';
import { PriorityBadge } from '../../../components/priority-badge.tsx';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar.tsx';
import { shownStatus } from '../../../lib/activity.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate, formatDateTime, initials } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { ProductActionsMenu, type ProductViewer } from './product-actions.tsx';
import { ProgressBar } from './progress-bar.tsx';

const DAY_MS = 86_400_000;

/**
 * Issue 32: how long it has been in its stage ("12 d in this stage"), the stage and the exact
 * moment in its title. The column is the stage, so the card does not name it (issue 28).
 */
function TimeInStage({ product }: { product: Product }) {
  const days = Math.max(0, Math.floor((Date.now() - Date.parse(product.stage_entered_at)) / DAY_MS));
  const stage = shownStatus(product.status);
  return (
    <span
      className="flex items-center gap-1 text-muted-foreground text-xs"
      title={t('In {{stage}} since {{date}}', { stage, date: formatDateTime(product.stage_entered_at) })}
      data-testid="time-in-stage"
    >
      <HourglassIcon aria-hidden="true" className="size-3.5" />
      {days === 0 ? t('Entered this stage today') : t('{{count}} d in this stage', { count: days })}
    </span>
  );
}

/**
 * A product's card on the board: name (a link, except on the dragged copy), two lines of
 * description, priority (its status is its column's), progress, owner and target date (as the landing page's board shows them).
 */
export const ProductBoardCard = memo(function ProductBoardCard({
  product,
  viewer,
  overlay = false,
}: {
  product: Product;
  /** A product's creator and admins get its card menu (Edit, Archive, Delete). */
  viewer: ProductViewer | undefined;
  /** The copy that follows the pointer while dragging. */
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
        <h3 className="min-w-0 break-words font-medium text-sm leading-snug">
          {overlay ? (
            product.name
          ) : (
            // The link covers the card, so a click anywhere opens the product.
            <Link
              to={paths.product(product.id)}
              draggable={false}
              className="outline-none after:absolute after:inset-0 after:rounded-lg hover:underline focus-visible:underline"
            >
              {product.name}
            </Link>
          )}
        </h3>
        {overlay ? (
          <GripVerticalIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        ) : (
          <div className="-mt-1 -me-1 flex shrink-0 items-center">
            <ProductActionsMenu product={product} viewer={viewer} />
            <KanbanHandle className="relative -me-1 shrink-0" />
          </div>
        )}
      </div>
      {product.description ? (
        <p className="line-clamp-2 text-muted-foreground text-xs leading-relaxed">{product.description}</p>
      ) : null}
      {/* No status badge: the card's column is its status (issue 28). */}
      <div className="flex flex-wrap items-center gap-1.5">
        <PriorityBadge priority={product.priority} />
        {product.archived_at ? <ArchivedBadge /> : null}
        <TimeInStage product={product} />
      </div>
      <ProgressBar value={product.progress} label={t('Progress of {{name}}', { name: product.name })} />
      {/* Owner and date share a line when both fit; in a narrow column the date wraps below. */}
      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 text-muted-foreground text-xs">
        {product.creator ? (
          <span
            className="flex min-w-0 max-w-full items-center gap-1.5"
            title={t('Owner: {{name}}', { name: product.creator.name })}
          >
            <Avatar className="size-5 ring-1 ring-background">
              {product.creator.avatar_url ? <AvatarImage src={product.creator.avatar_url} alt="" /> : null}
              <AvatarFallback className="text-[10px]">{initials(product.creator.name)}</AvatarFallback>
            </Avatar>
            <span className="truncate">
              <span className="sr-only">{t('Owner:')} </span>
              {product.creator.name}
            </span>
          </span>
        ) : (
          <span />
        )}
        <span className="flex shrink-0 items-center gap-1">
          <CalendarIcon aria-hidden="true" className="size-3.5" />
          <span className="sr-only">{t('Target date:')} </span>
          <time dateTime={product.target_end_date}>{formatDate(product.target_end_date)}</time>
        </span>
      </div>
    </article>
  );
});
