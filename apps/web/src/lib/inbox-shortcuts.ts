// The inbox's keys on /notifications (issue 30): one table for the inbox's key reader
// (features/notifications) and for the `?` sheet (features/search), so the sheet lists exactly
// what is bound. A label is a getter: read when shown, in the reader's language.

import { t } from './i18n/index.ts';

export type InboxAction = 'next' | 'previous' | 'open' | 'done' | 'snooze' | 'toggleRead';

/** `keys` are alternatives: each does the action. KeyboardEvent.key values. */
export const INBOX_SHORTCUTS: ReadonlyArray<{ action: InboxAction; label: string; keys: readonly string[] }> =
  [
    {
      action: 'next',
      get label() {
        return t('Next notification');
      },
      keys: ['j', 'ArrowDown'],
    },
    {
      action: 'previous',
      get label() {
        return t('Previous notification');
      },
      keys: ['k', 'ArrowUp'],
    },
    {
      action: 'open',
      get label() {
        return t('Open');
      },
      keys: ['Enter', 'o'],
    },
    {
      action: 'done',
      get label() {
        return t('Mark done and go to the next');
      },
      keys: ['e'],
    },
    {
      action: 'snooze',
      get label() {
        return t('Snooze');
      },
      keys: ['h'],
    },
    {
      action: 'toggleRead',
      get label() {
        return t('Mark read or unread');
      },
      keys: ['u'],
    },
  ];

const keyNames: Record<string, string> = { ArrowDown: '↓', ArrowUp: '↑' };

/** How the sheet shows a key. */
export const inboxKeyText = (key: string) => keyNames[key] ?? key;
