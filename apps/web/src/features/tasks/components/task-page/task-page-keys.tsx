import type { Role, Task } from '@shipyard/shared';
import { type ReactNode, type RefObject, useCallback, useMemo } from 'react';
import type { PickerKind } from '../task-bulk-picker.tsx';
import { TaskKeyboardProvider, type TaskKeyLayout } from '../task-keyboard.tsx';

// Issue 30 on a task's page: the action keys (s, a, i, l, p, Shift+D, e, Delete, Ctrl/⌘+C, …) act on
// the task shown, through the lists' own provider with a fixed focus; each picker opens beside the property
// it changes. The page's menu and the palette open the same pickers, keys or not (the inbox's pane).

/** The property (its label, `data-property` on the page) each picker changes. */
const PROPERTY: Partial<Record<PickerKind, string>> = {
  status: 'Status',
  priority: 'Priority',
  assignee: 'Assignee',
  due: 'Due date',
  labels: 'Labels',
};

export function TaskPageKeys({
  task,
  viewer,
  canEdit,
  root,
  editTitle,
  leave,
  listen,
  children,
}: {
  task: Task;
  viewer: { id: string; role: Role };
  /** Whether the viewer may change the task (not on an archived product): the pickers open only then. */
  canEdit: boolean;
  /** The page: the side panel holding it is no overlay to its keys. */
  root: RefObject<HTMLElement | null>;
  /** `e`: the page's title, edited in place. */
  editTitle: () => void;
  /** After Delete put the task in the trash. */
  leave: () => void;
  /** Whether the keys act (not beside the inbox, whose keys are its own). */
  listen: boolean;
  children: ReactNode;
}) {
  const tasks = useMemo(() => [task], [task]);
  const { id, role } = viewer;
  const keyViewer = useMemo(() => ({ id, role: canEdit ? role : ('guest' as const) }), [id, role, canEdit]);
  const anchorOf = useCallback(
    (picker: PickerKind) => {
      const page = root.current;
      const property = PROPERTY[picker];
      return (
        (property ? page?.querySelector(`[data-property="${property}"]`) : null) ??
        page?.querySelector('[data-properties]:not([hidden])') ??
        // A phone's chips under the title, while the panel is folded away (issue 33).
        page?.querySelector('[data-task-chips]') ??
        null
      );
    },
    [root],
  );
  const layout = useMemo<TaskKeyLayout>(
    () => ({ kind: 'page', root, anchorOf, editTitle, leave }),
    [root, anchorOf, editTitle, leave],
  );
  return (
    <TaskKeyboardProvider tasks={tasks} viewer={keyViewer} layout={layout} listen={listen}>
      {children}
    </TaskKeyboardProvider>
  );
}
