import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { usePanelState } from '../../../components/route-panel.tsx';
import { cn } from '../../../lib/cn.ts';
import { paths } from '../../../lib/paths.ts';
import { taskDetailQueryOptions } from '../api/get-task-detail.ts';

/** How long a pointer rests on a task before its page's data is fetched ahead of a click. */
const HOVER_INTENT_MS = 100;

/**
 * Opens the task's page as a side panel over this screen (the URL becomes /tasks/{id}; Back
 * closes it). `stretched` makes the whole card or row its target — its menu and drag handle
 * stay above it (give them `relative z-10`).
 */
export function TaskLink({
  taskId,
  children,
  className,
  stretched = false,
  title,
}: {
  taskId: string;
  children: ReactNode;
  className?: string;
  stretched?: boolean;
  title?: string;
}) {
  const state = usePanelState();
  const queryClient = useQueryClient();
  const hover = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Focus on the task, or a pointer resting on it (not one sweeping across a board), is intent:
  // its page's data starts loading then, and is fresh for the click.
  const prefetch = () => void queryClient.prefetchQuery(taskDetailQueryOptions(taskId));
  useEffect(() => () => clearTimeout(hover.current), []);
  return (
    <Link
      to={paths.task(taskId)}
      state={state}
      onPointerEnter={() => {
        hover.current = setTimeout(prefetch, HOVER_INTENT_MS);
      }}
      onPointerLeave={() => clearTimeout(hover.current)}
      onFocus={prefetch}
      preventScrollReset
      title={title}
      className={cn(
        'rounded-sm outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50',
        stretched && "after:absolute after:inset-0 after:content-['']",
        className,
      )}
    >
      {children}
    </Link>
  );
}
