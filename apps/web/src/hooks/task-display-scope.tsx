import { type TaskDisplay, TaskDisplaySchema } from '@shipyard/shared';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

// The seam between a task list's display options and saved views (issue 28): the page that
// shows a task list holds its display here; a saved view opens with its own, and "Save view"
// and "Save changes" store what is shown. The tasks page's display hook reads and sets it.

type TaskDisplayState = { display: TaskDisplay; setDisplay: (display: TaskDisplay) => void };

const DEFAULT_DISPLAY: TaskDisplay = TaskDisplaySchema.parse({});

const TaskDisplayContext = createContext<TaskDisplayState>({
  display: DEFAULT_DISPLAY,
  setDisplay: () => {},
});

/** Holds the display of the task list inside, starting from `initial` (a saved view's) or the default. */
export function TaskDisplayScope({ initial, children }: { initial?: TaskDisplay; children: ReactNode }) {
  const [display, setDisplay] = useState<TaskDisplay>(initial ?? DEFAULT_DISPLAY);
  const value = useMemo(() => ({ display, setDisplay }), [display]);
  return <TaskDisplayContext.Provider value={value}>{children}</TaskDisplayContext.Provider>;
}

/** The display of the task list on screen and its setter (the default outside a scope). */
export const useTaskDisplayScope = () => useContext(TaskDisplayContext);
