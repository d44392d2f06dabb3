import { LoaderCircleIcon, RotateCw } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
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
  return (
    <div role="alert" className={cn('flex flex-wrap items-center justify-center gap-3', className)}>
      <span className="text-muted-foreground">{loadMoreFailedText}</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}
