import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePanelState } from '../../../components/route-panel.tsx';
import { cn } from '../../../lib/cn.ts';
import { paths } from '../../../lib/paths.ts';

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
  return (
    <Link
      to={paths.task(taskId)}
      state={state}
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
