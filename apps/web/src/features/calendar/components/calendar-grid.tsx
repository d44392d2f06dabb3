import { DndContext, type DragEndEvent, DragOverlay, type DragStartEvent, useDroppable } from '@dnd-kit/core';
import type { CalendarItem, CalendarTask } from '@shipyard/shared';
import { type MouseEvent, memo, useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { usePanelState } from '../../../components/route-panel.tsx';
import { cn } from '../../../lib/cn.ts';
import { boardAutoScroll, boardCollisionDetection, usePointerSensors } from '../../../lib/dnd.ts';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { formatDayLong, fromDayKey } from './calendar-days.ts';
import { GridEntryFace, GridEntryLine } from './calendar-grid-entry.tsx';
import { DAY_LINES, type DragPayload, dayEntries, type GridEntry } from './calendar-grid-model.ts';
import type { CalendarView } from './calendar-view.ts';

const weekdayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short' });
const dayNumber = new Intl.DateTimeFormat(undefined, { day: 'numeric' });
const monthDay = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

const EMPTY_ITEMS: readonly CalendarItem[] = [];
const EMPTY_TASKS: readonly CalendarTask[] = [];

export type CalendarGridProps = {
  view: CalendarView;
  /** The grid's days, whole weeks, in order. */
  days: readonly string[];
  /** The month shown ('YYYY-MM'): the month grid greys the other months' days. */
  month: string;
  today: string;
  selected: string;
  items: ReadonlyMap<string, readonly CalendarItem[]>;
  tasks: ReadonlyMap<string, readonly CalendarTask[]>;
  /** Whether the viewer may move this one (product target dates never move here). */
  canMove: (entry: GridEntry) => boolean;
  onSelectDay: (day: string) => void;
  /** An entry dropped on another day. */
  onMove: (entry: GridEntry, from: string, to: string) => void;
};

type DayCellProps = {
  view: CalendarView;
  day: string;
  outside: boolean;
  isToday: boolean;
  isSelected: boolean;
  items: readonly CalendarItem[];
  tasks: readonly CalendarTask[];
  today: string;
  canMove: (entry: GridEntry) => boolean;
  onSelectDay: (day: string) => void;
  onOpenTask: (event: MouseEvent<HTMLAnchorElement>, taskId: string) => void;
};

/** One day: its number (selecting it), its first entries, and "+N more" (selecting it too). */
const DayCell = memo(function DayCell({
  view,
  day,
  outside,
  isToday,
  isSelected,
  items,
  tasks,
  today,
  canMove,
  onSelectDay,
  onOpenTask,
}: DayCellProps) {
  const { setNodeRef, isOver } = useDroppable({ id: day });
  const { shown, more } = dayEntries(items, tasks, DAY_LINES[view]);
  const date = fromDayKey(day);
  const count = items.length + tasks.length;
  const label = [
    isToday ? t('Today') : '',
    formatDayLong(day),
    count > 0 ? t('{{count}} items', { count }) : '',
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <div
      ref={setNodeRef}
      data-day={day}
      data-selected={isSelected || undefined}
      className={cn(
        'flex min-w-0 flex-col gap-px border-b border-s p-1 transition-colors',
        view === 'month' ? 'h-[7.75rem]' : 'min-h-14 lg:min-h-[26rem]',
        outside && 'bg-muted/40',
        isSelected && 'bg-primary/5 dark:bg-primary/10',
        isOver && 'bg-accent ring-2 ring-ring/60 ring-inset',
      )}
    >
      <div className="flex h-6 shrink-0 items-center justify-between gap-1">
        <button
          type="button"
          aria-label={label}
          aria-pressed={isSelected}
          data-has-events={count > 0 ? 'true' : undefined}
          onClick={() => onSelectDay(day)}
          className={cn(
            'inline-flex h-6 min-w-6 items-center justify-center rounded-full px-1.5 text-xs tabular-nums outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
            outside && 'text-muted-foreground',
            isToday && 'bg-primary font-semibold text-primary-foreground hover:bg-primary/90',
            isSelected && !isToday && 'font-semibold ring-1 ring-primary',
          )}
        >
          {date ? (view === 'week' ? monthDay.format(date) : dayNumber.format(date)) : day}
        </button>
        {view === 'week' && date ? (
          <span aria-hidden="true" className="text-muted-foreground text-xs lg:hidden">
            {weekdayFormat.format(date)}
          </span>
        ) : null}
      </div>
      {shown.map((entry) => (
        <GridEntryLine
          key={entry.key}
          entry={entry}
          day={day}
          today={today}
          movable={canMove(entry)}
          onSelectDay={onSelectDay}
          onOpenTask={onOpenTask}
        />
      ))}
      {more > 0 ? (
        <button
          type="button"
          data-more={more}
          onClick={() => onSelectDay(day)}
          className="h-5 shrink-0 rounded-sm px-1 text-start font-medium text-muted-foreground text-xs outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {t('+{{count}} more', { count: more })}
        </button>
      ) : null}
    </div>
  );
});

/**
 * Issue 31: the big month grid (whole weeks) or a week's seven columns, each day listing the
 * titles of its events and tasks due. Drag a line to another day to move it; the day's number and
 * "+N more" select the day, whose panel lists everything.
 */
export function CalendarGrid({
  view,
  days,
  month,
  today,
  selected,
  items,
  tasks,
  canMove,
  onSelectDay,
  onMove,
}: CalendarGridProps) {
  const sensors = usePointerSensors();
  const navigate = useNavigate();
  const panelState = usePanelState();
  // A plain click opens the task as a panel over the calendar; a click with a modifier key or
  // another button is the browser's (a new tab, a new window).
  const onOpenTask = useCallback(
    (event: MouseEvent<HTMLAnchorElement>, taskId: string) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigate(paths.task(taskId), { state: panelState, preventScrollReset: true });
    },
    [navigate, panelState],
  );
  const [dragging, setDragging] = useState<GridEntry | null>(null);
  const weekdays = useMemo(
    () => days.slice(0, 7).map((day) => weekdayFormat.format(fromDayKey(day) ?? new Date())),
    [days],
  );
  const weeks = useMemo(() => {
    const rows: string[][] = [];
    for (let i = 0; i < days.length; i += 7) rows.push(days.slice(i, i + 7));
    return rows;
  }, [days]);

  const onDragStart = useCallback(({ active }: DragStartEvent) => {
    setDragging((active.data.current as DragPayload | undefined)?.entry ?? null);
  }, []);
  const onDragEnd = useCallback(
    ({ active, over }: DragEndEvent) => {
      setDragging(null);
      const payload = active.data.current as DragPayload | undefined;
      const to = over ? String(over.id) : undefined;
      if (payload && to && to !== payload.from) onMove(payload.entry, payload.from, to);
    },
    [onMove],
  );

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={boardCollisionDetection}
      autoScroll={boardAutoScroll}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
    >
      <section
        aria-label={view === 'month' ? t('Month') : t('Week')}
        data-testid="calendar-grid"
        data-view={view}
        className="min-w-0 overflow-hidden rounded-lg border-t border-e"
      >
        <div aria-hidden="true" className={cn('grid grid-cols-7', view === 'week' && 'max-lg:hidden')}>
          {weekdays.map((name, i) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: the seven weekdays, in order
              key={i}
              className="truncate border-b border-s px-2 py-1.5 font-medium text-muted-foreground text-xs uppercase tracking-wide"
            >
              {name}
            </div>
          ))}
        </div>
        {weeks.map((week) => (
          <div
            key={week[0]}
            className={cn('grid', view === 'week' ? 'grid-cols-1 lg:grid-cols-7' : 'grid-cols-7')}
          >
            {week.map((day) => (
              <DayCell
                key={day}
                view={view}
                day={day}
                outside={view === 'month' && !day.startsWith(month)}
                isToday={day === today}
                isSelected={day === selected}
                items={items.get(day) ?? EMPTY_ITEMS}
                tasks={tasks.get(day) ?? EMPTY_TASKS}
                today={today}
                canMove={canMove}
                onSelectDay={onSelectDay}
                onOpenTask={onOpenTask}
              />
            ))}
          </div>
        ))}
      </section>
      <DragOverlay dropAnimation={null}>
        {dragging ? <GridEntryFace entry={dragging} today={today} /> : null}
      </DragOverlay>
    </DndContext>
  );
}
