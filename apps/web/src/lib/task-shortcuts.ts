// The keys that act on tasks (issue 30): one table for the listener of lists, boards and the task
// page and for the `?` sheet (features/search/shortcut-list.ts), so the sheet lists exactly what is
// bound, and where. A label is a getter: read when shown, in the reader's language.

import { t } from './i18n/index.ts';

export type TaskShortcutAction =
  | 'down'
  | 'up'
  | 'left'
  | 'right'
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

/**
 * Where the keys act: a task list, a board (its columns side by side: h/l move between them, so
 * `l` is not the labels' there), or one task's page (the task shown: no moving, no selection).
 */
export type TaskKeyPlace = 'list' | 'board' | 'page';

export const TASK_KEY_PLACES: readonly TaskKeyPlace[] = ['list', 'board', 'page'];

/**
 * One way to press it: a key (`KeyboardEvent.key`, letters lower case), with Shift or Ctrl/⌘;
 * `on` where this key does it, when not wherever its action applies.
 */
type Binding = { key: string; shift?: boolean; mod?: boolean; on?: readonly TaskKeyPlace[] };

export type TaskShortcut = {
  action: TaskShortcutAction;
  label: string;
  bindings: readonly Binding[];
  /** Where it applies; everywhere (lists, boards and the task page) when not said. */
  on?: readonly TaskKeyPlace[];
};

/** Moving and selecting: on lists and boards; the task page has one task, the one shown. */
const SHOWN: readonly TaskKeyPlace[] = ['list', 'board'];

/** In the sheet's order. */
export const TASK_SHORTCUTS: readonly TaskShortcut[] = [
  {
    action: 'down',
    get label() {
      return t('Next task');
    },
    bindings: [{ key: 'j' }, { key: 'ArrowDown' }],
    on: SHOWN,
  },
  {
    action: 'up',
    get label() {
      return t('Previous task');
    },
    bindings: [{ key: 'k' }, { key: 'ArrowUp' }],
    on: SHOWN,
  },
  {
    action: 'left',
    get label() {
      return t('Column to the left');
    },
    bindings: [{ key: 'h' }, { key: 'ArrowLeft' }],
    on: ['board'],
  },
  {
    action: 'right',
    get label() {
      return t('Column to the right');
    },
    bindings: [{ key: 'l' }, { key: 'ArrowRight' }],
    on: ['board'],
  },
  {
    action: 'open',
    get label() {
      return t('Open the task');
    },
    bindings: [{ key: 'Enter' }, { key: 'o' }],
    on: SHOWN,
  },
  {
    action: 'toggle',
    get label() {
      return t('Select or unselect');
    },
    bindings: [{ key: 'x' }],
    on: SHOWN,
  },
  {
    action: 'range',
    get label() {
      return t('Select a range');
    },
    bindings: [{ key: 'x', shift: true }],
    on: SHOWN,
  },
  {
    action: 'selectAll',
    get label() {
      return t('Select the tasks shown');
    },
    bindings: [{ key: 'a', mod: true }],
    on: SHOWN,
  },
  {
    action: 'clear',
    get label() {
      return t('Clear the selection');
    },
    bindings: [{ key: 'Escape' }],
    on: SHOWN,
  },
  {
    action: 'status',
    get label() {
      return t('Set status');
    },
    bindings: [{ key: 's' }],
  },
  {
    action: 'assignee',
    get label() {
      return t('Assign to…');
    },
    bindings: [{ key: 'a' }],
  },
  {
    action: 'assignMe',
    get label() {
      return t('Assign to me');
    },
    bindings: [{ key: 'i' }],
  },
  {
    action: 'priority',
    get label() {
      return t('Set priority');
    },
    bindings: [{ key: 'p' }],
  },
  {
    action: 'labels',
    get label() {
      return t('Add or remove a label');
    },
    // On a board `l` is the column to the right; Shift L works everywhere.
    bindings: [
      { key: 'l', on: ['list', 'page'] },
      { key: 'l', shift: true },
    ],
  },
  {
    action: 'due',
    get label() {
      return t('Set due date');
    },
    bindings: [{ key: 'd', shift: true }],
  },
  // On the task page, `e` edits the page's own title in place; Delete leaves the page after it.
  {
    action: 'editTitle',
    get label() {
      return t('Edit the title');
    },
    bindings: [{ key: 'e' }],
  },
  {
    action: 'move',
    get label() {
      return t('Move to another product');
    },
    bindings: [{ key: 'm' }],
  },
  {
    action: 'delete',
    get label() {
      return t('Move to the trash');
    },
    bindings: [{ key: 'Delete' }, { key: 'Backspace', mod: true }],
  },
  {
    action: 'copyLink',
    get label() {
      return t('Copy link');
    },
    bindings: [{ key: 'c', mod: true }],
  },
  {
    action: 'copyKey',
    get label() {
      return t('Copy key');
    },
    bindings: [{ key: 'c', mod: true, shift: true }],
  },
];

/**
 * The keys that act on tasks (not moving or selecting): in every place, the `?` sheet's second
 * section and the items of every task menu (a row's, a card's, the page's).
 */
export const TASK_ACTION_SHORTCUTS: readonly TaskShortcut[] = TASK_SHORTCUTS.filter(
  (s) => s.on === undefined,
);

const KEY_NAMES: Record<string, string> = {
  ArrowDown: '↓',
  ArrowUp: '↑',
  ArrowLeft: '←',
  ArrowRight: '→',
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

/** Where a binding of this shortcut acts: the binding's own places, else its action's, else everywhere. */
export const bindingPlaces = (shortcut: TaskShortcut, binding: Binding): readonly TaskKeyPlace[] =>
  binding.on ?? shortcut.on ?? TASK_KEY_PLACES;

/** The ways to press an action in a place (labels on a board: Shift L only); none where it is not bound. */
function bindingsAt(action: TaskShortcutAction, place: TaskKeyPlace): readonly Binding[] {
  const shortcut = TASK_SHORTCUTS.find((s) => s.action === action);
  return shortcut ? shortcut.bindings.filter((b) => bindingPlaces(shortcut, b).includes(place)) : [];
}

/** The first way to press an action in a place, as the sheet shows it ('E', 'Ctrl/⌘ C'), if bound there. */
export function actionKeyText(action: TaskShortcutAction, place: TaskKeyPlace): string | undefined {
  const [first] = bindingsAt(action, place);
  return first ? bindingText(first) : undefined;
}

/**
 * A menu item's hint in a place: the first way to press the action as shown ('Ctrl/⌘ C',
 * 'Delete'), and every way there for assistive technology (`aria-keyshortcuts`); none where the
 * action has no key.
 */
export function shortcutHint(
  action: TaskShortcutAction,
  place: TaskKeyPlace,
): { text: string; aria: string } | undefined {
  const bindings = bindingsAt(action, place);
  const [first] = bindings;
  return first ? { text: bindingText(first), aria: bindings.flatMap(ariaKeys).join(' ') } : undefined;
}

type KeyInfo = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>;

/** The action a key press stands for in a task list (or on a board, or a task's page), if any. */
export function taskShortcutFor(
  event: KeyInfo,
  place: TaskKeyPlace = 'list',
): TaskShortcutAction | undefined {
  if (event.altKey) return undefined;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  const mod = event.ctrlKey || event.metaKey;
  const found = TASK_SHORTCUTS.find((shortcut) =>
    shortcut.bindings.some(
      (b) =>
        b.key === key &&
        Boolean(b.shift) === event.shiftKey &&
        Boolean(b.mod) === mod &&
        bindingPlaces(shortcut, b).includes(place),
    ),
  );
  return found?.action;
}
