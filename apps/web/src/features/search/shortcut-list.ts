import { INBOX_SHORTCUTS, inboxKeyText } from '../../lib/inbox-shortcuts.ts';
import type { ShortcutAction } from './shortcuts.ts';

// What the `?` dialog lists; apart from the key reader so the shell does not carry these texts.

export type Shortcut = { action: ShortcutAction; keys: readonly string[]; label: string };

/** In the `?` dialog's order. `keys` are pressed one after the other ('Ctrl/⌘ K' together). */
export const SHORTCUTS: readonly Shortcut[] = [
  { action: 'palette', keys: ['Ctrl/⌘ K'], label: 'Open the command palette' },
  { action: 'search', keys: ['/'], label: 'Search' },
  { action: 'newTask', keys: ['c'], label: 'New task' },
  { action: 'goDashboard', keys: ['g', 'd'], label: 'Go to the dashboard' },
  { action: 'goProducts', keys: ['g', 'p'], label: 'Go to products' },
  { action: 'goTasks', keys: ['g', 't'], label: 'Go to tasks' },
  { action: 'goNotifications', keys: ['g', 'n'], label: 'Go to notifications' },
  { action: 'help', keys: ['?'], label: 'Show keyboard shortcuts' },
];

/** The `?` sheet's 'Inbox' group (issue 30): the inbox's own table, each key an alternative. */
export const INBOX_SHEET = {
  title: 'Inbox',
  lines: INBOX_SHORTCUTS.map(({ action, label, keys }) => ({
    id: `inbox-${action}`,
    label,
    keys: keys.map(inboxKeyText),
  })),
};
