import type { ActivityLogEntry } from '@shipyard/shared';
import { ListFilter, Search } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ActivityDescription } from '../../../components/activity-description.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { OptionSelect } from '../../../components/option-select.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';

import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useQueryErrorToast } from '../../../hooks/use-query-error-toast.ts';
import { useUrlState } from '../../../hooks/use-url-state.ts';
import { actionTypeColour, actionTypeLabel } from '../../../lib/activity.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { productSelectOptions, useProductOptions } from '../../../lib/product-options.ts';
import { type ActivityLogFilters, activityLogQuery, useActivityLog } from '../api/get-activity-log.ts';

const activityLogMessages = {
  loadFailedTitle: k('Error'),
  loadFailed: k('Failed to load activity logs'),
  empty: k('No activities found matching your criteria.'),
} as const;

const SEARCH_DEBOUNCE_MS = 300;

/** Spec §2.20: 'Showing N activities of M total'. */
export function showingLine(shown: number, total: number, capped = false): string {
  const of = `${formatNumber(total)}${capped ? '+' : ''}`;
  return t('Showing {{shown}} activities of {{total}} total', {
    count: shown,
    shown: formatNumber(shown),
    total: of,
  });
}

function ActivityRow({ activity }: { activity: ActivityLogEntry }) {
  const name = activity.performer?.name.trim() || t('User');
  return (
    <li className="flex gap-3 px-4 py-4 sm:px-6">
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary text-sm dark:bg-primary/25 dark:text-foreground"
      >
        {name.charAt(0).toUpperCase()}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium text-sm">{name}</span>
          <time dateTime={activity.createdAt} className="text-muted-foreground text-xs tabular-nums">
            {formatDateTime(activity.createdAt)}
          </time>
          <span
            className={cn(
              'ms-auto rounded-md px-2 py-0.5 font-medium text-xs',
              actionTypeColour(activity.actionType),
            )}
          >
            {actionTypeLabel(activity.actionType)}
          </span>
        </div>
        <ActivityDescription activity={activity} />
        {activity.productName ? (
          <p className="text-muted-foreground text-xs">
            {t('Product:')}{' '}
            {activity.projectId ? (
              <Link
                to={paths.product(activity.projectId)}
                className="rounded-sm font-medium text-foreground underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                {activity.productName}
              </Link>
            ) : (
              <span className="font-medium text-foreground">{activity.productName}</span>
            )}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** Spec §2.20: every activity the caller may see, searchable and filtered by product and action. */
export function ActivityPage() {
  // The filters live in the URL, so a reload or a shared link shows the same log.
  const { values, set } = useUrlState({ product: '', action: '', q: '' });
  const productId = values.product;
  const action = values.action;
  const [searchText, setSearchText] = useState(() => values.q);
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);

  const setParam = (key: 'product' | 'action' | 'q', value: string) => set({ [key]: value });

  // The search reaches the URL (and the server) once typing pauses.
  // biome-ignore lint/correctness/useExhaustiveDependencies: setParam is rebuilt every render; only the settled text matters.
  useEffect(() => {
    if (values.q !== search) setParam('q', search);
  }, [search]);

  const filters: ActivityLogFilters = { productId, action, search };
  const log = useActivityLog(filters);
  const products = useProductOptions();
  useQueryErrorToast(log, t(activityLogMessages.loadFailedTitle), t(activityLogMessages.loadFailed));

  const actionTypes = log.data?.actionTypes ?? [];
  // A filter chosen from a link may name a type the list does not hold; keep it selectable.
  const actionChoices = action && !actionTypes.includes(action) ? [action, ...actionTypes] : actionTypes;

  let body: ReactNode;
  if (log.isPending) {
    body = (
      <ul className="divide-y">
        <li className="sr-only">
          <span role="status">{t('Loading activity logs')}</span>
        </li>
        {[0, 1, 2, 3, 4].map((row) => (
          <li key={row} className="flex gap-3 px-4 py-4 sm:px-6">
            <Skeleton className="size-9 shrink-0 rounded-full" />
            {/* Wraps like a loaded entry's line, so the placeholders stay on screen at 360 px. */}
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <div className="flex flex-wrap gap-x-2 gap-y-1">
                <Skeleton className="h-4 w-24" />
                <Skeleton className="h-4 w-32" />
                <Skeleton className="ms-auto h-5 w-24" />
              </div>
              <Skeleton className="h-4 w-3/4" />
            </div>
          </li>
        ))}
      </ul>
    );
  } else if (log.isError && !log.data) {
    body = (
      <ErrorState
        title={t(activityLogMessages.loadFailed)}
        error={log.error}
        onRetry={() => void log.refetch()}
      />
    );
  } else if (log.data.data.length === 0) {
    body = <EmptyState icon={ListFilter} title={t(activityLogMessages.empty)} className="py-12" />;
  } else {
    body = (
      <ul className={cn('divide-y transition-opacity', log.isPlaceholderData && 'opacity-60')}>
        {log.data.data.map((activity) => (
          <ActivityRow key={activity.id} activity={activity} />
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <PageHeader
        title={t('Activity Log')}
        description={t('Track all activities across your products.')}
        actions={
          <ExportCsvButton
            path={`/activities/export.csv?${activityLogQuery(filters)}`}
            fileName="shipyard-activity.csv"
          />
        }
      />

      <div className="flex flex-col gap-3 md:flex-row md:items-center">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder={t('Search activities...')}
            aria-label={t('Search activities')}
            className="ps-9"
            maxLength={200}
          />
        </div>
        <div className="grid grid-cols-2 gap-3 md:flex">
          <OptionSelect
            aria-label={t('Filter by product')}
            className="w-full md:w-48"
            value={productId}
            onValueChange={(value) => setParam('product', value)}
            allLabel={t('All Products')}
            options={productSelectOptions(products.data, productId)}
          />
          <OptionSelect
            aria-label={t('Filter by action')}
            className="w-full md:w-48"
            value={action}
            onValueChange={(value) => setParam('action', value)}
            allLabel={t('All Actions')}
            options={actionChoices.map((type) => ({ value: type, label: actionTypeLabel(type) }))}
          />
        </div>
      </div>

      <Card className="gap-0 py-0">
        <div className="flex items-center justify-between gap-2 border-b px-4 py-3 sm:px-6">
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {log.data ? showingLine(log.data.data.length, log.data.total, log.data.totalCapped) : '\u00a0'}
          </p>
        </div>
        <CardContent className="px-0">{body}</CardContent>
      </Card>
    </div>
  );
}
