import { cn } from '../lib/cn.ts';
import { t } from '../lib/i18n/index.ts';

/** "☑ 3/5": how much of a task's checklist is done, when it has one. */
export function ChecklistProgress({
  checklist,
  className,
}: {
  checklist: { done: number; total: number };
  className?: string;
}) {
  if (checklist.total === 0) return null;
  const complete = checklist.done === checklist.total;
  return (
    <span
      title={t('Checklist: {{done}} of {{total}} done', { done: checklist.done, total: checklist.total })}
      className={cn(
        'inline-flex items-center gap-1 text-xs tabular-nums',
        complete ? 'text-emerald-700 dark:text-emerald-400' : 'text-muted-foreground',
        className,
      )}
    >
      <span aria-hidden="true">☑</span>
      <span className="sr-only">{`${t('Checklist')} `}</span>
      {checklist.done}/{checklist.total}
    </span>
  );
}
