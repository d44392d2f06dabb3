import { cn } from '../../../lib/cn.ts';

/**
 * A task's key (`ATL-12`, issue 28) before its title: small, muted, monospaced, never wrapped.
 * Nothing for a task just typed in that the server has not numbered yet.
 */
export function TaskKey({ taskKey, className }: { taskKey: string; className?: string }) {
  if (!taskKey) return null;
  return (
    <span
      className={cn(
        'shrink-0 whitespace-nowrap font-mono text-muted-foreground text-xs tabular-nums',
        className,
      )}
    >
      {taskKey}
    </span>
  );
}
