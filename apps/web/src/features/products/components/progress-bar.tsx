import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';

const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 });

/** A product's progress (0–100) as a bar with its percent beside it. */
export function ProgressBar({
  value,
  label,
  className,
}: {
  value: number;
  /** The bar's accessible name, e.g. 'Progress of Apollo'. */
  label?: string;
  className?: string;
}) {
  const clamped = Math.min(100, Math.max(0, Number.isFinite(value) ? Math.round(value) : 0));
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <div
        role="progressbar"
        aria-label={label ?? t('Progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={clamped}
        className="h-1.5 w-full min-w-16 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-300 motion-reduce:transition-none dark:bg-ring"
          style={{ width: `${clamped}%` }}
        />
      </div>
      <span className="w-9 shrink-0 text-end text-muted-foreground text-xs tabular-nums">
        {percent.format(clamped / 100)}
      </span>
    </div>
  );
}
