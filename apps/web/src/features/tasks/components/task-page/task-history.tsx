import type { Activity, TaskHistory as History } from '@shipyard/shared';
import { ArrowRightIcon } from 'lucide-react';
import { useState } from 'react';
import { ErrorState } from '../../../../components/error-state.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { useNow } from '../../../../hooks/use-now.ts';
import { capitalise, performerName, statusChange } from '../../../../lib/activity.ts';
import { formatDateTime, formatRelative } from '../../../../lib/format.ts';
import { t } from '../../../../lib/i18n/index.ts';
import { useOlderHistory } from '../../api/get-task-detail.ts';
import { pageTexts, storedStatusName } from '../task-texts.ts';

/** One change: who did what, when, and a status change shown as from → to. */
function HistoryEntry({ entry, now }: { entry: Activity; now: number }) {
  const change = statusChange(entry.metadata);
  const from = change?.previous ? storedStatusName(capitalise(change.previous)) : undefined;
  const to = change ? storedStatusName(capitalise(change.next)) : undefined;
  return (
    <li className="relative grid gap-0.5 border-s py-2 ps-4">
      <span
        aria-hidden="true"
        className="absolute top-3.5 -start-[4.5px] size-2 rounded-full bg-muted-foreground/50"
      />
      <p className="break-words text-sm">
        <span className="font-medium">{performerName(entry)}</span>{' '}
        <span className="text-muted-foreground">·</span> {entry.description}
      </p>
      {from ? (
        <p className="flex flex-wrap items-center gap-1.5 text-muted-foreground text-xs">
          {/* One sentence read out, in the reader's word order; the pills are what the eye reads. */}
          <span className="sr-only">{t('Status changed from {{from}} to {{to}}', { from, to })}</span>
          <span aria-hidden="true" className="rounded border bg-muted/50 px-1.5 py-0.5">
            {from}
          </span>
          <ArrowRightIcon className="size-3" aria-hidden="true" />
          <span aria-hidden="true" className="rounded border bg-muted/50 px-1.5 py-0.5 text-foreground">
            {to}
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
        <p className="text-muted-foreground text-sm">{t(pageTexts.historyEmpty)}</p>
      ) : (
        <ol aria-label={t('History')} className="ms-1">
          {entries.map((entry) => (
            <HistoryEntry key={entry.id} entry={entry} now={now} />
          ))}
        </ol>
      )}
      {older.isError ? (
        <ErrorState
          variant="inline"
          title={t(pageTexts.historyLoadFailed)}
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
          {t('Show more')}
        </Button>
      ) : null}
    </div>
  );
}
