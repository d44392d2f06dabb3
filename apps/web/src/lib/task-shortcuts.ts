// The keys that act on task lists (issue 30): one table for the lists' listener and for the `?`
// sheet (features/search/shortcut-list.ts), so the sheet lists exactly what is bound.

export type TaskShortcutAction =
  | 'down'
  | 'up'
  | 'open'
  | 'toggle'
  | 'range'
  | 'selectAll'
  | 'clear'
  | 'status'
  | 'assignee'
  | 'assignMe'
  | 'priority'
  | 'labels'
  | 'due'
  | 'editTitle'
  | 'move'
  | 'delete'
  | 'copyLink'
  | 'copyKey';

/** One way to press it: a key (`KeyboardEvent.key`, letters lower case), with Shift or Ctrl/⌘. */
type Binding = { key: string; shift?: boolean; mod?: boolean };

export type TaskShortcut = { action: TaskShortcutAction; label: string; bindings: readonly Binding[] };

/** In the sheet's order. */
export const TASK_SHORTCUTS: readonly TaskShortcut[] = [
  { action: 'down', label: 'Next task', bindings: [{ key: 'j' }, { key: 'ArrowDown' }] },
  { action: 'up', label: 'Previous task', bindings: [{ key: 'k' }, { key: 'ArrowUp' }] },
  { action: 'open', label: 'Open the task', bindings: [{ key: 'Enter' }, { key: 'o' }] },
  { action: 'toggle', label: 'Select or unselect', bindings: [{ key: 'x' }] },
  { action: 'range', label: 'Select a range', bindings: [{ key: 'x', shift: true }] },
  { action: 'selectAll', label: 'Select the tasks shown', bindings: [{ key: 'a', mod: true }] },
  { action: 'clear', label: 'Clear the selection', bindings: [{ key: 'Escape' }] },
  { action: 'status', label: 'Set status', bindings: [{ key: 's' }] },
  { action: 'assignee', label: 'Assign to…', bindings: [{ key: 'a' }] },
  { action: 'assignMe', label: 'Assign to me', bindings: [{ key: 'i' }] },
  { action: 'priority', label: 'Set priority', bindings: [{ key: 'p' }] },
  { action: 'labels', label: 'Add or remove a label', bindings: [{ key: 'l' }] },
  { action: 'due', label: 'Set due date', bindings: [{ key: 'd', shift: true }] },
  { action: 'editTitle', label: 'Edit the title', bindings: [{ key: 'e' }] },
  { action: 'move', label: 'Move to another product', bindings: [{ key: 'm' }] },
  {
    action: 'delete',
    label: 'Move to the trash',
    bindings: [{ key: 'Delete' }, { key: 'Backspace', mod: true }],
  },
  { action: 'copyLink', label: 'Copy link', bindings: [{ key: 'c', mod: true }] },
  { action: 'copyKey', label: 'Copy key', bindings: [{ key: 'c', mod: true, shift: true }] },
];

const KEY_NAMES: Record<string, string> = {
  ArrowDown: '↓',
  ArrowUp: '↑',
  Enter: 'Enter',
  Escape: 'Esc',
  Delete: 'Delete',
  Backspace: 'Backspace',
};

/** How the sheet shows a binding: 'j', '↓', 'Shift X', 'Ctrl/⌘ Shift C'. */
export function bindingText({ key, shift, mod }: Binding): string {
  const name = KEY_NAMES[key] ?? (shift || mod ? key.toUpperCase() : key);
  return [mod && 'Ctrl/⌘', shift && 'Shift', name].filter(Boolean).join(' ');
}

/** A binding as `aria-keyshortcuts` names it: 'Control+C Meta+C', 'Shift+X', 'Delete'. */
function ariaKeys({ key, shift, mod }: Binding): string[] {
  const name = [shift && 'Shift', key.length === 1 ? key.toUpperCase() : key].filter(Boolean).join('+');
  return mod ? [`Control+${name}`, `Meta+${name}`] : [name];
}

/**
 * A menu item's hint: the first way to press the action as shown ('Ctrl/⌘ C', 'Delete'), and
 * every way for assistive technology (`aria-keyshortcuts`).
 */
export function shortcutHint(action: TaskShortcutAction): { text: string; aria: string } | undefined {
  const bindings = TASK_SHORTCUTS.find((s) => s.action === action)?.bindings ?? [];
  const [first] = bindings;
  return first ? { text: bindingText(first), aria: bindings.flatMap(ariaKeys).join(' ') } : undefined;
}

type KeyInfo = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>;

/** The action a key press stands for in a task list, if any. */
export function taskShortcutFor(event: KeyInfo): TaskShortcutAction | undefined {
  if (event.altKey) return undefined;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  const mod = event.ctrlKey || event.metaKey;
  const found = TASK_SHORTCUTS.find(({ bindings }) =>
    bindings.some((b) => b.key === key && Boolean(b.shift) === event.shiftKey && Boolean(b.mod) === mod),
  );
  return found?.action;
}
