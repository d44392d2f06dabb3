import { k } from '../../lib/i18n/index.ts';
import { INBOX_SHORTCUTS, inboxKeyText } from '../../lib/inbox-shortcuts.ts';
import {
  bindingPlaces,
  bindingText,
  TASK_ACTION_SHORTCUTS,
  TASK_KEY_PLACES,
  TASK_SHORTCUTS,
  type TaskKeyPlace,
  type TaskShortcut,
} from '../../lib/task-shortcuts.ts';
import { TIMER_SHORTCUT } from '../../lib/timer-shortcut.ts';
import type { ShortcutAction } from './shortcuts.ts';

// What the `?` dialog lists; apart from the key reader so the shell does not carry these texts.

type Shortcut = { action: ShortcutAction; keys: readonly string[]; label: string };

/** In the `?` dialog's order. `keys` are pressed one after the other ('Ctrl/⌘ K' together). */
const SHORTCUTS: readonly Shortcut[] = [
  { action: 'palette', keys: ['Ctrl/⌘ K'], label: k('Open the command palette') },
  { action: 'search', keys: ['/'], label: k('Search') },
  { action: 'newTask', keys: ['c'], label: k('New task') },
  { action: 'goDashboard', keys: ['g', 'd'], label: k('Go to the dashboard') },
  { action: 'goProducts', keys: ['g', 'p'], label: k('Go to products') },
  { action: 'goTasks', keys: ['g', 't'], label: k('Go to tasks') },
  { action: 'goNotifications', keys: ['g', 'n'], label: k('Go to notifications') },
  { action: 'help', keys: ['?'], label: k('Show keyboard shortcuts') },
];

/** A key of a line, or one that acts only in some places (`where`: 'not on boards'). */
type SheetKey = string | { key: string; where: string };

/**
 * A line of the sheet: its keys are pressed one after the other (`then`) or are alternatives
 * (`or`); `where` when it acts only in some of its section's places.
 */
export type SheetLine = {
  id: string;
  label: string;
  keys: readonly SheetKey[];
  join: 'then' | 'or';
  where?: string;
};

// Whole phrases (translated where shown), by the places missing or the places a key acts in.
const NOT_ON: Record<TaskKeyPlace, string> = {
  list: k('not on lists'),
  board: k('not on boards'),
  page: k('not on the task page'),
};
const ON: Record<string, string> = {
  list: k('on lists'),
  board: k('on boards'),
  page: k('on the task page'),
  'list board': k('on lists and boards'),
  'list page': k('on lists and the task page'),
  'board page': k('on boards and the task page'),
};

/** 'on boards', 'not on boards': how `places` differ from those of their section (`all`). */
function placesNote(places: readonly TaskKeyPlace[], all: readonly TaskKeyPlace[]): string | undefined {
  const missing = all.filter((place) => !places.includes(place));
  if (missing.length === 0) return undefined;
  if (missing.length === 1 && places.length > 1) return NOT_ON[missing[0] as TaskKeyPlace];
  return ON[places.join(' ')] ?? `on ${places.join(' and ')}`;
}

/** The task keys of a section whose keys act in `all`. */
function taskLines(shortcuts: readonly TaskShortcut[], all: readonly TaskKeyPlace[]): SheetLine[] {
  return shortcuts.map((shortcut) => {
    const places = shortcut.on ?? TASK_KEY_PLACES;
    const where = placesNote(places, all);
    return {
      id: `task-${shortcut.action}`,
      label: shortcut.label,
      keys: shortcut.bindings.map((binding) => {
        const note = placesNote(bindingPlaces(shortcut, binding), places);
        return note ? { key: bindingText(binding), where: note } : bindingText(binding);
      }),
      join: 'or',
      ...(where && { where }),
    };
  });
}

/** Moving and selecting act where several tasks are shown; the other keys on a task's page too. */
const MOVING = TASK_SHORTCUTS.filter((shortcut) => shortcut.on !== undefined);

/**
 * The `?` sheet: everywhere, then in task lists and boards, on tasks (there and on a task's page),
 * and in the inbox, each from its own table (lib/task-shortcuts.ts, lib/inbox-shortcuts.ts).
 */
export const SHORTCUT_SECTIONS: ReadonlyArray<{ title: string; lines: readonly SheetLine[] }> = [
  {
    title: k('Anywhere'),
    lines: SHORTCUTS.map(({ action, keys, label }) => ({ id: action, label, keys, join: 'then' })),
  },
  { title: k('In task lists and boards'), lines: taskLines(MOVING, ['list', 'board']) },
  {
    title: k('On the focused or selected tasks, and a task’s page'),
    lines: taskLines(TASK_ACTION_SHORTCUTS, TASK_KEY_PLACES),
  },
  {
    title: k('On a task’s page'),
    lines: [{ id: 'timer', label: TIMER_SHORTCUT.label, keys: [TIMER_SHORTCUT.text], join: 'or' }],
  },
  {
    title: k('Inbox'),
    lines: INBOX_SHORTCUTS.map(({ action, label, keys }) => ({
      id: `inbox-${action}`,
      label,
      keys: keys.map(inboxKeyText),
      join: 'or',
    })),
  },
];
