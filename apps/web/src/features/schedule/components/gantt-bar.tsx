import type { ScheduleTask } from '@shipyard/shared';
import { memo, useState } from 'react';
import { DragEdges } from '../../../components/drag-edges.tsx';
import { type Delta, useDayDrag } from '../../../hooks/use-day-drag.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { movedDates, type Scale, spanOfTask, xOf } from './gantt-layout.ts';

type Dates = { startDate: string | null; dueDate: string | null };

type Props = {
  task: ScheduleTask;
  scale: Scale;
  editable: boolean;
  critical: boolean;
  /** Id of the text that says how to move a bar by keyboard. */
  helpId: string;
  onMove: (task: ScheduleTask, dates: Dates) => void;
  announce: (text: string) => void;
};

const tones: Record<ScheduleTask['status'], string> = {
  Pending: 'bg-slate-400/80 dark:bg-slate-500/80',
  'In Progress': 'bg-blue-500/85 dark:bg-blue-500/80',
  Completed: 'bg-emerald-500/80 dark:bg-emerald-600/80',
};

export const describeDates = (dates: Dates) =>
  dates.startDate && dates.dueDate
    ? t('{{start}} – {{end}}', { start: formatDate(dates.startDate), end: formatDate(dates.dueDate) })
    : dates.dueDate
      ? t('Due {{date}}', { date: formatDate(dates.dueDate) })
      : dates.startDate
        ? t('Starts {{date}}', { date: formatDate(dates.startDate) })
        : t('No dates');

/** One task's bar from its start to its due day: drag its body to move it, an edge to resize it. */
export const GanttBar = memo(function GanttBar({
  task,
  scale,
  editable,
  critical,
  helpId,
  onMove,
  announce,
}: Props) {
  const [draft, setDraft] = useState<Delta | null>(null);
  const dates = draft ? movedDates(task, draft) : task;
  const { pointer, onKeyDown, onBlur } = useDayDrag({
    dayWidth: scale.dayWidth,
    disabled: !editable,
    keyPart: 'move',
    altPart: 'end',
    onPreview: (delta, byKey) => {
      setDraft(delta);
      // A pointer's drag shows its dates on the bar; its drop is announced ("Task moved").
      if (!byKey) return;
      announce(
        delta
          ? `${task.key}: ${describeDates(movedDates(task, delta))}. ${t('Enter saves, Escape cancels.')}`
          : `${task.key}: ${describeDates(task)}`,
      );
    },
    onCommit: (delta) => {
      setDraft(null);
      const next = movedDates(task, delta);
      if (next.startDate === task.startDate && next.dueDate === task.dueDate) return;
      onMove(task, next);
    },
  });
  const span = spanOfTask(dates);
  if (!span) return null;
  const offset = xOf(scale, span.start);
  const width = Math.max(xOf(scale, span.end) + scale.dayWidth - offset, 4);
  const label = `${task.key} ${task.title}: ${describeDates(task)}`;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a span of days moved by arrows, not a form control
    <div
      role="group"
      tabIndex={editable ? 0 : -1}
      aria-roledescription={t('task bar')}
      aria-label={critical ? `${label} (${t('on the critical path')})` : label}
      aria-describedby={editable ? helpId : undefined}
      data-task={task.id}
      data-critical={critical || undefined}
      data-dragging={draft ? true : undefined}
      className={cn(
        'absolute top-1.5 flex h-6 items-center rounded-[4px] px-1.5 text-[11px] text-white leading-none outline-none',
        'focus-visible:z-20 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background',
        tones[task.status],
        !(task.startDate && task.dueDate) && 'opacity-70',
        critical && 'ring-2 ring-orange-500 dark:ring-orange-400',
        draft && 'z-20 shadow-lg',
        editable && 'cursor-grab touch-none active:cursor-grabbing',
      )}
      style={{ insetInlineStart: offset, width }}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      {...pointer('move')}
    >
      {width > 48 ? <span className="pointer-events-none truncate">{task.title}</span> : null}
      {editable ? <DragEdges pointer={pointer} /> : null}
      {draft ? (
        <span className="pointer-events-none absolute -top-5 start-0 whitespace-nowrap rounded bg-foreground px-1.5 py-0.5 font-medium text-[10px] text-background">
          {describeDates(dates)}
        </span>
      ) : null}
    </div>
  );
});
