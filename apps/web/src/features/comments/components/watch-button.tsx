import { commentMessages } from '@shipyard/shared';
import { EyeIcon, EyeOffIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../../components/ui/tooltip.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useSetWatching, useWatchers } from '../api/watchers.ts';

/** Who watches, for the tooltip: the names listed, and how many more. */
function watcherSummary(names: string[], total: number): string {
  if (total === 0) return t(commentMessages.noWatchers);
  const more = total - names.length;
  const list = names.join(', ');
  return more > 0
    ? t('Watching: {{names}} and {{count}} more', { names: list, count: more })
    : t('Watching: {{names}}', { names: list });
}

/** Watch or unwatch a task (anyone who sees it), with the watcher count and their names on hover. */
export function WatchButton({ taskId, disabled }: { taskId: string; disabled?: boolean }) {
  const watchers = useWatchers(taskId);
  const setWatching = useSetWatching(taskId);
  const watching = watchers.data?.watching ?? false;
  const total = watchers.data?.total ?? 0;
  const label = t(watching ? commentMessages.unwatch : commentMessages.watch);
  const summary = watcherSummary(watchers.data?.data.map((p) => p.name) ?? [], total);

  const toggle = () =>
    setWatching.mutate(!watching, {
      onError: (error) =>
        toast.error(t(commentMessages.watchFailed), {
          description: getErrorMessage(error, t(commentMessages.watchFailed)),
        }),
    });

  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          aria-pressed={watching}
          aria-label={t('{{label}}, {{count}} watchers', { label, count: total })}
          disabled={disabled || watchers.isPending}
          pending={setWatching.isPending}
          onClick={toggle}
        >
          {watching ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
          {label}
          <span
            aria-hidden="true"
            className="rounded-full bg-muted px-1.5 text-muted-foreground text-xs tabular-nums"
          >
            {total}
          </span>
        </Button>
      </TooltipTrigger>
      <TooltipContent>{summary}</TooltipContent>
    </Tooltip>
  );
}
