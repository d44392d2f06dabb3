import type { Activity } from '@shipyard/shared';
import { Link } from 'react-router';
import { cn } from '../lib/cn.ts';
import { paths } from '../lib/paths.ts';

/**
 * What an activity entry says; an entry about a task that still exists opens the task's page
 * (issue 15). Used by every list of entries: the activity log, the dashboard, the product timeline.
 */
export function ActivityDescription({
  activity,
  className,
}: {
  activity: Pick<Activity, 'description' | 'taskId'>;
  className?: string;
}) {
  return (
    // The server writes it in English: in a right-to-left page it keeps its own direction, so its
    // quotes and full stop stay where English puts them (issue 33).
    <p dir="auto" className={cn('break-words text-sm', className)}>
      {activity.taskId ? (
        <Link
          to={paths.task(activity.taskId)}
          className="rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {activity.description}
        </Link>
      ) : (
        activity.description
      )}
    </p>
  );
}
