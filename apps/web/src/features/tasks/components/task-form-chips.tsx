import { TASK_PHASES, TASK_PRIORITIES, TASK_STATUSES } from '@shipyard/shared';
import { CalendarIcon, CircleDashedIcon, RulerIcon, TagIcon, UserIcon, UsersIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { type ChipOption, ChipPicker, chipClass } from '../../../components/chip-picker.tsx';
import { DueDateInput } from '../../../components/due-date-input.tsx';
import { PriorityDot } from '../../../components/priority-badge.tsx';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form.tsx';
import { PopoverContent } from '../../../components/ui/popover.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { TaskStatusIcon } from './task-status-badge.tsx';
import { phaseName, priorityName, statusName } from './task-texts.ts';

// The task dialog's properties as chips (issue 28): status, priority, phase, team, assignee,
// labels and due date, each a small picker that filters as you type. The labels are the spec's
// field names, read by screen readers; the chips show the values. The options' labels are getters:
// read when shown, in the reader's language (issue 33).

export const statusOptions: ChipOption[] = TASK_STATUSES.map((status) => ({
  value: status,
  get label() {
    return statusName(status);
  },
  icon: <TaskStatusIcon status={status} className="text-muted-foreground" />,
}));
export const priorityOptions: ChipOption[] = TASK_PRIORITIES.map((priority) => ({
  value: priority,
  get label() {
    return priorityName(priority);
  },
  icon: <PriorityDot priority={priority} className="size-2" />,
}));
export const phaseOptions: ChipOption[] = [
  {
    value: '',
    get label() {
      return t('None');
    },
  },
  ...TASK_PHASES.map((phase) => ({
    value: phase,
    get label() {
      return phaseName(phase);
    },
  })),
];

export const chipIcons = {
  phase: <CircleDashedIcon aria-hidden="true" />,
  team: <UsersIcon aria-hidden="true" />,
  assignee: <UserIcon aria-hidden="true" />,
  labels: <TagIcon aria-hidden="true" />,
  estimate: <RulerIcon aria-hidden="true" />,
};

type ChipFieldProps<V extends FieldValues, T> = {
  control: Control<V, unknown, T>;
  name: FieldPath<V>;
  label: string;
  options: readonly ChipOption[];
  placeholder: string;
  icon?: ReactNode;
  emptyText?: string;
  disabled?: boolean;
};

/** One chip bound to a form field, named by the field's label, with its validation message. */
export function ChipField<V extends FieldValues, T = V>({
  control,
  name,
  label,
  options,
  placeholder,
  icon,
  emptyText,
  disabled,
}: ChipFieldProps<V, T>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="flex flex-col gap-1">
          <FormLabel className="sr-only">{label}</FormLabel>
          <FormControl>
            <ChipPicker
              label={label}
              options={options}
              placeholder={placeholder}
              icon={icon}
              emptyText={emptyText}
              disabled={disabled}
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          </FormControl>
          <FormMessage className="max-w-48 text-xs" />
        </FormItem>
      )}
    />
  );
}

/**
 * The due date as a chip: the date, or 'Due date'; it opens the words-or-calendar field. `start`:
 * the start date's chip alike (issue 31).
 */
export function DueDateChip<V extends FieldValues, T = V>({
  control,
  name,
  start = false,
}: {
  control: Control<V, unknown, T>;
  name: FieldPath<V>;
  start?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <FormField
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = typeof field.value === 'string' ? field.value : '';
        const shown = formatDate(value);
        return (
          <FormItem className="flex flex-col gap-1">
            <Popover.Root open={open} onOpenChange={setOpen}>
              <Popover.Trigger asChild>
                <button
                  type="button"
                  aria-label={
                    start
                      ? shown
                        ? t('Starts {{date}}', { date: shown })
                        : t('Set start date')
                      : shown
                        ? t('Due {{date}}', { date: shown })
                        : t('Set due date')
                  }
                  aria-invalid={fieldState.invalid || undefined}
                  className={cn(chipClass, !value && 'text-muted-foreground')}
                >
                  <CalendarIcon aria-hidden="true" />
                  <span className="truncate">
                    {shown || value || (start ? t('Start date') : t('Due date'))}
                  </span>
                </button>
              </Popover.Trigger>
              <PopoverContent className="grid w-72 gap-2 p-3">
                <FormLabel>{start ? t('Start date') : t('Due date')}</FormLabel>
                <FormControl>
                  <DueDateInput
                    value={value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    name={field.name}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') {
                        event.preventDefault();
                        setOpen(false);
                      }
                    }}
                  />
                </FormControl>
              </PopoverContent>
            </Popover.Root>
            <FormMessage className="max-w-48 text-xs" />
          </FormItem>
        );
      }}
    />
  );
}
