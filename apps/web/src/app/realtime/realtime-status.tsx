import { LoaderCircleIcon, UnplugIcon } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { k, t } from '../../lib/i18n/index.ts';
import type { RealtimeStatus as Status } from '../../lib/realtime.ts';

/** Shown when the server refused this tab's socket: the user holds too many (issue 13). */
const TOO_MANY_TABS_MESSAGE = k('Live updates are off: too many open tabs. Close some and reload.');

const pill =
  'inline-flex h-7 items-center gap-1.5 whitespace-nowrap rounded-full border bg-muted/60 px-2 font-medium text-muted-foreground text-xs sm:px-2.5';

/**
 * 'Reconnecting...' (a spinner alone on phones) while a lost socket is being replaced (not during the first connect, not once
 * connected); when the server refused the socket for too many open tabs, a calm note that live
 * updates are off (the page still works; a reload tries again). The live region is always
 * there, empty, so screen readers hear the pill appear.
 */
export function RealtimeStatus({ status, className }: { status: Status; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn('flex', className)}>
      {status === 'reconnecting' ? (
        <span title={t('Reconnecting...')} className={pill}>
          <LoaderCircleIcon aria-hidden="true" className="size-3 animate-spin motion-reduce:animate-none" />
          {/* On a phone the spinner alone: the top bar has no room for the words. */}
          <span className="sr-only sm:not-sr-only">{t('Reconnecting...')}</span>
        </span>
      ) : status === 'refused' ? (
        <span title={t(TOO_MANY_TABS_MESSAGE)} className={pill}>
          <UnplugIcon aria-hidden="true" className="size-3" />
          {/* The whole sentence where there is room; below that the gist, the rest in the tooltip. */}
          <span aria-hidden="true" className="lg:hidden">
            {t('Live updates off')}
          </span>
          <span className="sr-only lg:not-sr-only">{t(TOO_MANY_TABS_MESSAGE)}</span>
        </span>
      ) : null}
    </div>
  );
}
