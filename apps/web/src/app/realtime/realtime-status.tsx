import { LoaderCircleIcon } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import type { RealtimeStatus as Status } from '../../lib/realtime.ts';

/**
 * 'Reconnecting...' (a spinner alone on phones) while a lost socket is being replaced (not during the first connect, not once
 * connected). The live region is always there, empty, so screen readers hear the pill appear.
 */
export function RealtimeStatus({ status, className }: { status: Status; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn('flex', className)}>
      {status === 'reconnecting' ? (
        <span
          title="Reconnecting..."
          className="inline-flex h-7 items-center gap-1.5 whitespace-nowrap rounded-full border bg-muted/60 px-2 font-medium text-muted-foreground text-xs sm:px-2.5"
        >
          <LoaderCircleIcon aria-hidden="true" className="size-3 animate-spin motion-reduce:animate-none" />
          {/* On a phone the spinner alone: the top bar has no room for the words. */}
          <span className="sr-only sm:not-sr-only">Reconnecting...</span>
        </span>
      ) : null}
    </div>
  );
}
