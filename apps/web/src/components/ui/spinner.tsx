import { LoaderCircleIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { t } from '../../lib/i18n/index.ts';

export type SpinnerProps = Omit<ComponentProps<typeof LoaderCircleIcon>, 'aria-label'> & {
  /** What is loading, read by screen readers (default 'Loading'). */
  label?: string;
};

/** A spinning circle with role="status". Prefer a Skeleton for content; this is for buttons and the session gate. */
export function Spinner({ label = t('Loading'), className, ...props }: SpinnerProps) {
  return (
    <LoaderCircleIcon
      data-slot="spinner"
      role="status"
      aria-label={label}
      className={cn('size-4 animate-spin', className)}
      {...props}
    />
  );
}
