import { History } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { useQueryErrorToast } from '../../../hooks/use-query-error-toast.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { useProductActivities } from '../api/get-product-activities.ts';
import { ActivityEntryBody, ActivityEntryIcon } from './activity-entry.tsx';

const timelineMessages = {
  loadFailed: k('Failed to load activity timeline'),
  empty: k('No activity recorded yet'),
  emptyHint: k('Activities will appear here as you work on your product.'),
} as const;

/** Spec §2.11 Activity Timeline: the product's entries, newest first, with relative times. */
export function ProductTimeline({
  productId,
  currentUserId,
}: {
  productId: string;
  currentUserId?: string | undefined;
}) {
  const activities = useProductActivities(productId);
  const now = useNow();
  useQueryErrorToast(activities, t(timelineMessages.loadFailed));

  let body: ReactNode;
  if (activities.isPending) {
    body = (
      <div className="flex flex-col gap-5">
        <span role="status" className="sr-only">
          {t('Loading activity timeline')}
        </span>
        {[0, 1, 2].map((row) => (
          <div key={row} className="flex gap-3">
            <Skeleton className="size-8 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-4 w-3/4" />
            </div>
          </div>
        ))}
      </div>
    );
  } else if (activities.isError) {
    body = (
      <ErrorState
        title={t(timelineMessages.loadFailed)}
        error={activities.error}
        onRetry={() => void activities.refetch()}
        retrying={activities.isFetching}
      />
    );
  } else if (activities.data.length === 0) {
    body = (
      <EmptyState
        icon={History}
        title={t(timelineMessages.empty)}
        description={t(timelineMessages.emptyHint)}
        className="py-10"
      />
    );
  } else {
    body = (
      <ol className="flex flex-col">
        {activities.data.map((activity, index) => (
          <li key={activity.id} className="relative flex gap-3 pb-6 last:pb-0">
            {index < activities.data.length - 1 ? (
              // The line joining this entry's icon to the next one.
              <span
                aria-hidden="true"
                className="absolute top-9 bottom-1 left-4 w-px -translate-x-1/2 bg-border"
              />
            ) : null}
            <ActivityEntryIcon actionType={activity.actionType} />
            <ActivityEntryBody activity={activity} now={now} currentUserId={currentUserId} />
          </li>
        ))}
      </ol>
    );
  }

  return (
    <Card className="gap-5">
      <CardHeader>
        <CardTitle className="text-base">{t('Activity Timeline')}</CardTitle>
        <CardDescription>{t('Everything that happened to this product, newest first.')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <h3 className="font-medium text-muted-foreground text-xs uppercase tracking-wide">
          {t('Recent Activities')}
        </h3>
        {body}
      </CardContent>
    </Card>
  );
}
