import { format } from 'date-fns';
import { CalendarIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import { type ComponentProps, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import { cn } from '../lib/cn.ts';
import { parseDueDate } from '../lib/due-date.ts';
import { formatDate, toDate } from '../lib/format.ts';
import { t } from '../lib/i18n/index.ts';
import { Button } from './ui/button.tsx';
import { Input } from './ui/input.tsx';
import { PopoverContent } from './ui/popover.tsx';

// Getters: read when shown, in the reader's language (the words typed are read in English).
export const dueDateTexts = {
  get placeholder() {
    return t('e.g. fri, next week, in 3 days');
  },
  get calendar() {
    return t('Pick a due date');
  },
  get noMatch() {
    return t('No date matches these words.');
  },
};

const resolvedFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

type DueDateInputProps = Omit<
  ComponentProps<typeof Input>,
  'value' | 'onChange' | 'defaultValue' | 'type'
> & {
  /** YYYY-MM-DD, '' for none, or the words typed when they name no date (the schema refuses those). */
  value: string;
  onChange: (value: string) => void;
  /** A date is settled: Enter, leaving the field, or a day picked on the calendar. */
  onCommit?: (value: string) => void;
  /** The clock the words are read against (tests fix it). */
  now?: () => Date;
};

/**
 * Issue 28: a due date typed in words ("fri", "next week", "in 3 days", "tomorrow", "dec 3") or
 * picked on a calendar, showing the day it resolves to as you type. One component for every place
 * a due date is set: the task dialog (create and edit) and the task page.
 */
export function DueDateInput({
  value,
  onChange,
  onCommit,
  now = () => new Date(),
  className,
  disabled,
  onBlur,
  onKeyDown,
  ...input
}: DueDateInputProps) {
  const [text, setText] = useState(() => formatDate(value) || value);
  const [open, setOpen] = useState(false);
  const emitted = useRef(value);
  const hintId = useId();
  // A value set from outside (a reset, the next task of "create more") shows as its date.
  useEffect(() => {
    if (value !== emitted.current) {
      emitted.current = value;
      setText(formatDate(value) || value);
    }
  }, [value]);

  const emit = (next: string) => {
    emitted.current = next;
    onChange(next);
  };
  const typed = text.trim() !== '' && text !== formatDate(value);
  const parsed = typed ? parseDueDate(text, now()) : undefined;
  const hint = !typed
    ? undefined
    : parsed
      ? resolvedFormat.format(toDate(parsed) ?? new Date())
      : dueDateTexts.noMatch;

  const choose = (day: Date | undefined) => {
    const next = day ? format(day, 'yyyy-MM-dd') : '';
    emit(next);
    setText(formatDate(next));
    setOpen(false);
    onCommit?.(next);
  };

  return (
    <div className={cn('grid gap-1', className)} data-slot="due-date-input">
      <div className="flex gap-1.5">
        <Input
          {...input}
          type="text"
          autoComplete="off"
          maxLength={60}
          placeholder={dueDateTexts.placeholder}
          disabled={disabled}
          value={text}
          aria-describedby={cn(input['aria-describedby'], hint && hintId) || undefined}
          onChange={(event) => {
            const next = event.target.value;
            setText(next);
            const day = parseDueDate(next, now());
            emit(day === null ? '' : (day ?? next.trim()));
          }}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            onKeyDown?.(event);
            if (event.key === 'Enter' && onCommit) {
              event.preventDefault();
              settle();
            }
          }}
          onBlur={(event) => {
            onBlur?.(event);
            if (onCommit) settle();
          }}
        />
        <Popover.Root open={open} onOpenChange={setOpen}>
          <Popover.Trigger asChild>
            <Button
              type="button"
              variant="outline"
              size="icon"
              disabled={disabled}
              aria-label={dueDateTexts.calendar}
            >
              <CalendarIcon aria-hidden="true" />
            </Button>
          </Popover.Trigger>
          <PopoverContent align="end" className="p-3">
            <DayPicker
              mode="single"
              selected={toDate(value)}
              defaultMonth={toDate(value) ?? now()}
              onSelect={choose}
              autoFocus
              classNames={calendarClasses}
            />
          </PopoverContent>
        </Popover.Root>
      </div>
      {hint ? (
        <p
          id={hintId}
          aria-live="polite"
          className="text-muted-foreground text-xs"
          data-resolved={parsed ?? undefined}
        >
          {hint}
        </p>
      ) : null}
    </div>
  );

  function settle() {
    const day = parseDueDate(text, now());
    if (day === undefined) return; // Words that name no date: nothing is settled.
    setText(formatDate(day ?? ''));
    onCommit?.(day ?? '');
  }
}

const dayButton =
  'inline-flex size-8 items-center justify-center rounded-md text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50';
const calendarClasses = {
  root: 'relative',
  months: 'relative flex flex-col',
  month: 'flex flex-col gap-2',
  nav: 'absolute inset-x-0 top-0 flex h-8 items-center justify-between',
  button_previous: dayButton,
  button_next: dayButton,
  month_caption: 'flex h-8 items-center justify-center px-10',
  caption_label: 'select-none font-medium text-sm',
  weekdays: 'flex',
  weekday: 'w-8 select-none text-center font-normal text-muted-foreground text-xs',
  week: 'mt-1 flex',
  day: 'p-0 text-center',
  day_button: dayButton,
  today: 'font-semibold text-primary',
  selected: '[&>button]:bg-primary [&>button]:text-primary-foreground',
  outside: 'text-muted-foreground opacity-50',
  chevron: 'size-4 fill-current',
};
