import { type TaskDisplay, TaskDisplaySchema } from '@shipyard/shared';
import { useCallback, useState } from 'react';
import { z } from 'zod/mini';

// How a task list looks (issue 28): comfortable or compact rows, which properties show, and a
// plain-text description preview (off unless asked for). /tasks keeps it in this browser
// (localStorage, not the URL); a saved view hands its own display to the same hook.

const STORAGE_KEY = 'shipyard.tasks.display';

export const DEFAULT_TASK_DISPLAY: TaskDisplay = z.parse(TaskDisplaySchema, {});

function readStored(): TaskDisplay {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return DEFAULT_TASK_DISPLAY;
    const parsed = z.safeParse(TaskDisplaySchema, JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_TASK_DISPLAY;
  } catch {
    return DEFAULT_TASK_DISPLAY;
  }
}

function store(display: TaskDisplay) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(display));
  } catch {
    // Private mode or a full storage: the choice lasts as long as the page.
  }
}

/**
 * A list's display and its setter. Without `fromView`, the browser's own preference for /tasks
 * (read from and kept in localStorage); with it (a saved view's display), that display, changed
 * on screen only.
 */
export function useTaskDisplay(fromView?: TaskDisplay) {
  const [display, setDisplay] = useState<TaskDisplay>(() => fromView ?? readStored());
  const persist = fromView === undefined;
  const change = useCallback(
    (patch: Partial<TaskDisplay>) =>
      setDisplay((current) => {
        const next = { ...current, ...patch };
        if (persist) store(next);
        return next;
      }),
    [persist],
  );
  return [display, change] as const;
}
export type TaskDisplayChange = ReturnType<typeof useTaskDisplay>[1];
