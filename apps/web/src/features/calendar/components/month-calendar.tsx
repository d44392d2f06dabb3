import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { createContext, useContext, useEffect, useMemo, useRef } from 'react';
import { type ChevronProps, type DayButtonProps, DayPicker, type Modifiers } from 'react-day-picker';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';
import { dayKey, type WeekStart } from './calendar-days.ts';

/**
 * What a day holds: how many events, how many products' target dates, and the tasks due (the
 * colour class of each one's product).
 */
export type DayMarks = { events: number; milestones: number; tasks?: readonly string[] };

const MarksContext = createContext<ReadonlyMap<string, DayMarks>>(new Map());

const captionFormat = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });
const weekdayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short' });
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full' });

/** The day's name for a screen reader: its date, and what it holds. */
function dayLabel(date: Date, modifiers: Modifiers, marks: DayMarks | undefined): string {
  const parts = [dayFormat.format(date)];
  if (modifiers.today) parts.unshift(t('Today'));
  if (marks?.events) parts.push(t('{{count}} events', { count: marks.events }));
  if (marks?.milestones) parts.push(t('{{count}} product target dates', { count: marks.milestones }));
  if (marks?.tasks?.length) parts.push(t('{{count}} tasks due', { count: marks.tasks.length }));
  if (modifiers.selected) parts.push(t('selected'));
  return parts.join(', ');
}

const MAX_DOTS = 3;

/**
 * The day's button, with a dot per event (up to three), a diamond for a product's target date and
 * a square per task due in its product's colour (up to three).
 */
function CalendarDayButton({ day, modifiers, className, children, ...props }: DayButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  // DayPicker moves the keyboard focus by telling the day it is focused.
  useEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  const marks = useContext(MarksContext).get(dayKey(day.date));
  const selected = Boolean(modifiers.selected);

  return (
    <button
      ref={ref}
      data-has-events={marks ? 'true' : undefined}
      className={cn(
        'relative flex aspect-square w-full min-w-0 cursor-pointer flex-col items-center justify-center rounded-md font-normal text-sm tabular-nums leading-none outline-none transition-[color,background-color,box-shadow]',
        'hover:bg-accent hover:text-accent-foreground focus-visible:z-10 focus-visible:ring-[3px] focus-visible:ring-ring/50',
        modifiers.today && !selected && 'bg-accent font-semibold text-accent-foreground',
        modifiers.outside && !selected && 'text-muted-foreground/70',
        selected &&
          'bg-primary font-semibold text-primary-foreground hover:bg-primary/90 hover:text-primary-foreground',
        className,
      )}
      {...props}
    >
      {children}
      {marks ? (
        <span aria-hidden="true" className="absolute bottom-[18%] flex items-center gap-[3px]">
          {Array.from({ length: Math.min(marks.events, MAX_DOTS) }, (_, i) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: identical dots
              key={i}
              className={cn(
                'size-1 rounded-full',
                selected ? 'bg-primary-foreground' : 'bg-primary dark:bg-ring',
              )}
            />
          ))}
          {(marks.tasks ?? []).slice(0, MAX_DOTS).map((colour, i) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: one square per task, in order
              key={`task-${i}`}
              data-task-mark=""
              className={cn('size-[5px] rounded-[1px]', colour, selected && 'ring-1 ring-primary-foreground')}
            />
          ))}
          {marks.milestones ? (
            <span
              className={cn(
                'size-[5px] rotate-45 rounded-[1px]',
                selected ? 'bg-primary-foreground' : 'bg-amber-500 dark:bg-amber-400',
              )}
            />
          ) : null}
        </span>
      ) : null}
    </button>
  );
}

function CalendarChevron({ orientation, className }: ChevronProps) {
  const Icon = orientation === 'left' ? ChevronLeftIcon : ChevronRightIcon;
  return <Icon aria-hidden="true" className={cn('size-4', className)} />;
}

const navButton = cn(
  buttonVariants({ variant: 'ghost', size: 'icon' }),
  'size-8 text-muted-foreground aria-disabled:opacity-50',
);

export type MonthCalendarProps = {
  /** The first day of the month shown. */
  month: Date;
  onMonthChange: (month: Date) => void;
  selected: Date;
  onSelect: (day: Date) => void;
  /** Per calendar day ('YYYY-MM-DD'): what it holds. */
  marks: ReadonlyMap<string, DayMarks>;
  weekStartsOn: WeekStart;
  today?: Date | undefined;
};

/**
 * Spec §2.13: the month calendar. react-day-picker's grid (arrow keys, Page Up/Down, Home/End),
 * styled with the app's tokens; days with events carry dots.
 */
export function MonthCalendar({
  month,
  onMonthChange,
  selected,
  onSelect,
  marks,
  weekStartsOn,
  today,
}: MonthCalendarProps) {
  const hasMarks = useMemo(() => (date: Date) => marks.has(dayKey(date)), [marks]);

  return (
    <MarksContext.Provider value={marks}>
      <DayPicker
        mode="single"
        required
        selected={selected}
        onSelect={(day) => onSelect(day)}
        month={month}
        onMonthChange={onMonthChange}
        weekStartsOn={weekStartsOn}
        today={today}
        showOutsideDays
        modifiers={{ hasEvents: hasMarks }}
        labels={{
          labelDayButton: (date, modifiers) => dayLabel(date, modifiers, marks.get(dayKey(date))),
          labelPrevious: () => t('Go to the Previous Month'),
          labelNext: () => t('Go to the Next Month'),
        }}
        formatters={{
          formatCaption: (date) => captionFormat.format(date),
          formatWeekdayName: (date) => weekdayFormat.format(date),
        }}
        components={{ DayButton: CalendarDayButton, Chevron: CalendarChevron }}
        className="w-full"
        classNames={{
          root: 'relative w-full',
          months: 'relative flex flex-col',
          month: 'flex w-full flex-col gap-3',
          nav: 'absolute inset-x-0 top-0 flex h-8 items-center justify-between',
          button_previous: navButton,
          button_next: navButton,
          month_caption: 'flex h-8 items-center justify-center px-10',
          caption_label: 'select-none font-medium text-sm',
          month_grid: 'w-full border-collapse',
          weekdays: 'flex',
          weekday:
            'flex-1 select-none pb-1 text-center font-normal text-[0.75rem] text-muted-foreground uppercase tracking-wide',
          weeks: '',
          week: 'mt-1 flex w-full gap-1',
          day: 'flex-1 p-0 text-center',
          outside: '',
          today: '',
          selected: '',
          hidden: 'invisible',
          disabled: 'opacity-50',
        }}
      />
    </MarksContext.Provider>
  );
}
