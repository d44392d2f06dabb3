import { RepeatIcon } from 'lucide-react';
import { cn } from '../lib/cn.ts';
import { t } from '../lib/i18n/index.ts';

/** The small repeat icon of a recurring task on cards and rows (issue 29); nothing otherwise. */
export function RepeatMark({
  recurring,
  className,
}: {
  recurring?: boolean | undefined;
  className?: string;
}) {
  if (!recurring) return null;
  return (
    <span title={t('Repeats')} className={cn('inline-flex items-center text-muted-foreground', className)}>
      <RepeatIcon aria-hidden="true" className="size-3.5" />
      <span className="sr-only">{t('Repeats')}</span>
    </span>
  );
}
