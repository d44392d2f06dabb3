import { ChevronLeftIcon, ChevronRightIcon, type LucideIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { fromDayKey } from './calendar-days.ts';
import { CALENDAR_VIEWS, type CalendarView } from './calendar-view.ts';

const viewNames: Record<CalendarView, string> = { month: k('Month'), week: k('Week') };
const monthTitle = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });
const weekTitle = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' });

/** 'May 2026', or the week's first and last days: 'May 4 – 10, 2026'. */
export function rangeTitle(view: CalendarView, anchor: string, range: { from: string; to: string }) {
  const from = fromDayKey(view === 'month' ? anchor : range.from);
  const to = fromDayKey(range.to);
  if (!from || !to) return '';
  return view === 'month' ? monthTitle.format(from) : weekTitle.formatRange(from, to);
}

function StepButton({
  label,
  icon: Icon,
  onClick,
}: {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
}) {
  return (
    <Button variant="outline" size="icon" className="size-8" aria-label={label} onClick={onClick}>
      <Icon aria-hidden="true" />
    </Button>
  );
}

type CalendarToolbarProps = {
  view: CalendarView;
  title: string;
  /** Today is already in sight (and selected): the Today button has nothing to do. */
  atToday: boolean;
  /** The small month picker below has its own title and arrows: only the view and Today here. */
  compact?: boolean;
  onView: (view: CalendarView) => void;
  onStep: (step: -1 | 1) => void;
  onToday: () => void;
};

/** Month or Week, the period shown, earlier and later, and back to today. */
export function CalendarToolbar({
  view,
  title,
  atToday,
  compact = false,
  onView,
  onStep,
  onToday,
}: CalendarToolbarProps) {
  const month = view === 'month';
  return (
    <div className="flex flex-wrap items-center gap-2">
      {compact ? (
        <span className="me-auto" />
      ) : (
        <h2 aria-live="polite" className="me-auto min-w-0 truncate font-semibold text-base tracking-tight">
          {title}
        </h2>
      )}
      <fieldset className="inline-flex rounded-md border p-0.5">
        <legend className="sr-only">{t('Calendar view')}</legend>
        {CALENDAR_VIEWS.map((name) => (
          <Button
            key={name}
            variant="ghost"
            size="sm"
            aria-pressed={view === name}
            onClick={() => onView(name)}
            className={cn('h-7 px-3', view === name && 'bg-accent font-semibold dark:bg-input/50')}
          >
            {t(viewNames[name])}
          </Button>
        ))}
      </fieldset>
      <div className="inline-flex items-center gap-1">
        {compact ? null : (
          <StepButton
            label={month ? t('Go to the Previous Month') : t('Previous week')}
            icon={ChevronLeftIcon}
            onClick={() => onStep(-1)}
          />
        )}
        <Button variant="outline" size="sm" disabled={atToday} onClick={onToday}>
          {t('Today')}
        </Button>
        {compact ? null : (
          <StepButton
            label={month ? t('Go to the Next Month') : t('Next week')}
            icon={ChevronRightIcon}
            onClick={() => onStep(1)}
          />
        )}
      </div>
    </div>
  );
}
