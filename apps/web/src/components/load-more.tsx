import { LoaderCircleIcon } from 'lucide-react';
import { cn } from '../lib/cn.ts';
import { ErrorState } from './error-state.tsx';

/**
 * The end of a list loaded page by page: "Loading more tasks..." while the next page loads; if
 * it failed, "Could not load more tasks." with a "Try again" (scrolling does not ask again by
 * itself). `noun` names what the list holds ('tasks').
 */
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
        {`Loading more ${noun}...`}
      </p>
    );
  }
  if (!failed) return null;
  return (
    <ErrorState
      variant="inline"
      title={`Could not load more ${noun}.`}
      onRetry={onRetry}
      className={className}
    />
  );
}
