import { INBOX_SHORTCUTS, inboxKeyText } from '../../lib/inbox-shortcuts.ts';
import { bindingText, TASK_SHORTCUTS } from '../../lib/task-shortcuts.ts';
import type { ShortcutAction } from './shortcuts.ts';

// What the `?` dialog lists; apart from the key reader so the shell does not carry these texts.

type Shortcut = { action: ShortcutAction; keys: readonly string[]; label: string };

/** In the `?` dialog's order. `keys` are pressed one after the other ('Ctrl/⌘ K' together). */
const SHORTCUTS: readonly Shortcut[] = [
  { action: 'palette', keys: ['Ctrl/⌘ K'], label: 'Open the command palette' },
  { action: 'search', keys: ['/'], label: 'Search' },
  { action: 'newTask', keys: ['c'], label: 'New task' },
  { action: 'goDashboard', keys: ['g', 'd'], label: 'Go to the dashboard' },
  { action: 'goProducts', keys: ['g', 'p'], label: 'Go to products' },
  { action: 'goTasks', keys: ['g', 't'], label: 'Go to tasks' },
  { action: 'goNotifications', keys: ['g', 'n'], label: 'Go to notifications' },
  { action: 'help', keys: ['?'], label: 'Show keyboard shortcuts' },
];

/** A line of the sheet: its keys are pressed one after the other (`then`) or are alternatives (`or`). */
export type SheetLine = { id: string; label: string; keys: readonly string[]; join: 'then' | 'or' };

/**
 * The `?` sheet: everywhere, then in task lists and in the inbox, each from its own table
 * (lib/task-shortcuts.ts, lib/inbox-shortcuts.ts).
 */
export const SHORTCUT_SECTIONS: ReadonlyArray<{ title: string; lines: readonly SheetLine[] }> = [
  {
    title: 'Anywhere',
    lines: SHORTCUTS.map(({ action, keys, label }) => ({ id: action, label, keys, join: 'then' })),
  },
  {
    title: 'In task lists',
    lines: TASK_SHORTCUTS.map(({ action, label, bindings }) => ({
      id: `task-${action}`,
      label,
      keys: bindings.map(bindingText),
      join: 'or',
    })),
  },
  {
    title: 'Inbox',
    lines: INBOX_SHORTCUTS.map(({ action, label, keys }) => ({
      id: `inbox-${action}`,
      label,
      keys: keys.map(inboxKeyText),
      join: 'or',
    })),
  },
];
