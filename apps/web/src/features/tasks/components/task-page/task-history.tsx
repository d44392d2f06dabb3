import { type Activity, type TaskHistory as History, taskPageMessages } from '@shipyard/shared';
import { ArrowRightIcon } from 'lucide-react';
import { useState } from 'react';
import { ErrorState } from '../../../../components/error-state.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { useNow } from '../../../../hooks/use-now.ts';
import { capitalise, performerName, statusChange } from '../../../../lib/activity.ts';
import { formatDateTime, formatRelative } from '../../../../lib/format.ts';
import { useOlderHistory } from '../../api/get-task-detail.ts';

/** One change: who did what, when, and a status change shown as from → to. */
function HistoryEntry({ entry, now }: { entry: Activity; now: number }) {
  const change = statusChange(entry.metadata);
  return (
    <li className="relative grid gap-0.5 border-l py-2 pl-4">
      <span
        aria-hidden="true"
        className="absolute top-3.5 -left-[4.5px] size-2 rounded-full bg-muted-foreground/50"
      />
      <p className="break-words text-sm">
        <span className="font-medium">{performerName(entry)}</span>{' '}
        <span className="text-muted-foreground">·</span> {entry.description}
      </p>
      {change?.previous ? (
        <p className="flex flex-wrap items-center gap-1.5 text-muted-foreground text-xs">
          <span className="sr-only">Status changed from</span>
          <span className="rounded border bg-muted/50 px-1.5 py-0.5">{capitalise(change.previous)}</span>
          <ArrowRightIcon className="size-3" aria-hidden="true" />
          <span className="sr-only">to</span>
          <span className="rounded border bg-muted/50 px-1.5 py-0.5 text-foreground">
            {capitalise(change.next)}
          </span>
        </p>
      ) : null}
      <time
        dateTime={entry.createdAt}
        title={formatDateTime(entry.createdAt)}
        className="text-muted-foreground text-xs"
      >
        {formatRelative(entry.createdAt, now)}
      </time>
    </li>
  );
}

/**
 * The task's history (its activity entries), newest first: the first page comes with the page's
 * one request; "Show more" reads the older ones page by page.
 */
export function TaskHistory({ taskId, first }: { taskId: string; first: History }) {
  const now = useNow();
  const [more, setMore] = useState(false);
  const older = useOlderHistory(taskId, first.nextCursor, more);
  const entries = [...first.data, ...(older.data?.pages.flatMap((page) => page.data) ?? [])];
  const hasMore = more ? older.hasNextPage || older.isPending : first.nextCursor !== null;

  return (
    <div className="grid gap-2">
      {entries.length === 0 ? (
        <p className="text-muted-foreground text-sm">{taskPageMessages.historyEmpty}</p>
      ) : (
        <ol aria-label="History" className="ml-1">
          {entries.map((entry) => (
            <HistoryEntry key={entry.id} entry={entry} now={now} />
          ))}
        </ol>
      )}
      {older.isError ? (
        <ErrorState
          variant="inline"
          title={taskPageMessages.historyLoadFailed}
          error={older.error}
          onRetry={() => void (older.data ? older.fetchNextPage() : older.refetch())}
        />
      ) : hasMore ? (
        <Button
          variant="ghost"
          size="sm"
          className="w-fit"
          disabled={more && (older.isPending || older.isFetchingNextPage)}
          onClick={() => (more ? void older.fetchNextPage() : setMore(true))}
        >
          Show more
        </Button>
      ) : null}
    </div>
  );
}
