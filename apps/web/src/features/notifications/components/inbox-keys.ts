import { INBOX_SHORTCUTS, type InboxAction } from '../../../lib/inbox-shortcuts.ts';

// The inbox's key reader (issue 30); the keys and their actions are lib/inbox-shortcuts.ts's table.

/** Every key the inbox reads, and its action. */
const INBOX_KEYS: Readonly<Record<string, InboxAction>> = Object.fromEntries(
  INBOX_SHORTCUTS.flatMap(({ action, keys }) => keys.map((key) => [key, action])),
);

type KeyInfo = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'target'>;

/** Typing in a field, or on a control whose Enter and arrows are its own: not the inbox's. */
function ownsKeys(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return true;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  // Enter on a button or link is that control's; the arrows move within tabs and menus.
  return target.closest('button, a[href], [role="tab"], [role="menu"], [role="dialog"]') !== null;
}

/** The inbox action of a key press, or undefined (modifiers, fields, dialogs, other keys). */
export function inboxActionOf(event: KeyInfo, overlayOpen: boolean): InboxAction | undefined {
  if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey || overlayOpen) return undefined;
  const action = INBOX_KEYS[event.key];
  if (!action) return undefined;
  const target = event.target;
  if (ownsKeys(target)) {
    // A letter on a button or link still triages (focus may rest on the item's own buttons);
    // only fields take letters as text.
    const letter = event.key.length === 1;
    const inField =
      target instanceof Element &&
      (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !== null ||
        (target instanceof HTMLElement && target.isContentEditable));
    if (!letter || inField) return undefined;
    if (target instanceof Element && target.closest('[role="menu"], [role="dialog"]')) return undefined;
  }
  return action;
}
