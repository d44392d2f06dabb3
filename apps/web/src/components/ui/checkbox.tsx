import { CheckIcon, MinusIcon } from 'lucide-react';
import { Checkbox as CheckboxPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

const boxClasses =
  'peer group size-4 shrink-0 cursor-pointer rounded-[4px] border border-input shadow-xs outline-none transition-shadow focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 data-[state=checked]:border-primary data-[state=indeterminate]:border-primary data-[state=checked]:bg-primary data-[state=indeterminate]:bg-primary data-[state=checked]:text-primary-foreground data-[state=indeterminate]:text-primary-foreground dark:bg-input/30 dark:data-[state=checked]:bg-primary dark:data-[state=indeterminate]:bg-primary dark:aria-invalid:ring-destructive/40';
const indicatorClasses = 'flex items-center justify-center text-current transition-none';

/** A checkbox; `checked="indeterminate"` shows a dash (a table's "select all" when some rows are). */
export function Checkbox({ className, ...props }: ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root data-slot="checkbox" className={cn(boxClasses, className)} {...props}>
      <CheckboxPrimitive.Indicator data-slot="checkbox-indicator" className={indicatorClasses}>
        <CheckIcon className="size-3.5 group-data-[state=indeterminate]:hidden" />
        <MinusIcon className="hidden size-3.5 group-data-[state=indeterminate]:block" />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}

/**
 * The same box as a plain button whose clicks the caller handles (`checked` is all its state): a
 * list row's select box. Radix's checkbox keeps state, a presence and a form input per box, which
 * a list that mounts rows as it scrolls pays for on every row (issue 28). Enter does not tick it,
 * as with Radix; Space does (the button's click).
 */
export function CheckboxButton({
  checked,
  className,
  onKeyDown,
  ...props
}: Omit<ComponentProps<'button'>, 'role' | 'type'> & { checked: boolean }) {
  const state = checked ? 'checked' : 'unchecked';
  return (
    // biome-ignore lint/a11y/useSemanticElements: the element Radix's checkbox renders, so it looks and reads as every other box
    <button
      type="button"
      role="checkbox"
      aria-checked={checked}
      data-state={state}
      data-slot="checkbox"
      className={cn(boxClasses, className)}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.key === 'Enter') event.preventDefault();
      }}
      {...props}
    >
      {checked ? (
        <span
          data-slot="checkbox-indicator"
          data-state={state}
          className={indicatorClasses}
          style={{ pointerEvents: 'none' }}
        >
          <CheckIcon className="size-3.5" />
        </span>
      ) : null}
    </button>
  );
}
