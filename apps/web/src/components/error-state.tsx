import { CircleAlertIcon, RotateCcwIcon } from 'lucide-react';
import { getErrorMessage } from '../lib/api-client.ts';
import { cn } from '../lib/cn.ts';
import { t } from '../lib/i18n/index.ts';
import { Button } from './ui/button.tsx';

type ErrorStateProps = {
  /** What failed ('Failed to load notifications'); without it the error's text stands alone. */
  title?: string;
  /** What the call threw: shown by its text (spec §8.1). Left out, only the title shows. */
  error?: unknown;
  /** Tries the load again (a query's refetch). */
  onRetry: () => void;
  /** While a retry runs the button is disabled. */
  retrying?: boolean;
  /** `inline`: one line with the button beside the text (a failed next page, a small card). */
  variant?: 'block' | 'inline';
  className?: string;
};

/** A failed load of a section: what failed, why, and "Try again" (ARCHITECTURE §3.3). */
export function ErrorState({
  title,
  error,
  onRetry,
  retrying,
  variant = 'block',
  className,
}: ErrorStateProps) {
  const message = error === undefined ? undefined : getErrorMessage(error);
  const retry = (
    <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
      <RotateCcwIcon aria-hidden="true" />
      {t('Try again')}
    </Button>
  );
  if (variant === 'inline') {
    return (
      <div
        role="alert"
        className={cn('flex flex-wrap items-center justify-center gap-3 py-4 text-sm', className)}
      >
        <span className="grid gap-0.5">
          {title ? <span className={message ? 'font-medium' : 'text-muted-foreground'}>{title}</span> : null}
          {message ? <span className="text-muted-foreground">{message}</span> : null}
        </span>
        {retry}
      </div>
    );
  }
  return (
    <div
      role="alert"
      className={cn('flex flex-col items-center justify-center gap-3 px-6 py-14 text-center', className)}
    >
      <div className="flex size-10 items-center justify-center rounded-full bg-destructive/10">
        <CircleAlertIcon aria-hidden="true" className="size-5 text-destructive" />
      </div>
      <div className="grid gap-1">
        {title ? <p className="font-medium text-sm">{title}</p> : null}
        {message ? (
          <p className={cn('max-w-md text-sm', title && 'text-muted-foreground')}>{message}</p>
        ) : null}
      </div>
      {retry}
    </div>
  );
}
