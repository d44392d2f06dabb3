import { Command } from 'cmdk';
import { CheckIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { currentLanguage, t } from '../lib/i18n/index.ts';
import { PopoverContent } from './ui/popover.tsx';

export type ChipOption = { value: string; label: string; icon?: ReactNode };

type Common = Omit<ComponentProps<'button'>, 'value' | 'onChange' | 'children'> & {
  /** What the property is ('Status'): the filter's name and placeholder. */
  label: string;
  options: readonly ChipOption[];
  /** What the chip reads with nothing chosen ('No team', 'Unassigned', 'Labels'). */
  placeholder: string;
  /** Before the chip's text when the chosen option has no icon of its own. */
  icon?: ReactNode;
  /** What the chip reads when the value is '' even though '' is an option ('No phase' for 'None'). */
  emptyText?: string;
};

type ChipPickerProps = Common &
  (
    | { multiple?: false; value: string; onChange: (value: string) => void }
    | { multiple: true; value: readonly string[]; onChange: (value: string[]) => void }
  );

/** Options filtered by what is typed: by their label, ignoring case. */
const filterByLabel = (_value: string, search: string, keywords?: string[]) =>
  (keywords ?? []).join(' ').toLowerCase().includes(search.trim().toLowerCase()) ? 1 : 0;

export const chipClass =
  'inline-flex h-7 max-w-full items-center gap-1.5 rounded-full border bg-background px-2.5 font-medium text-xs shadow-xs outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 aria-invalid:border-destructive dark:bg-input/30 [&_svg]:size-3.5 [&_svg]:shrink-0';

/**
 * A property as a chip (issue 28's create dialog): the chip shows the choice; pressing it opens a
 * small list that filters as you type (cmdk), Enter or a click picks. One value (closes on a
 * pick), or several (`multiple`, stays open, each pick toggles).
 */
export function ChipPicker({
  label,
  options,
  placeholder,
  icon,
  emptyText,
  multiple,
  value,
  onChange,
  className,
  ...button
}: ChipPickerProps) {
  const [open, setOpen] = useState(false);
  const chosen = typeof value === 'string' ? [value] : value;
  const picked = options.filter((option) => chosen.includes(option.value));
  const first = picked[0];
  const text =
    emptyText !== undefined && value === ''
      ? emptyText
      : picked.length === 0
        ? placeholder
        : picked.length === 1 || !multiple
          ? (first?.label ?? placeholder)
          : `${first?.label} +${picked.length - 1}`;

  const pick = (option: string) => {
    if (multiple) {
      const list = value as readonly string[];
      onChange(list.includes(option) ? list.filter((v) => v !== option) : [...list, option]);
    } else {
      onChange(option);
      setOpen(false);
    }
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-haspopup="listbox"
          data-empty={picked.length === 0 || undefined}
          className={cn(chipClass, picked.length === 0 && 'text-muted-foreground', className)}
          {...button}
        >
          {(picked.length === 1 && first?.icon) || icon}
          <span className="truncate">{text}</span>
        </button>
      </Popover.Trigger>
      <PopoverContent className="w-60 p-0">
        <ChipOptions label={label} options={options} chosen={chosen} onPick={pick} />
      </PopoverContent>
    </Popover.Root>
  );
}

/**
 * The list of a chip picker: a filter field (focused when it opens) above the options; Enter or a
 * click picks. Also the keyboard pickers of task lists (issue 30).
 */
export function ChipOptions({
  label,
  options,
  chosen,
  onPick,
}: {
  label: string;
  options: readonly ChipOption[];
  chosen: readonly string[];
  onPick: (value: string) => void;
}) {
  return (
    <Command filter={filterByLabel} label={label} className="flex flex-col">
      <Command.Input
        placeholder={`${label}…`}
        aria-label={t('Filter {{label}}', {
          // English reads 'Filter status'; other languages keep the label's own capitals.
          label: currentLanguage() === 'en' ? label.toLowerCase() : label,
        })}
        className="h-9 border-b bg-transparent px-3 text-sm outline-none placeholder:text-muted-foreground"
      />
      <Command.List className="max-h-60 overflow-y-auto p-1">
        <Command.Empty className="px-2 py-3 text-center text-muted-foreground text-xs">
          {t('No match')}
        </Command.Empty>
        {options.map((option) => {
          const selected = chosen.includes(option.value);
          return (
            <Command.Item
              key={option.value || '__none__'}
              value={option.value || '__none__'}
              keywords={[option.label]}
              onSelect={() => onPick(option.value)}
              data-chosen={selected || undefined}
              className="flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground [&_svg]:size-3.5"
            >
              {option.icon}
              <span className="min-w-0 flex-1 truncate">{option.label}</span>
              {selected ? <CheckIcon aria-label={t('chosen')} className="text-primary" /> : null}
            </Command.Item>
          );
        })}
      </Command.List>
    </Command>
  );
}
