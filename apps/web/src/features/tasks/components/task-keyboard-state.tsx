import type { Task } from '@shipyard/shared';
import { createContext, useContext, useEffect, useRef } from 'react';
import { CheckboxButton } from '../../../components/ui/checkbox.tsx';
import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';
import type { TaskShortcutAction } from '../../../lib/task-shortcuts.ts';
import { taskRowOf } from './task-bulk-picker.tsx';

// What TaskKeyboardProvider (task-keyboard.tsx) shares with the rows, cards and menus inside it:
// the focus ring, the selection and the menus' way to its pickers (issue 30).

export type KeyboardState = {
  focusedId: string | undefined;
  selected: ReadonlySet<string>;
  /** A click on a row's checkbox: toggles it, or with Shift selects the range from the last toggled. */
  toggle: (id: string, range?: boolean) => void;
  /**
   * A task menu's item (issue 30): what the action's key does, done to the menu's task alone (its
   * picker beside it, focus back to the menu's button when it closes). Same identity throughout.
   */
  actOn: (action: TaskShortcutAction, task: Task) => void;
};

export const TaskKeyboardContext = createContext<KeyboardState | null>(null);

/** The list's focus and selection, for its rows; none outside a keyboard list (a row alone in a test). */
const useTaskKeyboard = () => useContext(TaskKeyboardContext);

/** The task the keyboard's focus ring is on (a board keeps its card rendered and in view). */
export const useFocusedTaskId = () => useTaskKeyboard()?.focusedId;

/** What a task menu's items do through the keys' pickers; none outside a keyboard list, board or page. */
export const useTaskMenuActions = () => useTaskKeyboard()?.actOn;

/**
 * Keeps the focused row in view: a virtual list scrolls to its index (the row may not be rendered
 * yet). `items` are the list's rows in order, `idOf` the task a row shows.
 */
export function useScrollToFocused<T>(
  items: readonly T[],
  idOf: (item: T) => string | undefined,
  scrollToIndex: (index: number) => void,
) {
  const focusedId = useTaskKeyboard()?.focusedId;
  const latest = useRef({ items, idOf, scrollToIndex });
  latest.current = { items, idOf, scrollToIndex };
  useEffect(() => {
    if (!focusedId) return;
    const { items: rows, idOf: id, scrollToIndex: scroll } = latest.current;
    const index = rows.findIndex((item) => id(item) === focusedId);
    if (index < 0) return;
    scroll(index);
    // The list's own box scrolled; the page may hide it too (a phone scrolls the page).
    const frame = requestAnimationFrame(() => taskRowOf(focusedId)?.scrollIntoView?.({ block: 'nearest' }));
    return () => cancelAnimationFrame(frame);
  }, [focusedId]);
}

/**
 * A row's part in the keyboard list: whether it has the focus ring or is selected (its data
 * attributes), and its checkbox, shown on a selected, focused or hovered row (`group/row`).
 */
export function useTaskRowKeys(task: Pick<Task, 'id' | 'title'>) {
  const keys = useTaskKeyboard();
  const focused = keys?.focusedId === task.id;
  const selected = keys?.selected.has(task.id) ?? false;
  const shown = selected || focused || (keys?.selected.size ?? 0) > 0;
  return {
    rowProps: {
      'data-focused': focused || undefined,
      'data-selected': selected || undefined,
    },
    /** Whether the checkbox shows without a pointer over the row (a board's card leaves it out otherwise). */
    shown,
    rowClass:
      'group/row data-[selected]:bg-accent/60 data-[focused]:outline-2 data-[focused]:outline-ring data-[focused]:-outline-offset-2',
    checkbox: keys ? (
      <CheckboxButton
        checked={selected}
        aria-label={t('Select {{title}}', { title: task.title })}
        // The row's keys stay the list's: a click keeps the focus where it was.
        onMouseDown={(event) => event.preventDefault()}
        onClick={(event) => {
          event.preventDefault();
          keys.toggle(task.id, event.shiftKey);
        }}
        className={cn(
          'shrink-0 opacity-0 transition-opacity focus-visible:opacity-100 group-hover/row:opacity-100',
          shown && 'opacity-100',
        )}
      />
    ) : null,
  };
}
