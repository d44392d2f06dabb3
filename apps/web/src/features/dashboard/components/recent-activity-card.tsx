import type { Activity } from '@shipyard/shared';
import { AlertTriangle, ArrowRight, History } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ActivityDescription } from '../../../components/activity-description.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { activityTitle, performerName, shownStatus } from '../../../lib/activity.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatActivityTime } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { aroundSlot, slot } from '../../../lib/text-slots.tsx';
import { useRecentActivity } from '../api/get-recent-activity.ts';

// Spec §4: dashboard progress colours follow the product status.
const statusBar: Record<string, string> = {
  planning: 'bg-blue-500',
  development: 'bg-amber-500',
  testing: 'bg-purple-500',
  production: 'bg-green-500',
  maintenance: 'bg-zinc-400',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const percent = (value: unknown): number | undefined => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? Math.min(100, Math.max(0, Math.round(n))) : undefined;
};

/**
 * The progress an entry records (metadata.progress, or progressUpdates.progress), or undefined:
 * most entries (a document, a task, a team change) say nothing about progress, and a bar at 0 %
 * beside a product at 29 % would be false.
 */
function progressOf(metadata: Activity['metadata']): number | undefined {
  const updates = isRecord(metadata.progressUpdates) ? metadata.progressUpdates : undefined;
  return percent(metadata.progress) ?? percent(updates?.progress);
}

function ProgressMeter({ value, colour }: { value: number; colour: string }) {
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={t('Overall progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-1.5 max-w-48 flex-1 overflow-hidden rounded-full bg-muted"
      >
        <div className={cn('h-full rounded-full', colour)} style={{ width: `${value}%` }} />
      </div>
      <span className="font-medium text-xs tabular-nums">{value}%</span>
    </div>
  );
}

function RecentActivityItem({ activity }: { activity: Activity }) {
  const progress = progressOf(activity.metadata);
  const newStatus = typeof activity.metadata.newStatus === 'string' ? activity.metadata.newStatus : undefined;
  const colour = (newStatus && statusBar[newStatus.toLowerCase()]) || 'bg-primary';
  const [byBefore, byAfter] = aroundSlot(t('by {{name}}', { name: slot('name') }));
  return (
    <li className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
      <div className="flex items-baseline justify-between gap-3">
        <p className="truncate font-medium text-sm">{activityTitle(activity.actionType)}</p>
        <time dateTime={activity.createdAt} className="shrink-0 text-muted-foreground text-xs tabular-nums">
          {formatActivityTime(activity.createdAt)}
        </time>
      </div>
      <ActivityDescription activity={activity} className="line-clamp-2 text-muted-foreground" />
      {progress !== undefined ? <ProgressMeter value={progress} colour={colour} /> : null}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground text-xs">
        {newStatus ? (
          <span className="flex items-center gap-1.5">
            <span aria-hidden="true" className={cn('size-2 rounded-full', colour)} />
            {t('Status:')} <span className="font-medium text-foreground">{shownStatus(newStatus)}</span>
          </span>
        ) : null}
        <span>
          {byBefore}
          <span className="font-medium text-foreground">{performerName(activity)}</span>
          {byAfter}
        </span>
        {activity.projectId && activity.productName ? (
          <Link
            to={paths.product(activity.projectId)}
            className="min-w-0 truncate rounded-sm underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {activity.productName}
          </Link>
        ) : null}
      </div>
    </li>
  );
}

/** Spec §2.8 Recent Activity: the newest 2 entries of each product, merged, newest first. */
export function RecentActivityCard() {
  const activity = useRecentActivity();

  let body: ReactNode;
  if (activity.isPending) {
    body = (
      <ul className="flex flex-col gap-4">
        <li className="sr-only">
          <span role="status">{t('Loading recent activity')}</span>
        </li>
        {[0, 1, 2].map((row) => (
          <li key={row} className="flex flex-col gap-2">
            <div className="flex justify-between">
              <Skeleton className="h-4 w-28" />
              <Skeleton className="h-3 w-24" />
            </div>
            <Skeleton className="h-4 w-3/4" />
          </li>
        ))}
      </ul>
    );
  } else if (activity.isError) {
    body = (
      <p role="alert" className="flex items-start gap-2 text-destructive text-sm">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {getErrorMessage(activity.error)}
      </p>
    );
  } else if (activity.data.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-1.5 py-6 text-center">
        <History className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium text-sm">{t('No activity recorded yet')}</p>
        <p className="text-muted-foreground text-sm">
          {t('Activities will appear here as you work on your products.')}
        </p>
      </div>
    );
  } else {
    body = (
      <ul className="flex flex-col divide-y">
        {activity.data.map((entry) => (
          <RecentActivityItem key={entry.id} activity={entry} />
        ))}
      </ul>
    );
  }

  return (
    <SectionCard
      className="gap-4"
      title={t('Recent Activity')}
      description={t('The latest changes across your products.')}
      action={
        <Link
          to={paths.activity()}
          className="inline-flex items-center gap-1 rounded-sm font-medium text-primary text-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {t('View all')}
          <ArrowRight className="size-3.5 rtl:-scale-x-100" aria-hidden="true" />
        </Link>
      }
    >
      {body}
    </SectionCard>
  );
}
