import { t } from './i18n/index.ts';

// The timer's key on a task's page (issue 31): one definition for its listener
// (features/time) and for the `?` sheet (features/search/shortcut-list.ts).

export const TIMER_SHORTCUT = {
  /** As the sheet and the palette show it. */
  text: 'Shift T',
  /** As `aria-keyshortcuts` names it. */
  aria: 'Shift+T',
  get label() {
    return t('Start or stop the timer');
  },
  /** Whether a key press is it: Shift+T, without Ctrl, ⌘ or Alt. */
  matches: (event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>) =>
    event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey && event.key.toLowerCase() === 't',
} as const;
