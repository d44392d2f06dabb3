import { LoaderCircleIcon } from 'lucide-react';
import { ErrorState } from '../../../components/error-state.tsx';
import { cn } from '../../../lib/cn.ts';

export const loadMoreFailedText = 'Could not load more tasks.';

/**
 * The end of a task list loaded page by page: "Loading more tasks..." while the next page
 * loads; if it failed, says so with a "Try again" (scrolling does not ask again by itself).
 */
export function TasksLoadMore({
  loading,
  failed,
  onRetry,
  className,
}: {
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
        Loading more tasks...
      </p>
    );
  }
  if (!failed) return null;
  return <ErrorState variant="inline" title={loadMoreFailedText} onRetry={onRetry} className={className} />;
}
