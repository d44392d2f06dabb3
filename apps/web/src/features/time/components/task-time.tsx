import { formatDuration, formatElapsed, type TimeEntry, timeMessages } from '@shipyard/shared';
import { PencilIcon, PlayIcon, PlusIcon, SquareIcon, TimerIcon } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { ErrorState } from '../../../components/error-state.tsx';
import { RowActionsMenu } from '../../../components/row-actions-menu.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { formatDate } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { usePublishPaletteCommands } from '../../../lib/palette-context.ts';
import { TIMER_SHORTCUT } from '../../../lib/timer-shortcut.ts';
import { useDeleteTimeEntry, useTaskTime, useTimer, useTimerToggle } from '../api/time.ts';
import { TimeEntryDialog } from './time-entry-dialog.tsx';
import { useTimerKey } from './use-timer-key.ts';

type Props = {
  task: { id: string; key: string; title: string };
  viewerId: string;
  /** Whether the viewer may log time here (not a guest, not an archived product). */
  canLog: boolean;
  /** Whether Shift+T acts on this task (not beside the inbox, whose keys are its own). */
  keys: boolean;
};

/** Logged against the estimate: '2h 30m of 4h' on an hours scale, or beside any other scale's value. */
function EstimateLine({ total, estimate, scale }: { total: number; estimate: string | null; scale: string }) {
  const hours = scale === 'hours' && estimate ? Number(estimate) : undefined;
  if (hours && Number.isFinite(hours) && hours > 0) {
    const percent = Math.min(100, Math.round((total / (hours * 3600)) * 100));
    const over = total > hours * 3600;
    return (
      <div className="grid gap-1.5">
        <p className="text-sm tabular-nums">
          {t('{{logged}} logged of {{estimate}} estimated', {
            logged: formatDuration(total),
            estimate: formatDuration(hours * 3600),
          })}
        </p>
        <div
          role="progressbar"
          aria-label={t('Logged against the estimate')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-1.5 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={over ? 'h-full rounded-full bg-destructive' : 'h-full rounded-full bg-primary'}
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
    );
  }
  return (
    <p className="text-sm tabular-nums">
      {estimate
        ? t('{{logged}} logged · estimate {{estimate}}', { logged: formatDuration(total), estimate })
        : t('{{logged}} logged', { logged: formatDuration(total) })}
    </p>
  );
}

/**
 * A task's time (issue 31): logged against the estimate, the viewer's timer (Start / Stop, Shift+T,
 * and the palette), and the entries, newest first, the viewer's own with Edit and Delete.
 */
export function TaskTime({ task, viewerId, canLog, keys }: Props) {
  const time = useTaskTime(task.id);
  const timer = useTimer({ watch: true });
  const toggle = useTimerToggle();
  const remove = useDeleteTimeEntry(task.id);
  const [editing, setEditing] = useState<TimeEntry | true | null>(null);
  const section = useRef<HTMLElement>(null);
  const running = timer.data?.timer;
  const runningHere = running?.task.id === task.id;
  const now = useNow(runningHere ? 1000 : 60_000);

  const flip = () => toggle.mutate(runningHere ? { stop: true } : { start: task.id });
  useTimerKey(section, keys && canLog && !toggle.isPending, flip);
  // The palette's commands run the latest `flip`; they change only when what they say does.
  const latestFlip = useRef(flip);
  latestFlip.current = flip;
  const commands = useMemo(() => {
    const run = () => latestFlip.current();
    return canLog
      ? [
          runningHere
            ? {
                id: 'time:stop',
                label: t('Stop the timer'),
                icon: SquareIcon,
                shortcut: TIMER_SHORTCUT.text,
                run,
              }
            : {
                id: 'time:start',
                label: t('Start a timer on {{key}}', { key: task.key }),
                icon: PlayIcon,
                shortcut: TIMER_SHORTCUT.text,
                run,
              },
        ]
      : [];
  }, [canLog, runningHere, task.key]);
  usePublishPaletteCommands(commands);

  if (time.isPending) return <Skeleton className="h-24 w-full" />;
  if (time.isError) {
    return (
      <ErrorState
        title={t(timeMessages.loadFailed)}
        error={time.error}
        onRetry={() => void time.refetch()}
        retrying={time.isFetching}
      />
    );
  }
  const data = time.data;
  const elapsed = runningHere && running ? (now - Date.parse(running.startedAt)) / 1000 : 0;

  return (
    <section ref={section} aria-labelledby={`time-${task.id}`} className="grid gap-3" data-task-time="">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`time-${task.id}`} className="me-auto flex items-center gap-1.5 font-medium text-sm">
          <TimerIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          {t('Time')}
        </h2>
        {canLog ? (
          <>
            <Button
              size="sm"
              variant={runningHere ? 'destructive' : 'outline'}
              onClick={flip}
              disabled={toggle.isPending}
              aria-keyshortcuts={TIMER_SHORTCUT.aria}
            >
              {runningHere ? <SquareIcon aria-hidden="true" /> : <PlayIcon aria-hidden="true" />}
              {runningHere ? t('Stop timer') : t('Start timer')}
              {runningHere ? <span className="font-mono tabular-nums">{formatElapsed(elapsed)}</span> : null}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
              <PlusIcon aria-hidden="true" />
              {t('Log time')}
            </Button>
          </>
        ) : null}
      </div>
      <EstimateLine total={data.totalSeconds} estimate={data.estimate} scale={data.estimateScale} />
      {data.mySeconds > 0 && data.mySeconds !== data.totalSeconds ? (
        <p className="text-muted-foreground text-xs tabular-nums">
          {t('{{mine}} of it by you', { mine: formatDuration(data.mySeconds) })}
        </p>
      ) : null}
      {data.entries.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t('No time logged yet.')}</p>
      ) : (
        <ul className="grid divide-y rounded-md border text-sm" aria-label={t('Time entries')}>
          {data.entries.map((entry) => (
            <li key={entry.id} className="flex items-center gap-3 px-3 py-2">
              <span className="w-16 shrink-0 font-medium tabular-nums">{formatDuration(entry.seconds)}</span>
              <span className="grid min-w-0 flex-1">
                <span className="truncate">
                  {entry.note || <span className="text-muted-foreground">—</span>}
                </span>
                <span className="truncate text-muted-foreground text-xs">
                  {[entry.author?.name ?? t('Deleted user'), formatDate(entry.date)].join(' · ')}
                  {entry.source === 'timer' ? ` · ${t('timer')}` : ''}
                </span>
              </span>
              {canLog && entry.author?.id === viewerId ? (
                <RowActionsMenu
                  label={t('Actions for the entry of {{date}}', { date: formatDate(entry.date) })}
                  actions={[
                    {
                      key: 'edit',
                      label: t('Edit'),
                      icon: <PencilIcon aria-hidden="true" />,
                      opensDialog: true,
                      onSelect: () => setEditing(entry),
                    },
                  ]}
                  confirm={{
                    label: t('Delete'),
                    title: t('Delete this time entry?'),
                    description: t('{{duration}} on {{date}} will no longer count.', {
                      duration: formatDuration(entry.seconds),
                      date: formatDate(entry.date),
                    }),
                    pending: remove.isPending,
                    onConfirm: (close) => remove.mutate(entry.id, { onSettled: close }),
                  }}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {data.entryCount > data.entries.length ? (
        <p className="text-muted-foreground text-xs">
          {t('The newest {{shown}} of {{total}} entries', {
            shown: data.entries.length,
            total: data.entryCount,
          })}
        </p>
      ) : null}
      <TimeEntryDialog taskId={task.id} entry={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
