import { cn } from '../lib/cn.ts';
import { statusLabel } from '../lib/format.ts';
import { k, t } from '../lib/i18n/index.ts';
import { fillSlots, slot } from '../lib/text-slots.tsx';

// Spec §4 and ARCHITECTURE §6: critical red, high orange, medium yellow, low green.
const tones: Record<string, string> = {
  critical:
    'border-red-200 bg-red-50 text-red-700 dark:border-red-500/30 dark:bg-red-500/15 dark:text-red-300',
  high: 'border-orange-200 bg-orange-50 text-orange-700 dark:border-orange-500/30 dark:bg-orange-500/15 dark:text-orange-300',
  medium:
    'border-yellow-200 bg-yellow-50 text-yellow-800 dark:border-yellow-500/30 dark:bg-yellow-500/15 dark:text-yellow-300',
  low: 'border-green-200 bg-green-50 text-green-700 dark:border-green-500/30 dark:bg-green-500/15 dark:text-green-300',
};

const dots: Record<string, string> = {
  critical: 'bg-red-500',
  high: 'bg-orange-500',
  medium: 'bg-yellow-500',
  low: 'bg-green-500',
};

export function PriorityDot({ priority, className }: { priority: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'size-1.5 shrink-0 rounded-full',
        dots[priority.toLowerCase()] ?? 'bg-zinc-400',
        className,
      )}
    />
  );
}

const priorityLabels: Record<string, string> = {
  critical: k('Critical'),
  high: k('High'),
  medium: k('Medium'),
  low: k('Low'),
};

/** 'high' → 'High', in the reader's language. */
export const priorityLabel = (priority: string) =>
  t(priorityLabels[priority.toLowerCase()] ?? statusLabel(priority));

/** A priority as a small tinted badge, read as e.g. 'High priority'. */
export function PriorityBadge({ priority, className }: { priority: string; className?: string }) {
  const label = priorityLabel(priority);
  return (
    <span
      data-slot="priority-badge"
      title={t('{{priority}} priority', { priority: label })}
      className={cn(
        'inline-flex w-fit shrink-0 items-center whitespace-nowrap rounded-md border px-1.5 py-px font-medium text-[11px] leading-4',
        tones[priority.toLowerCase()] ?? 'border-border bg-muted text-muted-foreground',
        className,
      )}
    >
      {fillSlots(t('{{priority}} priority', { priority: slot('priority') }), { priority: label }, (words) => (
        <span className="sr-only">{words}</span>
      ))}
    </span>
  );
}
