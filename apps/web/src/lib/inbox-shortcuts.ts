// The inbox's keys on /notifications (issue 30): one table for the inbox's key reader
// (features/notifications) and for the `?` sheet (features/search), so the sheet lists exactly
// what is bound.

export type InboxAction = 'next' | 'previous' | 'open' | 'done' | 'snooze' | 'toggleRead';

/** `keys` are alternatives: each does the action. KeyboardEvent.key values. */
export const INBOX_SHORTCUTS: ReadonlyArray<{ action: InboxAction; label: string; keys: readonly string[] }> =
  [
    { action: 'next', label: 'Next notification', keys: ['j', 'ArrowDown'] },
    { action: 'previous', label: 'Previous notification', keys: ['k', 'ArrowUp'] },
    { action: 'open', label: 'Open', keys: ['Enter', 'o'] },
    { action: 'done', label: 'Mark done and go to the next', keys: ['e'] },
    { action: 'snooze', label: 'Snooze', keys: ['h'] },
    { action: 'toggleRead', label: 'Mark read or unread', keys: ['u'] },
  ];

const keyNames: Record<string, string> = { ArrowDown: '↓', ArrowUp: '↑' };

/** How the sheet shows a key. */
export const inboxKeyText = (key: string) => keyNames[key] ?? key;
