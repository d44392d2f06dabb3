import {
  formatRule,
  nextDates,
  parseRule,
  presetOf,
  presetRule,
  RECURRENCE_COUNT_MAX,
  RECURRENCE_INTERVAL_MAX,
  type RecurrenceFrequency,
  type RecurrencePreset,
  type RuleParts,
  WEEKDAYS,
  type Weekday,
} from '@shipyard/shared';
import { RepeatIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import { type ComponentProps, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { formatDate } from '../lib/format.ts';
import { formattingLocale, k, t } from '../lib/i18n/index.ts';
import { ruleWords } from '../lib/rule-words.ts';
import { chipClass } from './chip-picker.tsx';
import { OptionSelect } from './option-select.tsx';
import { Input } from './ui/input.tsx';
import { Label } from './ui/label.tsx';
import { PopoverContent } from './ui/popover.tsx';

// The repeat rule editor (issue 29, docs/decisions/040-recurrence.md), for recurring tasks and
// events alike: presets (daily, weekdays, weekly on chosen days, monthly on day N, yearly) and a
// custom rule (every N days, weeks, months or years, on days, ending never, after N times or on a
// date), shown in words with the next days it falls on.

const NONE = 'none';
// A weekday's name in the reader's language ('Monday', and 'M' on its button): 2024-01-01 was a Monday.
const dayName = (day: Weekday, weekday: 'long' | 'narrow') =>
  new Intl.DateTimeFormat(formattingLocale(), { weekday, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day))),
  );
const UNITS: Array<{ value: RecurrenceFrequency; label: string }> = [
  { value: 'DAILY', label: k('days') },
  { value: 'WEEKLY', label: k('weeks') },
  { value: 'MONTHLY', label: k('months') },
  { value: 'YEARLY', label: k('years') },
];
type End = 'never' | 'count' | 'until';

/** The rule's parts, or null when it does not repeat (or cannot be read). */
function ruleParts(rule: string | null | undefined): RuleParts | null {
  if (!rule) return null;
  const parsed = parseRule(rule);
  return parsed.ok ? parsed.parts : null;
}

/** The rule in words ('Every week on Mon, Thu'), or 'Does not repeat'. */
export function repeatWords(rule: string | null | undefined): string {
  const parts = ruleParts(rule);
  return parts ? ruleWords(parts) : t('Does not repeat');
}

/** A whole number from 1 to `max`, typed freely: each valid value is passed on, the box may be emptied meanwhile. */
function WholeNumberInput({
  value,
  max,
  onValue,
  ...input
}: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  value: number;
  max: number;
  onValue: (n: number) => void;
}) {
  const [text, setText] = useState(String(value));
  return (
    <Input
      {...input}
      type="number"
      inputMode="numeric"
      min={1}
      max={max}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const n = Number(e.target.value);
        if (Number.isInteger(n) && n >= 1 && n <= max) onValue(n);
      }}
      onBlur={() => setText(String(value))}
    />
  );
}

export type RepeatEditorProps = {
  /** The RRULE, or null: does not repeat. */
  value: string | null;
  onChange: (rule: string | null) => void;
  /** The series' first day ('YYYY-MM-DD'): what the presets and the next days follow. */
  startsOn: string;
  /** Prefix of the fields' ids (two editors on one page). */
  id?: string;
  disabled?: boolean;
  className?: string;
};

export function RepeatEditor({
  value,
  onChange,
  startsOn,
  id = 'repeat',
  disabled,
  className,
}: RepeatEditorProps) {
  const parts = ruleParts(value);
  // Chosen "Custom…" stays custom while its rule happens to match a preset.
  const [custom, setCustom] = useState(() => (parts ? presetOf(parts) === 'custom' : false));
  const preset: RecurrencePreset | typeof NONE = parts ? (custom ? 'custom' : presetOf(parts)) : NONE;
  const set = (next: RuleParts | null) => onChange(next ? formatRule(next) : null);
  const weekday = presetRule('weekly', startsOn).byDay.join('');
  const monthDay = Number(startsOn.slice(8, 10));
  const presets = [
    { value: NONE, label: t('Does not repeat') },
    { value: 'daily', label: t('Daily') },
    { value: 'weekdays', label: t('Every weekday (Mon to Fri)') },
    {
      value: 'weekly',
      // Its chosen days once picked, else the first day's weekday.
      label: t('Weekly on {{days}}', {
        days:
          preset === 'weekly' && parts
            ? WEEKDAYS.filter((d) => parts.byDay.includes(d))
                .map((d) => dayName(d, 'long'))
                .join(', ')
            : WEEKDAYS.includes(weekday as Weekday)
              ? dayName(weekday as Weekday, 'long')
              : t('the same day'),
      }),
    },
    { value: 'monthly', label: t('Monthly on day {{day}}', { day: monthDay }) },
    { value: 'yearly', label: t('Yearly') },
    { value: 'custom', label: t('Custom…') },
  ];
  const end: End = parts?.count != null ? 'count' : parts?.until != null ? 'until' : 'never';
  const next = parts && value ? nextDates(value, startsOn, startsOn, 3) : [];

  function choosePreset(choice: string) {
    setCustom(choice === 'custom');
    if (choice === NONE) return set(null);
    if (choice === 'custom') return set(parts ?? presetRule('weekly', startsOn));
    set(presetRule(choice as Exclude<RecurrencePreset, 'custom'>, startsOn));
  }

  return (
    <div className={cn('grid gap-3', className)}>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-preset`}>{t('Repeat')}</Label>
        <OptionSelect
          id={`${id}-preset`}
          aria-label={t('Repeat')}
          value={preset}
          onValueChange={choosePreset}
          options={presets}
          disabled={disabled}
          className="w-full"
        />
      </div>

      {parts && (preset === 'custom' || preset === 'weekly') ? (
        <div className="grid gap-3 rounded-md border p-3">
          {preset === 'custom' ? (
            <div className="flex items-center gap-2">
              <Label htmlFor={`${id}-interval`} className="shrink-0">
                {t('Every')}
              </Label>
              <WholeNumberInput
                id={`${id}-interval`}
                max={RECURRENCE_INTERVAL_MAX}
                value={parts.interval}
                disabled={disabled}
                className="h-8 w-16"
                onValue={(interval) => set({ ...parts, interval })}
              />
              <OptionSelect
                aria-label={t('Unit')}
                value={parts.freq}
                onValueChange={(freq) =>
                  set({
                    ...parts,
                    freq: freq as RecurrenceFrequency,
                    byDay: freq === 'WEEKLY' ? (parts.byDay.length ? parts.byDay : [weekday as Weekday]) : [],
                    byMonthDay: freq === 'MONTHLY' ? monthDay : null,
                    byMonth: null,
                  })
                }
                options={UNITS.map((unit) => ({ ...unit, label: t(unit.label) }))}
                disabled={disabled}
                className="h-8 w-28"
              />
            </div>
          ) : null}
          {parts.freq === 'WEEKLY' ? (
            <fieldset className="grid gap-1.5">
              <legend className="mb-1.5 text-muted-foreground text-xs">{t('On')}</legend>
              <div className="flex flex-wrap gap-1">
                {WEEKDAYS.map((day) => {
                  const on = parts.byDay.includes(day);
                  return (
                    <button
                      key={day}
                      type="button"
                      aria-pressed={on}
                      aria-label={dayName(day, 'long')}
                      title={dayName(day, 'long')}
                      disabled={disabled || (on && parts.byDay.length === 1)}
                      onClick={() =>
                        set({
                          ...parts,
                          byDay: on ? parts.byDay.filter((d) => d !== day) : [...parts.byDay, day],
                        })
                      }
                      className={cn(
                        'size-8 rounded-full border font-medium text-xs outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50',
                        on
                          ? 'border-primary bg-primary text-primary-foreground'
                          : 'bg-background hover:bg-accent dark:bg-input/30',
                      )}
                    >
                      {dayName(day, 'narrow')}
                    </button>
                  );
                })}
              </div>
            </fieldset>
          ) : null}
          {preset === 'custom' ? (
            <div className="flex flex-wrap items-center gap-2">
              <Label htmlFor={`${id}-end`} className="shrink-0">
                {t('Ends')}
              </Label>
              <OptionSelect
                id={`${id}-end`}
                aria-label={t('Ends')}
                value={end}
                onValueChange={(choice) =>
                  set({
                    ...parts,
                    count: choice === 'count' ? (parts.count ?? 10) : null,
                    until:
                      choice === 'until'
                        ? (parts.until ??
                          nextDates(
                            formatRule({ ...parts, count: null, until: null }),
                            startsOn,
                            startsOn,
                            10,
                          ).at(-1) ??
                          startsOn)
                        : null,
                  })
                }
                options={[
                  { value: 'never', label: t('Never') },
                  { value: 'count', label: t('After') },
                  { value: 'until', label: t('On date') },
                ]}
                disabled={disabled}
                className="h-8 w-28"
              />
              {end === 'count' ? (
                <span className="flex items-center gap-2 text-sm">
                  <WholeNumberInput
                    aria-label={t('Times')}
                    max={RECURRENCE_COUNT_MAX}
                    value={parts.count ?? 1}
                    disabled={disabled}
                    className="h-8 w-20"
                    onValue={(count) => set({ ...parts, count })}
                  />
                  {t('times')}
                </span>
              ) : null}
              {end === 'until' ? (
                <Input
                  aria-label={t('End date')}
                  type="date"
                  min={startsOn}
                  value={parts.until ?? ''}
                  disabled={disabled}
                  className="h-8 w-40"
                  onChange={(e) => e.target.value && set({ ...parts, until: e.target.value })}
                />
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}

      {parts ? (
        <div className="grid gap-0.5 text-sm" aria-live="polite">
          <p className="font-medium">{ruleWords(parts)}</p>
          <p className="text-muted-foreground text-xs">
            {next.length > 0
              ? t('Next: {{dates}}', { dates: next.map((day) => formatDate(day)).join(', ') })
              : t('No more dates')}
          </p>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The editor behind a chip (the create dialog's properties): the chip reads the rule in words, or
 * "Repeat" while the task does not repeat.
 */
export function RepeatChip({
  value,
  onChange,
  startsOn,
  disabled,
}: Omit<RepeatEditorProps, 'id' | 'className'>) {
  const parts = ruleParts(value);
  return (
    <Popover.Root>
      <Popover.Trigger
        className={chipClass}
        disabled={disabled}
        aria-label={t('Repeat: {{rule}}', { rule: repeatWords(value) })}
      >
        <RepeatIcon aria-hidden="true" className={parts ? undefined : 'text-muted-foreground'} />
        <span className={cn('truncate', !parts && 'text-muted-foreground')}>
          {parts ? ruleWords(parts) : t('Repeat')}
        </span>
      </Popover.Trigger>
      <PopoverContent className="w-80 max-w-[calc(100vw-1rem)] p-3">
        <RepeatEditor id="repeat-chip" value={value} onChange={onChange} startsOn={startsOn} />
      </PopoverContent>
    </Popover.Root>
  );
}
