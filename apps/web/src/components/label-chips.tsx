import type { LabelRef } from '@shipyard/shared';
import { cn } from '../lib/cn.ts';
import { t } from '../lib/i18n/index.ts';

/** One label: its colour as a dot, then its name (cut short when long, whole on hover). */
function LabelChip({ label, className }: { label: LabelRef; className?: string }) {
  return (
    <span
      title={label.name}
      data-label={label.id}
      className={cn(
        'inline-flex min-w-0 max-w-[10rem] items-center gap-1 rounded-full border px-1.5 py-0.5 text-[11px] leading-none',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className="size-2 shrink-0 rounded-full"
        style={{ backgroundColor: label.color }}
      />
      <span className="truncate">{label.name}</span>
    </span>
  );
}

/** A task's labels on a card or a row: the first `max`, then "+N" for the rest. */
export function LabelChips({
  labels,
  max = 3,
  className,
}: {
  labels: readonly LabelRef[];
  max?: number;
  className?: string;
}) {
  if (labels.length === 0) return null;
  const shown = labels.slice(0, max);
  const rest = labels.slice(max);
  return (
    <ul aria-label={t('Labels')} className={cn('flex min-w-0 flex-wrap items-center gap-1', className)}>
      {shown.map((label) => (
        <li key={label.id} className="min-w-0">
          <LabelChip label={label} />
        </li>
      ))}
      <MoreChips names={rest.map((label) => label.name)} />
    </ul>
  );
}

/** "+N" after the first chips of a list: the rest, named on hover; nothing when there is no rest. */
export function MoreChips({ names }: { names: readonly string[] }) {
  if (names.length === 0) return null;
  return (
    <li className="shrink-0 text-[11px] text-muted-foreground" title={names.join(', ')}>
      <span aria-hidden="true">+{names.length}</span>
      <span className="sr-only">{t('and {{count}} more', { count: names.length })}</span>
    </li>
  );
}
