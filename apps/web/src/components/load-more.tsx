import { LoaderCircleIcon } from 'lucide-react';
import { cn } from '../lib/cn.ts';
import { t } from '../lib/i18n/index.ts';
import { ErrorState } from './error-state.tsx';

/**
 * The end of a list loaded page by page: "Loading more tasks..." while the next page loads; if
 * it failed, "Could not load more tasks." with a "Try again" (scrolling does not ask again by
 * itself). `noun` names what the list holds ('tasks').
 */
// Issue 33: whole sentences for the lists that load page by page; another noun reads in English.
const loadMoreTexts: Record<string, { loading: () => string; failed: () => string }> = {
  tasks: { loading: () => t('Loading more tasks...'), failed: () => t('Could not load more tasks.') },
  products: {
    loading: () => t('Loading more products...'),
    failed: () => t('Could not load more products.'),
  },
};

export function LoadMore({
  noun,
  loading,
  failed,
  onRetry,
  className,
}: {
  noun: string;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  className?: string;
}) {
  if (loading) {
    return (
      <p
        role="status"
        className={cn('flex items-center justify-center gap-2 text-muted-foreground', className)}
      >
        <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />
        {loadMoreTexts[noun]?.loading() ?? `Loading more ${noun}...`}
      </p>
    );
  }
  if (!failed) return null;
  return (
    <ErrorState
      variant="inline"
      title={loadMoreTexts[noun]?.failed() ?? `Could not load more ${noun}.`}
      onRetry={onRetry}
      className={className}
    />
  );
}
