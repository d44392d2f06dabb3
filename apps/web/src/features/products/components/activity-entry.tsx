import type { Activity } from '@shipyard/shared';
import {
  Activity as ActivityIcon,
  ArrowRight,
  CheckCircle2,
  FileText,
  Flag,
  type LucideIcon,
  RefreshCw,
  TrendingUp,
  UserPlus,
} from 'lucide-react';
import { ActivityDescription } from '../../../components/activity-description.tsx';
import { activityTitle, performerName, shownStatus, statusChange } from '../../../lib/activity.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime, formatRelative } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { aroundSlot, slot } from '../../../lib/text-slots.tsx';

const icons: Record<string, LucideIcon> = {
  status_changed: RefreshCw,
  progress_updated: TrendingUp,
  member_added: UserPlus,
  team_member_added: UserPlus,
  task_completed: CheckCircle2,
  document_updated: FileText,
  file_uploaded: FileText,
  milestone_reached: Flag,
};

export function ActivityEntryIcon({ actionType, className }: { actionType: string; className?: string }) {
  const Icon = icons[actionType] ?? ActivityIcon;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-full border bg-background text-muted-foreground',
        className,
      )}
    >
      <Icon className="size-4" />
    </span>
  );
}

type ActivityEntryProps = {
  activity: Activity;
  now: number;
  /** The signed-in user's id: their own entries say '(You)'. */
  currentUserId?: string | undefined;
};

/** One activity entry: its title, when, what happened, a status change if any, and who did it. */
export function ActivityEntryBody({ activity, now, currentUserId }: ActivityEntryProps) {
  const change = statusChange(activity.metadata);
  const mine = currentUserId !== undefined && activity.performer?._id === currentUserId;
  const [byBefore, byAfter] = aroundSlot(
    mine ? t('by {{name}} (You)', { name: slot('name') }) : t('by {{name}}', { name: slot('name') }),
  );
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
        <p className="font-medium text-sm">{activityTitle(activity.actionType)}</p>
        <time
          dateTime={activity.createdAt}
          title={formatDateTime(activity.createdAt)}
          className="text-muted-foreground text-xs tabular-nums"
        >
          {formatRelative(activity.createdAt, now)}
        </time>
      </div>
      <ActivityDescription activity={activity} />
      {change ? (
        <p className="flex flex-wrap items-center gap-1.5 text-muted-foreground text-xs">
          {change.previous ? (
            <span className="sr-only">
              {t('Status changed from {{previous}} to {{next}}', {
                previous: shownStatus(change.previous),
                next: shownStatus(change.next),
              })}
            </span>
          ) : (
            t('Status:')
          )}
          {change.previous ? (
            <>
              <span aria-hidden="true" className="rounded border bg-muted/50 px-1.5 py-0.5 font-medium">
                {shownStatus(change.previous)}
              </span>
              <ArrowRight className="size-3" aria-hidden="true" />
            </>
          ) : null}
          <span
            aria-hidden={change.previous ? true : undefined}
            className="rounded border bg-muted/50 px-1.5 py-0.5 font-medium text-foreground"
          >
            {shownStatus(change.next)}
          </span>
        </p>
      ) : null}
      <p className="text-muted-foreground text-xs">
        {byBefore}
        <span className="font-medium text-foreground">{performerName(activity)}</span>
        {byAfter}
      </p>
    </div>
  );
}
