import { type TaskDisplay, TaskDisplaySchema } from '@shipyard/shared';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { z } from 'zod/mini';

// How a task list looks (issue 28: density, properties, description preview), held once per page:
// /tasks keeps the browser's own preference (localStorage, not the URL); a saved view opens with
// its stored display, changed on screen only until "Save changes". The display options menu,
// the list, "Save view" and "Save changes" all read and change this one state.

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

export type TaskDisplayChange = (patch: Partial<TaskDisplay>) => void;
type TaskDisplayState = { display: TaskDisplay; changeDisplay: TaskDisplayChange };

/** A display and its change: kept in this browser (`persist`) or on screen only (a view's). */
function useDisplayState(initial: TaskDisplay | undefined): TaskDisplayState {
  const [display, setDisplay] = useState<TaskDisplay>(() => initial ?? readStored());
  const persist = initial === undefined;
  const changeDisplay = useCallback<TaskDisplayChange>(
    (patch) =>
      setDisplay((current) => {
        const next = { ...current, ...patch };
        if (persist) store(next);
        return next;
      }),
    [persist],
  );
  return useMemo(() => ({ display, changeDisplay }), [display, changeDisplay]);
}

const TaskDisplayContext = createContext<TaskDisplayState | null>(null);

/** Holds the display of the task list inside: `initial` (a saved view's), or this browser's preference. */
export function TaskDisplayScope({ initial, children }: { initial?: TaskDisplay; children: ReactNode }) {
  const value = useDisplayState(initial);
  return <TaskDisplayContext.Provider value={value}>{children}</TaskDisplayContext.Provider>;
}

/**
 * The display of the task list on screen and its change: the page's scope, or outside one this
 * browser's preference held by the caller.
 */
export function useTaskDisplay(): readonly [TaskDisplay, TaskDisplayChange] {
  const scope = useContext(TaskDisplayContext);
  const own = useDisplayState(undefined);
  const { display, changeDisplay } = scope ?? own;
  return [display, changeDisplay] as const;
}

/** The display on screen (what "Save view" and "Save changes" store). */
export const useTaskDisplayScope = () => ({ display: useTaskDisplay()[0] });
