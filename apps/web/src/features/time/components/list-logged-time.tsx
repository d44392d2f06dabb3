import { formatDuration } from '@shipyard/shared';
import { TimerIcon } from 'lucide-react';
import { t } from '../../../lib/i18n/index.ts';
import { useListTime } from '../api/time.ts';

/**
 * A task list's header total (issue 31: "totals on … each view"): the time logged on every task
 * the list's filters match, not only the loaded ones. Nothing while none is logged or it loads.
 */
export function ListLoggedTime({ query }: { query: string }) {
  const { data } = useListTime(query);
  if (!data || data.seconds <= 0) return null;
  const text = formatDuration(data.seconds);
  return (
    <span
      data-logged-time=""
      title={t('Time logged on these tasks: {{duration}}', { duration: text })}
      className="inline-flex items-center gap-1 tabular-nums"
    >
      <TimerIcon aria-hidden="true" className="size-3.5" />
      <span className="sr-only">{`${t('Time logged')} `}</span>
      {text}
    </span>
  );
}

/** The task lists' header addition, as a route hands it to TaskListMetaProvider. */
export const listLoggedTime = (query: string) => <ListLoggedTime query={query} />;
