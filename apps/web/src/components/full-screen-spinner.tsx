import { Loader2 } from 'lucide-react';

/** The one bare spinner the spec asks for: while the session loads (§2.1). */
export function FullScreenSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-svh items-center justify-center" role="status" aria-live="polite">
      <Loader2 className="size-8 animate-spin text-muted-foreground" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
