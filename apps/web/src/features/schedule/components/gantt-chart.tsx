import type { ScheduleLink, ScheduleTask, ScheduleZoom } from '@shipyard/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { CalendarPlusIcon } from 'lucide-react';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { currentLanguage, t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { GanttBar } from './gantt-bar.tsx';
import { linkKey, type Row, type Scale, spanOfTask, ticksOf, xOf } from './gantt-layout.ts';

type Dates = { startDate: string | null; dueDate: string | null };

type Props = {
  rows: readonly Row[];
  links: readonly ScheduleLink[];
  scale: Scale;
  zoom: ScheduleZoom;
  today: string;
  editable: boolean;
  critical: { taskIds: ReadonlySet<string>; linkKeys: ReadonlySet<string> } | null;
  helpId: string;
  onMove: (task: ScheduleTask, dates: Dates) => void;
  onScheduleToday: (task: ScheduleTask) => void;
  announce: (text: string) => void;
};

const ROW = 36;
const HEADER = 44;
const NAMES = 240;

/** 'Dec 2026': the month a day zoom's header names above its first day. */
function monthLabel(day: string) {
  return new Intl.DateTimeFormat(currentLanguage(), {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

function tickLabel(day: string, zoom: ScheduleZoom) {
  const date = new Date(`${day}T00:00:00Z`);
  const options: Intl.DateTimeFormatOptions =
    zoom === 'day'
      ? { day: 'numeric', timeZone: 'UTC' }
      : zoom === 'week'
        ? { day: 'numeric', month: 'short', timeZone: 'UTC' }
        : { month: 'short', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(currentLanguage(), options).format(date);
}

/** The arrow from the end of a blocking task's bar to the start of the bar it blocks. */
function arrowPath(scale: Scale, from: ScheduleTask, fromRow: number, to: ScheduleTask, toRow: number) {
  const a = spanOfTask(from);
  const b = spanOfTask(to);
  if (!a || !b) return undefined;
  const x1 = xOf(scale, a.end) + scale.dayWidth;
  const y1 = fromRow * ROW + ROW / 2;
  const x2 = xOf(scale, b.start);
  const y2 = toRow * ROW + ROW / 2;
  const out = x1 + 6;
  if (x2 - 6 >= out) return `M${x1},${y1} H${out} V${y2} H${x2 - 2}`;
  // It starts before its blocker ends: round the bar from below.
  const mid = y1 + (y2 > y1 ? ROW / 2 : -ROW / 2);
  return `M${x1},${y1} H${out} V${mid} H${x2 - 8} V${y2} H${x2 - 2}`;
}

/**
 * The Gantt: a sticky column of task names and a header of days, weeks or months over a virtualised
 * body (only the rows in view, and the arrows that reach them, are drawn), a today line, and the
 * bars. Bars are placed with inset-inline-start, so a right-to-left page mirrors (the arrows' SVG too).
 */
export function GanttChart(props: Props) {
  const { rows, links, scale, zoom, today, editable, critical, helpId } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 12,
    getItemKey: (index) => rows[index]?.id ?? index,
  });
  const rowOf = useMemo(() => new Map(rows.map((row, index) => [row.id, index])), [rows]);
  const ticks = useMemo(() => ticksOf(scale, zoom), [scale, zoom]);
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? -1;
  const todayX = xOf(scale, today);

  // Opened on today (left to right; a right-to-left page starts at its own edge). The arrows' SVG
  // mirrors with the bars: by the direction the chart itself has (a Radix part may set its own).
  const scrolled = useRef(false);
  const [rtl, setRtl] = useState(false);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || scrolled.current) return;
    scrolled.current = true;
    const mirrored = getComputedStyle(el).direction === 'rtl';
    setRtl(mirrored);
    if (!mirrored) el.scrollLeft = Math.max(0, todayX - 3 * scale.dayWidth - 120);
  }, [todayX, scale.dayWidth]);

  // The arrows that touch the rows in view (or cross them).
  const arrows = links.flatMap((link) => {
    const a = rowOf.get(link.from);
    const b = rowOf.get(link.to);
    if (a === undefined || b === undefined || Math.max(a, b) < first || Math.min(a, b) > last) return [];
    const from = rows[a];
    const to = rows[b];
    if (from?.kind !== 'task' || to?.kind !== 'task') return [];
    const d = arrowPath(scale, from.task, a, to.task, b);
    return d ? [{ key: linkKey(link), d, critical: critical?.linkKeys.has(linkKey(link)) ?? false }] : [];
  });

  const height = virtualizer.getTotalSize();
  return (
    <div
      ref={scroller}
      className="relative h-[min(70vh,720px)] overflow-auto rounded-md border bg-background"
      data-testid="gantt"
      data-scroll-area
    >
      <div className="relative" style={{ width: NAMES + scale.width, height: HEADER + height }}>
        <div className="sticky top-0 z-30 flex border-b bg-background" style={{ height: HEADER }}>
          <div
            className="sticky start-0 z-20 flex shrink-0 items-end border-e bg-background px-3 pb-1.5 font-medium text-muted-foreground text-xs"
            style={{ width: NAMES }}
          >
            {t('Task')}
          </div>
          <div className="relative shrink-0" style={{ width: scale.width }} aria-hidden="true">
            {ticks.map((tick, i) => (
              <div
                key={tick.day}
                className="absolute bottom-0 flex h-full items-end border-s px-1 pb-1.5 text-[11px] text-muted-foreground"
                style={{ insetInlineStart: tick.x, width: tick.width }}
              >
                {/* Days: the month's name above its first day (and the window's), over the next days' tops. */}
                {zoom === 'day' && (i === 0 || tick.day.endsWith('-01')) ? (
                  <span className="absolute start-1 top-1 z-[1] whitespace-nowrap bg-background pe-1 font-medium text-foreground">
                    {monthLabel(tick.day)}
                  </span>
                ) : null}
                <span className="truncate">{tickLabel(tick.day, zoom)}</span>
              </div>
            ))}
          </div>
        </div>
        <div className="relative" style={{ height }}>
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 z-10 w-px bg-red-500"
            style={{ insetInlineStart: NAMES + todayX + scale.dayWidth / 2 }}
            data-testid="gantt-today"
          />
          <svg
            aria-hidden="true"
            // Under the bars (the rows come after it), over the grid.
            className="pointer-events-none absolute top-0"
            style={{
              insetInlineStart: NAMES,
              width: scale.width,
              height,
              transform: rtl ? 'scaleX(-1)' : undefined,
            }}
            data-testid="gantt-arrows"
          >
            <defs>
              <marker
                id="gantt-arrow"
                viewBox="0 0 6 6"
                refX="5"
                refY="3"
                markerWidth="6"
                markerHeight="6"
                orient="auto"
              >
                <path d="M0,0 L6,3 L0,6 z" className="fill-muted-foreground" />
              </marker>
              <marker
                id="gantt-arrow-critical"
                viewBox="0 0 6 6"
                refX="5"
                refY="3"
                markerWidth="6"
                markerHeight="6"
                orient="auto"
              >
                <path d="M0,0 L6,3 L0,6 z" className="fill-orange-500" />
              </marker>
            </defs>
            {arrows.map((arrow) => (
              <path
                key={arrow.key}
                d={arrow.d}
                fill="none"
                data-link={arrow.key}
                data-critical={arrow.critical || undefined}
                className={cn(arrow.critical ? 'stroke-orange-500' : 'stroke-muted-foreground/70')}
                strokeWidth={arrow.critical ? 2 : 1.25}
                markerEnd={`url(#${arrow.critical ? 'gantt-arrow-critical' : 'gantt-arrow'})`}
              />
            ))}
          </svg>
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <div
                key={item.key}
                className={cn('absolute inset-x-0 flex border-b', row.kind === 'group' && 'bg-muted/50')}
                style={{ top: item.start, height: ROW }}
                data-row={row.kind}
              >
                {row.kind === 'group' ? (
                  <h3
                    className="sticky start-0 flex shrink-0 items-center gap-2 px-3 font-medium text-sm"
                    style={{ width: NAMES }}
                  >
                    <span className="truncate">{row.translate ? t(row.label) : row.label}</span>
                    <span className="text-muted-foreground text-xs">{row.count}</span>
                  </h3>
                ) : (
                  <>
                    <div
                      className="sticky start-0 z-20 flex shrink-0 items-center gap-1.5 border-e bg-background px-3"
                      style={{ width: NAMES }}
                    >
                      <span className="shrink-0 text-muted-foreground text-xs tabular-nums">
                        {row.task.key}
                      </span>
                      <Link
                        to={paths.task(row.task.key || row.task.id)}
                        className="min-w-0 flex-1 truncate text-sm hover:underline"
                      >
                        {row.task.title}
                      </Link>
                      {editable && !spanOfTask(row.task) ? (
                        <Button
                          size="icon"
                          variant="ghost"
                          className="size-7 shrink-0"
                          aria-label={t('Schedule {{task}} for today', { task: row.task.title })}
                          title={t('Schedule for today')}
                          onClick={() => props.onScheduleToday(row.task)}
                        >
                          <CalendarPlusIcon aria-hidden="true" />
                        </Button>
                      ) : null}
                    </div>
                    <div className="relative shrink-0" style={{ width: scale.width }}>
                      <GanttBar
                        task={row.task}
                        scale={scale}
                        editable={editable}
                        critical={critical?.taskIds.has(row.task.id) ?? false}
                        helpId={helpId}
                        onMove={props.onMove}
                        announce={props.announce}
                      />
                    </div>
                  </>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
