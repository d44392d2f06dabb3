import { CircleAlertIcon, PackageSearchIcon, RotateCcwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';

/** Spec §2.9 'No products found', with an icon and the next action (ARCHITECTURE §6). */
export function ProductsEmptyState({ action, className }: { action?: ReactNode; className?: string }) {
  return (
    <div className={cn('flex flex-col items-center justify-center gap-3 px-6 py-14 text-center', className)}>
      <div className="flex size-10 items-center justify-center rounded-full bg-muted">
        <PackageSearchIcon aria-hidden="true" className="size-5 text-muted-foreground" />
      </div>
      <p className="font-medium text-sm">No products found</p>
      {action}
    </div>
  );
}

/** A failed products load: the error's text (spec §8.1) and a way to try again. */
export function ProductsErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center justify-center gap-3 px-6 py-14 text-center">
      <div className="flex size-10 items-center justify-center rounded-full bg-destructive/10">
        <CircleAlertIcon aria-hidden="true" className="size-5 text-destructive" />
      </div>
      <p className="max-w-md text-sm">{getErrorMessage(error)}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCcwIcon aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}
