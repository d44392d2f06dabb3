import type { Activity } from '@shipyard/shared';
import { AlertTriangle, History } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { activityTitle, capitalise, performerName } from '../../../lib/activity.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatActivityTime } from '../../../lib/format.ts';
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

/** What an entry's metadata says about progress: overall (0 if absent) and per area. */
export function progressOf(metadata: Activity['metadata']) {
  const updates = isRecord(metadata.progressUpdates) ? metadata.progressUpdates : undefined;
  const overall = percent(metadata.progress) ?? percent(updates?.progress) ?? 0;
  const details = isRecord(updates?.progress_details) ? updates.progress_details : {};
  const areas = Object.entries(details).flatMap(([area, value]) => {
    const p = percent(value);
    return p === undefined ? [] : [{ area, progress: p }];
  });
  return { overall, areas };
}

function Meter({
  label,
  value,
  colour,
  size = 'md',
}: {
  label: string;
  value: number;
  colour: string;
  size?: 'sm' | 'md';
}) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center justify-between gap-2 text-xs">
        <span className={cn('text-muted-foreground', size === 'sm' && 'capitalize')}>{label}</span>
        <span className="font-medium tabular-nums">{value}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className={cn('w-full overflow-hidden rounded-full bg-muted', size === 'sm' ? 'h-1' : 'h-1.5')}
      >
        <div
          className={cn('h-full rounded-full transition-[width]', colour)}
          style={{ width: `${value}%` }}
        />
      </div>
    </div>
  );
}

function RecentActivityItem({ activity }: { activity: Activity }) {
  const { overall, areas } = progressOf(activity.metadata);
  const newStatus = typeof activity.metadata.newStatus === 'string' ? activity.metadata.newStatus : undefined;
  const colour = (newStatus && statusBar[newStatus.toLowerCase()]) || 'bg-primary';
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
        <p className="font-medium text-sm">{activityTitle(activity.actionType)}</p>
        <time dateTime={activity.createdAt} className="text-muted-foreground text-xs tabular-nums">
          {formatActivityTime(activity.createdAt)}
        </time>
      </div>
      <p className="break-words text-sm">{activity.description}</p>
      <Meter label="Overall progress" value={overall} colour={colour} />
      {areas.length > 0 ? (
        <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
          {areas.map(({ area, progress }) => (
            <Meter key={area} label={area.replaceAll('_', ' ')} value={progress} colour={colour} size="sm" />
          ))}
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground text-xs">
        {newStatus ? (
          <span className="flex items-center gap-1.5">
            <span aria-hidden="true" className={cn('size-2 rounded-full', colour)} />
            Status: <span className="font-medium text-foreground">{capitalise(newStatus)}</span>
          </span>
        ) : null}
        <span>
          by <span className="font-medium text-foreground">{performerName(activity)}</span>
        </span>
        {activity.projectId && activity.productName ? (
          <Link
            to={`/products/${encodeURIComponent(activity.projectId)}`}
            className="truncate rounded-sm underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
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
      <ul className="flex flex-col gap-6">
        <li role="status" className="sr-only">
          Loading recent activity
        </li>
        {[0, 1, 2].map((row) => (
          <li key={row} className="flex flex-col gap-2">
            <div className="flex justify-between">
              <Skeleton className="h-4 w-28" />
              <Skeleton className="h-3 w-24" />
            </div>
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-1.5 w-full rounded-full" />
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
        <p className="font-medium text-sm">No activity recorded yet</p>
        <p className="text-muted-foreground text-sm">
          Activities will appear here as you work on your products.
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
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="text-base">Recent Activity</CardTitle>
        <CardDescription>The latest changes across your products.</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
