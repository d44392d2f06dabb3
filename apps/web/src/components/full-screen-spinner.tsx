import { Loader2 } from 'lucide-react';
import { t } from '../lib/i18n/index.ts';

/** The one bare spinner the spec asks for: while the session loads (§2.1). */
export function FullScreenSpinner({ label = t('Loading') }: { label?: string }) {
  return (
    <div className="flex min-h-svh items-center justify-center" role="status" aria-live="polite">
      <Loader2 className="size-8 animate-spin text-muted-foreground" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
