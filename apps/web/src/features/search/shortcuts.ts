import { isTypingTarget } from '../../lib/keyboard.ts';

// The keyboard shortcuts (issue 16): one table for the listener and for the `?` dialog.

export type ShortcutAction =
  | 'palette'
  | 'search'
  | 'newTask'
  | 'goDashboard'
  | 'goProducts'
  | 'goTasks'
  | 'goNotifications'
  | 'help';

/** How long after `g` its second key still counts. */
export const SEQUENCE_TIMEOUT_MS = 1500;

const single: Record<string, ShortcutAction> = { '/': 'search', c: 'newTask', '?': 'help' };
const afterG: Record<string, ShortcutAction> = {
  d: 'goDashboard',
  p: 'goProducts',
  t: 'goTasks',
  n: 'goNotifications',
};

type KeyInfo = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>;

/**
 * Reads key presses into actions: Ctrl/⌘+K anywhere but over another dialog, the others only
 * without Ctrl, ⌘ or Alt, outside fields and dialogs; `g` then a letter within SEQUENCE_TIMEOUT_MS.
 */
export function createShortcutReader(now: () => number = Date.now) {
  let gAt: number | undefined;
  return (event: KeyInfo, overlayOpen: boolean): ShortcutAction | undefined => {
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if ((event.ctrlKey || event.metaKey) && !event.altKey && key === 'k') {
      gAt = undefined;
      return 'palette';
    }
    if (event.ctrlKey || event.metaKey || event.altKey || overlayOpen || isTypingTarget(event.target)) {
      gAt = undefined;
      return undefined;
    }
    const pending = gAt !== undefined && now() - gAt <= SEQUENCE_TIMEOUT_MS;
    gAt = undefined;
    if (pending && afterG[key]) return afterG[key];
    if (key === 'g') {
      gAt = now();
      return undefined;
    }
    return single[key];
  };
}
