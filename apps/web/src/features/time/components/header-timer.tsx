import { formatElapsed } from '@shipyard/shared';
import { SquareIcon } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { t } from '../../../lib/i18n/index.ts';
import { usePublishPaletteCommands } from '../../../lib/palette-context.ts';
import { paths } from '../../../lib/paths.ts';
import { useTimer, useTimerToggle } from '../api/time.ts';

/**
 * The caller's running timer in the top bar (issue 31), on every page: its time so far, its task's
 * key and title (to the task) and Stop. The timer is the server's, so a reload or another tab shows
 * the same one; "Stop the timer" is in the palette wherever the user is.
 */
export function HeaderTimer() {
  const timer = useTimer();
  const toggle = useTimerToggle();
  const running = timer.data?.timer ?? null;
  const now = useNow(running ? 1000 : 60_000);
  const stop = useRef(() => toggle.mutate({ stop: true }));
  stop.current = () => toggle.mutate({ stop: true });
  const commands = useMemo(
    () =>
      running
        ? [{ id: 'time:stop', label: t('Stop the timer'), icon: SquareIcon, run: () => stop.current() }]
        : [],
    [running],
  );
  usePublishPaletteCommands(commands);
  if (!running) return null;
  const elapsed = formatElapsed((now - Date.parse(running.startedAt)) / 1000);
  return (
    <div
      role="status"
      aria-label={t('Timer running on {{key}}: {{elapsed}}', { key: running.task.key, elapsed })}
      className="flex min-w-0 shrink-0 items-center gap-1 rounded-full border bg-muted/60 py-0.5 ps-1.5 pe-0.5 text-sm"
      data-header-timer=""
    >
      {/* On a phone the elapsed time alone is the link to the task. */}
      <Link
        to={paths.task(running.task.key || running.task.id)}
        className="flex min-w-0 items-center gap-1.5 rounded-full px-1 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        title={running.task.title}
      >
        <span aria-hidden="true" className="size-2 shrink-0 animate-pulse rounded-full bg-destructive" />
        <span aria-hidden="true" className="font-mono text-xs tabular-nums">
          {elapsed}
        </span>
        <span className="shrink-0 whitespace-nowrap font-mono text-muted-foreground text-xs max-sm:hidden">
          {running.task.key}
        </span>
        <span className="max-w-48 truncate max-md:hidden">{running.task.title}</span>
      </Link>
      <Button
        size="icon"
        variant="ghost"
        className="size-7 rounded-full"
        onClick={() => toggle.mutate({ stop: true })}
        disabled={toggle.isPending}
        aria-label={t('Stop timer')}
        title={t('Stop timer')}
      >
        <SquareIcon className="fill-current text-destructive" aria-hidden="true" />
      </Button>
    </div>
  );
}
